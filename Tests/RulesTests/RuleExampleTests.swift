import BuiltinData
import Foundation
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// Every rule carries two fixture projects under Tests/RuleExamples/<rule-id>/: `trigger/` must produce
/// that rule's findings exactly at the places `trigger.expected` pins, and `pass/` none. One parameterised test runs them all, so a rule
/// without both cannot land. Evaluated as on 2026-11-30, offline, with every built-in checklist.
@Suite("Rule examples")
struct RuleExampleTests {
    static let examplesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RuleExamples").path

    static func builtinChecklists() throws -> [Checklist] {
        try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
    }

    /// The built-in checklists, loaded once for the whole suite.
    private static let loadedOnce = Result { try builtinChecklists() }
    static func loaded() throws -> [Checklist] { try loadedOnce.get() }

    /// The cases come from the loader itself: a checklist that fails to load fails this suite (it is not
    /// an empty list of cases that passes).
    static func checkedRuleIDs() throws -> [String] {
        try builtinChecklists().flatMap(\.rules).filter { !$0.isManual }.map(\.id).sorted()
    }

    /// Inspects a fixture project as the command line does (the front door's session): its shipcheck.yml
    /// and every built-in symbol table.
    static func inspect(_ root: String, checklists: [Checklist]) throws -> ProjectModel {
        try Session.open(path: root, checklists: checklists).inspect()
    }

    /// The file a console rule's example holds the console snapshot in (ConsoleSnapshot's format).
    static let consoleSnapshotName = "console-snapshot.json"

    /// Runs every built-in rule on a fixture project through the front door, as on 2026-11-30, offline.
    /// An example's top-level built archives (.ipa, .aab, .apk, .xcarchive) are given as `--archive`.
    /// - Parameter reads: records the facts each check function reads (`FactReadDeclarationTests`).
    static func evaluate(_ root: String, checklists: [Checklist]? = nil, reads: FactReadRecorder? = nil) throws -> [Finding] {
        var options = Shipcheck.Options(path: root, checklists: try checklists ?? loaded(), today: "2026-11-30")
        options.factReads = reads
        let archives = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            ["ipa", "aab", "apk", "xcarchive"].contains((name as NSString).pathExtension)
        }
        options.archives = archives.sorted().map { root + "/" + $0 }
        // An example of a console rule holds what the console says as `console-snapshot.json` (--console-snapshot).
        if FileManager.default.fileExists(atPath: root + "/" + consoleSnapshotName) {
            options.console.snapshotPath = root + "/" + consoleSnapshotName
        }
        return try Shipcheck.run(options).result.findings
    }

    @Test func builtinChecklistsLoad() throws {
        let checklists = try Self.builtinChecklists()
        #expect(!checklists.isEmpty)
        #expect(Set(checklists.map(\.name)).count == checklists.count)
    }

    /// Two findings on one line are two pins; a finding's column, severity and wording are part of its pin.
    @Test func pinsAreAMultisetOfPlaceSeverityAndMessage() {
        func finding(column: Int, severity: Severity = .error, message: String = "Title too long") -> Finding {
            Finding(rule: "r", checklist: "c", severity: severity, title: "t", message: message,
                    location: SourceLocation(path: "a/title.txt", line: 1, column: column), evidence: nil, help: nil, references: [])
        }
        #expect(Self.pin(finding(column: 3)) == "a/title.txt:1:3 error Title too long")
        #expect([finding(column: 3), finding(column: 3)].map(Self.pin) != [finding(column: 3)].map(Self.pin))
        #expect(Self.pin(finding(column: 3)) != Self.pin(finding(column: 4)))
        #expect(Self.pin(finding(column: 3)) != Self.pin(finding(column: 3, severity: .warning)))
        #expect(Self.pin(finding(column: 3)) != Self.pin(finding(column: 3, message: "Subtitle too long")))
    }

    @Test(arguments: try checkedRuleIDs())
    func ruleTriggersOnItsExampleAndPassesTheOther(id: String) throws {
        let trigger = "\(Self.examplesRoot)/\(id)/trigger"
        let pass = "\(Self.examplesRoot)/\(id)/pass"
        try #require(FileManager.default.fileExists(atPath: trigger), "rule \(id) needs a triggering example at Tests/RuleExamples/\(id)/trigger/")
        try #require(FileManager.default.fileExists(atPath: pass), "rule \(id) needs a passing example at Tests/RuleExamples/\(id)/pass/")

        let checklists = try Self.loaded()
        // Every fact a check function reads on either example is one its `reads:` declares (CheckFunction.reads).
        let reads = FactReadRecorder()
        let triggered = try Self.evaluate(trigger, checklists: checklists, reads: reads)
        let hits = triggered.filter { $0.rule == id }
        #expect(!hits.isEmpty, "rule \(id) found nothing in its trigger example; it found: \(triggered.map(\.rule))")
        for finding in triggered {
            #expect(!finding.message.contains("{{"), "unfilled placeholder in \(finding.rule): \(finding.message)")
            #expect(!(finding.help ?? "").contains("{{"), "unfilled placeholder in the help of \(finding.rule)")
        }
        try Self.checkPins(id: id, hits: hits)
        let passed = try Self.evaluate(pass, checklists: checklists, reads: reads).filter { $0.rule == id }
        #expect(passed.isEmpty, "rule \(id) fired on its pass example: \(passed.map { "\($0.location): \($0.message)" })")
        let undeclared = FactReadDeclarationTests.undeclared(reads)
        #expect(undeclared.isEmpty, "on the examples of \(id), check functions read facts they do not declare: \(undeclared)")
    }

    /// The trigger example pins its findings, as SwiftLint's ↓ and Semgrep's `ruleid:` do:
    /// `Tests/RuleExamples/<id>/trigger.expected` lists one line per finding, `path:line:column severity message…`
    /// (the path relative to trigger/, line and column when the finding has them, the first
    /// `pinnedMessageLength` characters of the message), and the rule must report exactly those: a multiset,
    /// so two findings on one line count twice. A finding that moves, changes grade or wording, a second
    /// finding, or a lost one fails. `SHIPCHECK_UPDATE_PINS=1` rewrites the files and fails the test (so an
    /// update is never silent); review the diff and run again without it.
    static func checkPins(id: String, hits: [Finding]) throws {
        let path = "\(examplesRoot)/\(id)/trigger.expected"
        let found = hits.map(pin).sorted()
        if ProcessInfo.processInfo.environment["SHIPCHECK_UPDATE_PINS"] != nil {
            let header = "# Where \(id) reports in trigger/ (path:line:column severity message, one line per finding); see RuleExampleTests.checkPins.\n"
            try (header + found.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("rewrote Tests/RuleExamples/\(id)/trigger.expected; unset SHIPCHECK_UPDATE_PINS and run again")
            return
        }
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8),
                                "rule \(id) needs Tests/RuleExamples/\(id)/trigger.expected with one line per expected finding")
        let expected = text.split(separator: "\n").map { String($0) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }.sorted()
        #expect(found == expected, "rule \(id) reported \(found), its trigger.expected pins \(expected)")
    }

    /// How much of a message a pin holds: enough to tell two findings at one place apart, short enough that
    /// a reworded help sentence at the end does not churn every pin.
    static let pinnedMessageLength = 60

    /// One finding as a pin line: `path:line:column severity message-prefix`.
    static func pin(_ finding: Finding) -> String {
        let message = finding.message.replacingOccurrences(of: "\n", with: " ")
        return "\(finding.location) \(finding.severity.rawValue) \(message.prefix(pinnedMessageLength))"
            .trimmingCharacters(in: .whitespaces)
    }
}
