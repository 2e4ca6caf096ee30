import Foundation
import Testing
import YAML
@testable import Project

@Suite struct InspectorTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/project").path
    static let app = "\(fixtures)/small-app"

    static func options() throws -> InspectionOptions {
        let text = try String(contentsOfFile: "\(fixtures)/signals.yml", encoding: .utf8)
        let node = try #require(try YAMLParser.parse(text, file: "signals.yml"))
        return InspectionOptions(symbolTables: [SymbolTableSource(name: "account_signals", file: "signals.yml", value: node)])
    }

    @Test func detectsStoresAndSignalsWithoutAManifest() throws {
        let model = try ProjectInspector.inspect(root: Self.app, manifest: nil, options: Self.options())

        let appstore = try #require(model.facts["store.appstore"])
        #expect(appstore.value == .bool(true))
        #expect(appstore.source == .detected)
        #expect(appstore.evidence.map(\.location.path) == ["ios/Example.xcodeproj/project.pbxproj", "ios/Example/Info.plist"])
        let play = try #require(model.facts["store.play"])
        #expect(play.value == .bool(true))
        #expect(play.evidence.map(\.location.description) == ["android/app/build.gradle.kts:2", "android/app/src/main/AndroidManifest.xml"])
        #expect(play.evidence.first?.snippet == "id(\"com.android.application\")")

        let creation = try #require(model.facts["account.creation"])
        #expect(creation.value == .bool(true))
        #expect(creation.evidence.map(\.location.description) == [
            "android/app/src/main/java/com/example/SignUpActivity.kt:9:14",
            "ios/Example/SignUpView.swift:11:25",
        ])
        #expect(creation.evidence.last?.snippet == "Auth.auth().createUser(withEmail: email, password: password) { _, _ in }")
        // The only `user.delete` is in a comment; the vendored Pods copy of createUser is not scanned.
        #expect(model.facts["account.deletion.in_app"] == nil)
        #expect(model.symbolHits.allSatisfy { !$0.location.path.hasPrefix("ios/Pods/") })
        #expect(model.root == FileWalker.realPath(Self.app))
        #expect(model.problems.isEmpty)
    }

    @Test func statedFactsWinOverDetected() throws {
        let manifest = try ManifestReader.read(path: "\(Self.app)/shipcheck.yml", relativePath: "shipcheck.yml")
        let model = try ProjectInspector.inspect(root: Self.app, manifest: manifest, options: Self.options())

        #expect(model.facts["account.creation"]?.value == .bool(false))
        #expect(model.facts["account.creation"]?.source == .stated)
        #expect(model.facts.detected["account.creation"]?.value == .bool(true))
        #expect(model.facts["store.appstore"]?.value == .bool(true))
        #expect(model.facts["store.appstore"]?.source == .stated)
        #expect(model.facts["store.play"]?.value == .bool(false))
        #expect(model.facts["store.play"]?.source == .stated)
        #expect(model.facts["store.play"]?.evidence.first?.location == SourceLocation(path: "shipcheck.yml", line: 2, column: 9))
        #expect(model.facts.detected["store.play"]?.value == .bool(true))
        #expect(model.manifest?.appName == "Example")
    }

    @Test func nothingDetectedIsFalse() throws {
        let tree = try TemporaryTree()
        try tree.write("README.md", "# Not an app\n")
        try tree.write("node_modules/rn/android/src/main/AndroidManifest.xml", "<manifest/>\n")

        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())

        #expect(model.facts["store.appstore"]?.value == .bool(false))
        #expect(model.facts["store.play"]?.value == .bool(false))
        #expect(model.symbolHits.isEmpty)
    }

    @Test func excludeFromManifestAndProblemsReachTheModel() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Info.plist", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        try tree.write("Legacy/Old.swift", "Auth.auth().createUser(withEmail: e, password: p)\n")
        try tree.link("App/dangling.swift", to: tree.path("nowhere"))
        let manifest = Manifest(file: "shipcheck.yml", exclude: ["Legacy/**"])

        let model = try ProjectInspector.inspect(root: tree.root, manifest: manifest, options: Self.options())

        #expect(model.facts["account.creation"] == nil)
        #expect(model.problems.map(\.location.path) == ["App/dangling.swift"])
    }

    @Test func malformedTableIsAnInspectionError() throws {
        let node = try #require(try YAMLParser.parse("- fact: a\n  symbols: [\"bad symbol\"]\n", file: "rules/x.yml"))
        let options = InspectionOptions(symbolTables: [SymbolTableSource(name: "x", file: "rules/x.yml", value: node)])
        do {
            _ = try ProjectInspector.inspect(root: Self.app, manifest: nil, options: options)
            Issue.record("a malformed table must throw")
        } catch {
            #expect(error.path == "rules/x.yml")
            #expect(error.message.contains("rules/x.yml:2:13: bad symbol \"bad symbol\""))
        }
    }

    @Test func missingRootIsAnInspectionError() {
        #expect(throws: InspectionError.self) {
            try ProjectInspector.inspect(root: "\(Self.fixtures)/no-such-app", manifest: nil, options: InspectionOptions())
        }
    }

    @Test func inspectionIsDeterministic() throws {
        let first = try ProjectInspector.inspect(root: Self.app, manifest: nil, options: Self.options())
        let second = try ProjectInspector.inspect(root: Self.app, manifest: nil, options: Self.options())
        #expect(first.facts.all == second.facts.all)
        #expect(first.symbolHits == second.symbolHits)
    }
}
