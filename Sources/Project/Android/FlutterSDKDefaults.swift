import Foundation
import YAML

/// What `flutter.targetSdkVersion` (likewise `flutter.minSdkVersion`, `flutter.compileSdkVersion`) is in a Flutter
/// app's build file: a constant of the Flutter Gradle plugin's `FlutterExtension` (flutter.gradle / flutter.groovy,
/// later FlutterExtension.kt, in packages/flutter_tools/gradle) of the Flutter release that builds the app.
/// The checklists' `kind: flutter_sdk_defaults` table gives, per release, the values from that release on, each
/// row with its source; the release comes from what the repository pins (`FlutterReleasePin`).
///
/// Flutter only ever raises these defaults, so a row read for a release gives a lower bound for every later one:
/// the value is "at least", which is safe for a rule that fires from a level on (exported components at 31,
/// foreground-service types at 34) and is never used to say a target is below Play's floor. A row whose `through`
/// names the last release line a source shows with the same values resolves an exact pin in that span exactly.
public struct FlutterSDKDefaults: Sendable {
    public struct Row: Sendable, Equatable {
        public let flutter: FlutterRelease
        public let compileSdk: Int
        public let minSdk: Int
        public let targetSdk: Int
        public let source: String
        /// The last release line (major.minor) a source shows with exactly these values: a pin from `flutter` up to
        /// this line resolves to them exactly; a later one only to "at least" (the next change may not be sourced).
        public var through: FlutterRelease?

        /// Whether `release` certainly has exactly this row's values.
        public func isExact(for release: FlutterRelease) -> Bool {
            guard let through, flutter <= release else { return false }
            return !(through.parts.prefix(2).lexicographicallyPrecedes(release.parts.prefix(2)))
        }
    }

    public let rows: [Row]

    /// The setting a build file's expression names, when it is the Flutter plugin's default.
    public enum Setting: String, Sendable { case targetSdk = "targetSdkVersion", minSdk = "minSdkVersion", compileSdk = "compileSdkVersion" }

    /// `flutter.targetSdkVersion` (with `.toInt()` or not) → `.targetSdk`.
    static func setting(named expression: String) -> Setting? {
        var compact = expression.filter { !$0.isWhitespace }
        for suffix in [".toInteger()", ".toInt()"] where compact.hasSuffix(suffix) { compact = String(compact.dropLast(suffix.count)) }
        guard compact.hasPrefix("flutter.") else { return nil }
        return Setting(rawValue: String(compact.dropFirst("flutter.".count)))
    }

    /// The row in force for `release`: the latest row at or before it (nil before the first row).
    public func row(for release: FlutterRelease) -> Row? {
        rows.filter { $0.flutter <= release }.max { $0.flutter < $1.flutter }
    }

    /// Reads `kind: flutter_sdk_defaults` tables; every problem (a missing key, a level that is no number, a
    /// release that is no version, a release twice) is reported to `diagnostics`, so the loader makes it a
    /// checklist error. Rows are `{ flutter: "3.35", compile_sdk: 36, min_sdk: 24, target_sdk: 36, source: "…" }`.
    public static func read(_ value: NodeReader) -> [Row] {
        var rows: [Row] = []
        for item in value.sequence() ?? [] {
            guard let map = item.mapping(allowed: ["flutter", "compile_sdk", "min_sdk", "target_sdk", "source", "through"],
                                         required: ["flutter", "compile_sdk", "min_sdk", "target_sdk", "source"]) else { continue }
            let release = map["flutter"].flatMap { node -> FlutterRelease? in
                guard let text = node.string() else { return nil }
                guard let release = FlutterRelease(text) else { node.error("a Flutter release such as \"3.35\", got \"\(text)\""); return nil }
                if rows.contains(where: { $0.flutter == release }) { node.error("release \(text) is already in the table") }
                return release
            }
            func level(_ key: String) -> Int? {
                guard let node = map[key], let text = node.string() else { return nil }
                guard let number = Int(text), (1...99).contains(number) else { node.error("an Android API level, got \"\(text)\""); return nil }
                return number
            }
            let compile = level("compile_sdk"), min = level("min_sdk"), target = level("target_sdk")
            let source = map["source"]?.string()
            if let source, source.trimmingCharacters(in: .whitespaces).isEmpty { map["source"]?.error("a row's source says where the values are read") }
            let through = map["through"].flatMap { node -> FlutterRelease? in
                guard let text = node.string() else { return nil }
                guard let through = FlutterRelease(text) else { node.error("a Flutter release such as \"3.3\", got \"\(text)\""); return nil }
                if let release, through < release { node.error("through \(text) is before the row's release \(release)") }
                return through
            }
            guard let release, let compile, let min, let target, let source else { continue }
            rows.append(Row(flutter: release, compileSdk: compile, minSdk: min, targetSdk: target, source: source, through: through))
        }
        return rows
    }

    /// The rows of every table, problems ignored (the loader already refused a table with any).
    public init(tables: [SymbolTableSource]) {
        rows = tables.flatMap { table in
            Self.read(NodeReader(node: table.value, path: "tables.\(table.name).value", diagnostics: Diagnostics(file: table.file)))
        }
    }

    public init(rows: [Row]) { self.rows = rows }
}

/// A Flutter release, `3.35` or `3.41.9` (a pre-release such as `3.47.0-0.4.pre` counts as its base: it is built
/// from the branch of that release, so its defaults are at least the previous release's, and a lower bound errs low).
public struct FlutterRelease: Sendable, Comparable, Hashable, CustomStringConvertible {
    public let parts: [Int]

    public init?(_ text: String) {
        var written = Substring(text.trimmingCharacters(in: .whitespaces))
        if written.hasPrefix("v") { written = written.dropFirst() }
        if let dash = written.firstIndex(of: "-") { written = written[..<dash] }
        if let plus = written.firstIndex(of: "+") { written = written[..<plus] }
        let numbers = written.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(numbers.count), numbers.allSatisfy({ $0 != nil && $0! >= 0 && $0! < 10_000 }) else { return nil }
        parts = numbers.map { $0! } + Array(repeating: 0, count: 3 - numbers.count)
    }

    public static func < (lhs: FlutterRelease, rhs: FlutterRelease) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

    public var description: String { parts.map(String.init).joined(separator: ".") }
}
