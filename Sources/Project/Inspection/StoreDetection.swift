import StoreLocale
import Support
import Formats

extension Store {
    /// The fact that says the project ships to this store: `store.appstore`, `store.play`.
    public var factName: String { "store.\(rawValue)" }
}

/// Detects which stores a project ships to, so that rules for the other store stay quiet: each inspector
/// gives its evidence (App Store: an Xcode project, an Info.plist, an App Store metadata tree; Google Play: an
/// AndroidManifest.xml, a Gradle application module, a Play metadata tree; F-Droid: an F-Droid tree).
/// Vendored files never count (a `node_modules` package has its own AndroidManifest.xml).
enum StoreDetection {
    static let evidenceLimit = 3

    static func facts(_ input: StoreEvidenceInput, inspectors: [any Inspector]) -> [Fact] {
        // Each inspector's evidence over the cores (the Android one reads every Gradle build file), joined in
        // registration order.
        let evidence = ConcurrentMap.map(count: inspectors.count) { inspectors[$0].storeEvidence(input) }.flatMap { $0 }
        return [Store.appstore, .play, .fdroid].map { store in fact(store, evidence.filter { $0.store == store }.map(\.evidence)) }
    }

    private static func fact(_ store: Store, _ evidence: [Evidence]) -> Fact {
        Fact(name: store.factName, value: .bool(!evidence.isEmpty), source: .detected,
             evidence: Array(evidence.sorted().prefix(evidenceLimit)))
    }

    /// The line applying `com.android.application` (or the catalog alias `android.application`), else the
    /// first line setting `applicationId` (a catalog alias such as `libs.plugins.android` hides the plugin id).
    /// A build script the Gradle files inspector read is not read again (`shared`).
    static func applicationPluginLine(_ file: ProjectFile, maxFileBytes: Int, shared: GradleFilesPart = GradleFilesPart()) -> (number: Int, text: String)? {
        if let read = shared.text(of: file, limit: maxFileBytes) { return applicationPluginLine(lines: read.lines) }
        guard let bytes = try? FileBytes.read(file, limit: maxFileBytes) else { return nil }
        return applicationPluginLine(lines: String(decoding: bytes, as: UTF8.self).lineSlices())
    }

    static func applicationPluginLine(lines: [Substring]) -> (number: Int, text: String)? {
        var applicationId: (number: Int, text: String)?
        for (offset, line) in lines.enumerated() {
            let code = line.trimmingLeadingWhitespace()
            if code.hasPrefix("//") { continue }
            if code.contains("com.android.application") || code.contains("plugins.android.application") {
                return (offset + 1, String(code.prefix(200)).trimmingSuffix())
            }
            if applicationId == nil, code.hasPrefix("applicationId ") || code.hasPrefix("applicationId=") || code.hasPrefix("applicationId(") {
                applicationId = (offset + 1, String(code.prefix(200)).trimmingSuffix())
            }
        }
        return applicationId
    }
}

extension Substring {
    /// The text without its leading whitespace (`Character.isWhitespace`). On the bytes while they are ASCII
    /// whitespace and the first other byte is ASCII (each byte is then its own character, and "\r\n" is whitespace
    /// either way): every line of every build script is asked, and a character at a time was a visible cost.
    func trimmingLeadingWhitespace() -> Substring {
        let bytes = utf8
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes[index] == 0x20 || (bytes[index] >= 0x09 && bytes[index] <= 0x0D) { index = bytes.index(after: index) }
        if index == bytes.endIndex || bytes[index] < 0x80 { return self[index...] }
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return text
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
