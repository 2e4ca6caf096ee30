import Foundation
import Testing
@testable import Rules
import Project
import ShipcheckCore

/// Rule examples for the input shapes beside a native project (a Flutter app, a React Native or Expo app, a
/// monorepo of several apps): `Tests/RuleExamples/<rule-id>/shapes/<shape>/` holds a `trigger/` project that must
/// report the rule exactly at the places `trigger.expected` pins (path:line, relative to trigger/) and a
/// `pass/` project that must not report it. The same front door and date as `RuleExampleTests`.
@Suite("Rule examples by input shape")
struct InputShapeExampleTests {
    struct Shape: CustomStringConvertible, Sendable {
        let rule: String
        let shape: String
        var folder: String { "\(RuleExampleTests.examplesRoot)/\(rule)/shapes/\(shape)" }
        var description: String { "\(rule) (\(shape))" }
    }

    static func shapes() -> [Shape] {
        let root = RuleExampleTests.examplesRoot
        let manager = FileManager.default
        let rules = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted()
        return rules.flatMap { rule in
            ((try? manager.contentsOfDirectory(atPath: "\(root)/\(rule)/shapes")) ?? []).sorted().map { Shape(rule: rule, shape: $0) }
        }
    }

    /// The shapes the cross-platform readers promise examples for are all there.
    @Test func everyPromisedShapeHasAnExample() {
        let shapes = Set(Self.shapes().map(\.shape))
        for shape in ["flutter", "react-native", "expo", "monorepo", "xcodegen", "tuist"] {
            #expect(shapes.contains(shape), "no rule example for the \(shape) input shape under Tests/RuleExamples/*/shapes/")
        }
    }

    @Test(arguments: shapes())
    func triggersWhereItsPinsSayAndPassesTheOther(shape: Shape) throws {
        let checklists = try RuleExampleTests.loaded()
        #expect(try checklists.flatMap(\.rules).contains { $0.id == shape.rule }, "no rule \(shape.rule)")
        let hits = try RuleExampleTests.evaluate("\(shape.folder)/trigger", checklists: checklists).filter { $0.rule == shape.rule }
        let found = Set(hits.map { finding in finding.location.line.map { "\(finding.location.path):\($0)" } ?? finding.location.path }).sorted()
        let text = try #require(try? String(contentsOfFile: "\(shape.folder)/trigger.expected", encoding: .utf8),
                                "\(shape) needs trigger.expected with the path:line of each expected finding")
        let expected = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.sorted()
        #expect(!expected.isEmpty)
        #expect(found == expected, "\(shape) reported at \(found), its trigger.expected pins \(expected)")
        let passed = try RuleExampleTests.evaluate("\(shape.folder)/pass", checklists: checklists).filter { $0.rule == shape.rule }
        #expect(passed.isEmpty, "\(shape) fired on its pass example: \(passed.map { "\($0.location): \($0.message)" })")
    }
}

/// A generator spec read in full asserts the absence (an error); one never fully read (Tuist's Swift, a spec that
/// cannot be read at all) gives a warning that says what was not read.
@Suite struct GeneratorSpecSeverityTests {
    static let rule = "purpose-strings.missing"
    func findings(_ shape: String) throws -> [Finding] {
        try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/\(Self.rule)/shapes/\(shape)/trigger").filter { $0.rule == Self.rule }
    }

    @Test func anXcodeGenSpecReadInFullMakesTheMissingKeyAnError() throws {
        let found = try findings("xcodegen")
        #expect(found.map(\.severity) == [.error], "\(found.map(\.message))")
        #expect(found.first?.message.contains("NSCameraUsageDescription") == true)
    }

    @Test func aTuistManifestIsNeverFullyReadSoTheMissingKeyIsAWarning() throws {
        let found = try findings("tuist")
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
        #expect(found.first?.message.contains("is Swift, which shipcheck does not run") == true, "\(found.map(\.message))")
    }

    /// The xcodegen trigger with its project.yml replaced by bytes that are not UTF-8: the spec exists but was not
    /// read, so the absence of the key is not asserted (a warning naming the spec), never the error.
    @Test func aSpecThatCannotBeReadNeverAssertsTheKeyIsAbsent() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("shipcheck-unread-spec-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: folder) }
        try manager.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        let source = "\(RuleExampleTests.examplesRoot)/\(Self.rule)/shapes/xcodegen/trigger"
        try manager.copyItem(atPath: source + "/Sources/ReceiptCamera.swift", toPath: folder + "/Sources/ReceiptCamera.swift")
        try manager.copyItem(atPath: source + "/shipcheck.yml", toPath: folder + "/shipcheck.yml")
        var bytes = Array("targets:\n  Scanly:\n    type: application\n    settings:\n      INFOPLIST_KEY_NSCameraUsageDescription: \"".utf8)
        bytes += [0xC3, 0x28, 0xFF] + Array("\"\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/project.yml"))
        let found = try RuleExampleTests.evaluate(folder).filter { $0.rule == Self.rule }
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
        #expect(found.first?.message.contains("project.yml is not UTF-8 text") == true, "\(found.map(\.message))")
    }
}

/// A monorepo's apps that share a target name are told apart by their folder in the findings.
@Suite struct MonorepoBundleNameTests {
    @Test func sameTargetNamesAreNamedByTheirApp() throws {
        let folder = "\(RuleExampleTests.examplesRoot)/privacy-manifest.missing-api-declaration/shapes/monorepo/trigger"
        let findings = try RuleExampleTests.evaluate(folder).filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.message.contains("the app photos/ios/Runner") }, "\(findings.map(\.message))")
        // The photos app's own plugin (no target claims it) is blamed on the photos app, never on the auth app beside it.
        // …and the auth app's manifest is not "another manifest of the same app": the findings stay errors.
        #expect(!findings.contains { $0.message.contains("auth/ios/Runner") }, "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    /// A shared package outside both apps' folders, which only the photos app depends on (a pub `path:`), is that
    /// app's code only: the auth app beside it is not blamed (before, every app was).
    @Test func aPathDependencysCodeCountsForTheDependingAppOnly() throws {
        let folder = "\(RuleExampleTests.examplesRoot)/privacy-manifest.missing-api-declaration/shapes/monorepo-path-dependency/trigger"
        let findings = try RuleExampleTests.evaluate(folder).filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.location.path == "packages/album_store/ios/Classes/AlbumStore.swift")
        #expect(findings.first?.message.contains("the app photos/ios/Runner") == true, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.message.contains("auth/ios/Runner") }, "\(findings.map(\.message))")
        let project = try RuleExampleTests.inspect(folder, checklists: try RuleExampleTests.loaded())
        #expect(project.facts["packages.local.apps/photos"]?.value == .list(["packages/album_store"]))
        #expect(project.facts["packages.local.apps/auth"] == nil)
    }

    /// Run in the photos app's folder, the sibling package is outside the root: never read, and the run says so
    /// (a fact, which the reports' "not checked" list shows: NotCheckedDocumentTests) instead of passing silently.
    @Test func aPathDependencyOutsideTheRunRootIsNotReadAndSaidSo() throws {
        let folder = "\(RuleExampleTests.examplesRoot)/privacy-manifest.missing-api-declaration/shapes/monorepo-path-dependency/trigger/apps/photos"
        var options = Shipcheck.Options(path: folder, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        options.archives = []
        let result = try Shipcheck.run(options).result
        #expect(!result.findings.contains { $0.rule == "privacy-manifest.missing-api-declaration" })
        let outside = try #require(result.facts.first { $0.name == "packages.outside_root" })
        #expect(outside.value == .list(["../../packages/album_store"]))
        #expect(outside.evidence.map { "\($0.location): \($0.snippet)" } == ["pubspec.yaml:8: album_store: path ../../packages/album_store leaves the folder checked; not read"])
    }
}
