import Foundation
import Formats
import YAML

/// What an application module's targetSdk is when its build sets none, per Android Gradle Plugin version: the
/// checklists' `kind: agp_sdk_defaults` table, each row the default from that AGP version on, with its source.
/// Before AGP 9 the merged manifest leaves targetSdkVersion unset and the platform takes minSdkVersion (the
/// `<uses-sdk>` element's documented default); from AGP 9.0 AGP writes compileSdk unless the build turns the
/// row's `opt_out` Gradle property to false, which brings back the row before.
public struct AndroidGradlePluginSDKDefaults: Sendable {
    /// Which of the module's values an unset targetSdk takes.
    public enum Default: String, Sendable { case minSdk = "min_sdk", compileSdk = "compile_sdk" }

    public struct Row: Sendable, Equatable {
        public let agp: DependencyVersion
        public let targetSdk: Default
        /// A gradle.properties key that, set to `false`, keeps the previous row's default.
        public let optOut: String?
        public let source: String
    }

    public let rows: [Row]

    /// The row in force for `version`, given the gradle.properties values (`property(name)`): the latest row at or
    /// before it whose opt-out property is not set to false.
    func row(for version: DependencyVersion, property: (String) -> String?) -> Row? {
        rows.filter { $0.agp <= version }.sorted { $0.agp > $1.agp }.first { row in
            guard let optOut = row.optOut, let value = property(optOut) else { return true }
            return value.trimmingCharacters(in: .whitespaces).lowercased() != "false"
        }
    }

    /// Reads `kind: agp_sdk_defaults` tables; every problem is reported to `diagnostics` (a load error).
    /// Rows are `{ agp: "9.0", target_sdk: compile_sdk, opt_out: "android.sdk.…", source: "…" }`.
    public static func read(_ value: NodeReader) -> [Row] {
        var rows: [Row] = []
        for item in value.sequence() ?? [] {
            guard let map = item.mapping(allowed: ["agp", "target_sdk", "opt_out", "source"], required: ["agp", "target_sdk", "source"]) else { continue }
            let version = map["agp"].flatMap { node -> DependencyVersion? in
                guard let text = node.string() else { return nil }
                guard let version = DependencyVersion(text) else { node.error("an Android Gradle Plugin version such as \"9.0\", got \"\(text)\""); return nil }
                if rows.contains(where: { $0.agp == version }) { node.error("AGP \(text) is already in the table") }
                return version
            }
            let target = map["target_sdk"].flatMap { node -> Default? in
                guard let text = node.string() else { return nil }
                guard let value = Default(rawValue: text) else { node.error("min_sdk or compile_sdk, got \"\(text)\""); return nil }
                return value
            }
            let source = map["source"]?.string()
            if let source, source.trimmingCharacters(in: .whitespaces).isEmpty { map["source"]?.error("a row's source says where the default is read") }
            guard let version, let target, let source else { continue }
            rows.append(Row(agp: version, targetSdk: target, optOut: map["opt_out"]?.string(), source: source))
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
