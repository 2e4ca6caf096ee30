import Foundation
import Project
import Rules
import Testing

@Suite("Suppressions: shipcheck:disable comments and ignore: entries")
struct SuppressionTests {
    static func finding(_ rule: String, _ path: String, line: Int? = nil, checklist: String? = nil) -> Finding {
        Finding(rule: rule, checklist: checklist ?? String(rule.prefix { $0 != "." }), severity: .error, title: "t", message: "m",
                location: SourceLocation(path: path, line: line), evidence: nil, help: nil, references: [])
    }

    static func directives(_ text: String, path: String = "App/View.swift") -> [SuppressionDirective] {
        SuppressionDirectives.parse(Data(text.utf8), path: path)
    }

    // MARK: reading the directives

    @Test func readsNextThisAndFileDirectivesInEachCommentSyntax() {
        let found = Self.directives("""
        import Foundation
        // shipcheck:disable:next purpose-strings.missing
        AVCaptureDevice.requestAccess(for: .video) { _ in }
        let d = UserDefaults.standard // shipcheck:disable:this privacy-manifest.missing-api-declaration, account-deletion
        # shipcheck:disable metadata.play-image-sizes - kept for the old store listing
            <!-- shipcheck:disable:next privacy-manifest.invalid -->
        /* shipcheck:disable:this demo-account */
        """)
        #expect(found.map(\.rules) == [["purpose-strings.missing"], ["privacy-manifest.missing-api-declaration", "account-deletion"],
                                       ["metadata.play-image-sizes"], ["privacy-manifest.invalid"], ["demo-account"]])
        #expect(found.map(\.scope) == [.line(3), .line(4), .file, .line(7), .line(7)])
        #expect(found[0].location == SourceLocation(path: "App/View.swift", line: 2, column: 4))
        #expect(found[3].location.column == 10)
    }

    /// `shipcheck:enable` closes a region, as SwiftLint's does (#27: it was ignored, and the region silenced the whole file).
    @Test func anEnableClosesTheRegionOfItsRuleOnly() {
        let found = Self.directives("""
        import Foundation
        // shipcheck:disable privacy-manifest.missing-api-declaration, purpose-strings.missing
        let a = UserDefaults.standard
        // shipcheck:enable privacy-manifest.missing-api-declaration
        let b = UserDefaults.standard
        // shipcheck:enable account-deletion
        """)
        #expect(found.map(\.rules) == [["privacy-manifest.missing-api-declaration"], ["purpose-strings.missing"]])
        #expect(found.map(\.scope) == [.lines(2...4), .file])
        let suppressions = Suppressions(directives: ["App/View.swift": found], ignores: [])
        #expect(suppressions.isSuppressed(Self.finding("privacy-manifest.missing-api-declaration", "App/View.swift", line: 3)))
        #expect(!suppressions.isSuppressed(Self.finding("privacy-manifest.missing-api-declaration", "App/View.swift", line: 5)))
        #expect(suppressions.isSuppressed(Self.finding("purpose-strings.missing", "App/View.swift", line: 5)))
    }

    @Test func ignoresTheKeywordOutsideACommentWithoutRulesOrRunTogether() {
        let found = Self.directives("""
        let text = "shipcheck:disable:next purpose-strings.missing"
        // shipcheck:disable:next
        // shipcheck:disable:nextline purpose-strings.missing
        // see shipcheck:disable:this purpose-strings.missing
        // shipcheck:disable:next Purpose-Strings
        """)
        #expect(found.isEmpty)
    }

    @Test func binaryFilesHaveNoDirectives() {
        var bytes = Array("// shipcheck:disable purpose-strings\n".utf8)
        bytes.append(0)
        #expect(SuppressionDirectives.parse(Data(bytes), path: "a.bin").isEmpty)
        #expect(SuppressionDirectives.parse(Data(bytes.dropLast()), path: "a.txt").count == 1)
    }

    @Test func readsOnlyTheNamedFilesInsideTheRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-suppress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data("// shipcheck:disable purpose-strings\n".utf8).write(to: root.appendingPathComponent("App/A.swift"))
        try Data("// shipcheck:disable metadata\n".utf8).write(to: root.appendingPathComponent("App/B.swift"))
        let read = SuppressionDirectives.read(root: root.path, paths: ["App/A.swift", "App", "missing.swift", "../etc/passwd", ""])
        #expect(Array(read.keys) == ["App/A.swift"])
    }

    // MARK: applying them

    @Test func nextThisAndFileDirectivesSilenceOnlyTheirLinesAndRules() {
        let directives = ["App/View.swift": Self.directives("""
        // shipcheck:disable:next purpose-strings.missing
        camera()
        defaults() // shipcheck:disable:this privacy-manifest
        """), "App/Other.swift": Self.directives("# shipcheck:disable purpose-strings.missing")]
        let findings = [
            Self.finding("purpose-strings.missing", "App/View.swift", line: 2),       // next: silenced
            Self.finding("purpose-strings.missing", "App/View.swift", line: 3),       // wrong line: kept
            Self.finding("purpose-strings.vague", "App/View.swift", line: 2),         // other rule: kept
            Self.finding("privacy-manifest.missing-api-declaration", "App/View.swift", line: 3), // checklist name: silenced
            Self.finding("purpose-strings.missing", "App/Other.swift", line: 40),     // whole file: silenced
            Self.finding("purpose-strings.missing", "App/Other.swift"),               // no line, whole file: silenced
            Self.finding("purpose-strings.missing", "App/Third.swift", line: 2),      // no directive: kept
        ]
        let known: Set = ["purpose-strings", "purpose-strings.missing", "purpose-strings.vague", "privacy-manifest",
                          "privacy-manifest.missing-api-declaration"]
        let outcome = Suppressions(directives: directives, ignores: []).apply(to: findings, knownRules: known)
        #expect(outcome.suppressed == [findings[0], findings[3], findings[4], findings[5]])
        #expect(outcome.kept == [findings[1], findings[2], findings[6]])
        #expect(outcome.warnings.isEmpty)
    }

    @Test func ignoreEntriesSilenceTheirRuleUnderTheirPaths() {
        let here = SourceLocation(path: "shipcheck.yml", line: 3, column: 5)
        let ignores = [
            IgnoreEntry(rules: ["metadata.play-image-sizes"], paths: [Glob("fastlane/metadata/android/*/images/legacy/**")], reason: "old", location: here),
            IgnoreEntry(rules: ["demo-account"], paths: [], reason: "no login", location: here),
        ]
        let findings = [
            Self.finding("metadata.play-image-sizes", "fastlane/metadata/android/en-US/images/legacy/a.png"),
            Self.finding("metadata.play-image-sizes", "fastlane/metadata/android/en-US/images/phoneScreenshots/a.png"),
            Self.finding("demo-account.appstore-credentials", "fastlane/metadata/review_information"),
        ]
        let outcome = Suppressions(directives: [:], ignores: ignores)
            .apply(to: findings, knownRules: ["metadata.play-image-sizes", "demo-account"])
        #expect(outcome.suppressed == [findings[0], findings[2]])
        #expect(outcome.kept == [findings[1]])
    }

    @Test func aSuppressionNamingNoRuleIsAWarningWithASuggestion() {
        let directives = ["App/View.swift": Self.directives("// shipcheck:disable:next purpose-strings.mising\ncamera()")]
        let ignore = IgnoreEntry(rules: ["metadata.nope"], paths: [], reason: "r", location: SourceLocation(path: "shipcheck.yml", line: 7, column: 5))
        let outcome = Suppressions(directives: directives, ignores: [ignore])
            .apply(to: [Self.finding("purpose-strings.missing", "App/View.swift", line: 2)], knownRules: ["purpose-strings.missing"])
        #expect(outcome.kept.count == 1, "a misspelt id silences nothing")
        #expect(outcome.warnings.map(\.rule) == [Suppressions.unknownRule, Suppressions.unknownRule])
        #expect(outcome.warnings.map(\.severity) == [.warning, .warning])
        #expect(outcome.warnings[0].location == SourceLocation(path: "App/View.swift", line: 1, column: 4))
        #expect(outcome.warnings[0].message.contains("did you mean 'purpose-strings.missing'?"))
        #expect(outcome.warnings[1].location.path == "shipcheck.yml")
    }
}
