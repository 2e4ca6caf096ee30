import Foundation
import Project
@testable import Reports
@testable import Rules
import Testing

/// A rule whose help is filled in per finding (the reason codes of an API category, the SDK to update)
/// shows each help above the locations it is true for, never the first finding's help over all of them.
@Suite("Grouped help is true for every finding in the group")
struct RuleGroupHelpTests {
    static func finding(_ api: String, _ line: Int, help: String?) -> Finding {
        Finding(rule: "privacy-manifest.required-reasons", checklist: "metadata", severity: .error, title: "Declare required-reason APIs",
                message: "\(api) is used without a declared reason", location: SourceLocation(path: "ios/App/\(api).swift", line: line, column: 1),
                evidence: nil, help: help, references: [Fixture.noURL])
    }

    static let defaults = "Declare NSPrivacyAccessedAPICategoryUserDefaults with reason CA92.1."
    static let timestamp = "Declare NSPrivacyAccessedAPICategoryFileTimestamp with reason C617.1."
    static let findings = [finding("UserDefaults", 3, help: defaults), finding("FileTimestamp", 7, help: timestamp),
                           finding("UserDefaultsAgain", 9, help: defaults), finding("NoHelp", 1, help: nil)]

    static var result: RunResult {
        RunResult(toolVersion: Fixture.version, root: Fixture.root, findings: findings, manual: [], rules: Fixture.rules,
                  checklists: Fixture.checklists, facts: [])
    }

    @Test func groupsSplitByHelpAndKeepTheirFindings() {
        let groups = RuleGroup.make(Self.findings)
        #expect(groups.count == 3)
        #expect(groups.map(\.help) == [Self.defaults, Self.timestamp, nil])
        #expect(groups[0].findings.map(\.location.line) == [3, 9])
        #expect(groups[1].findings.map(\.location.line) == [7])
        for group in groups { #expect(group.findings.allSatisfy { $0.help == group.help }) }
    }

    /// For each help line of a text or Markdown report, the locations listed since the previous help.
    static func locationsByHelp(_ report: String, helpPrefix: String) -> [String: Set<String>] {
        var map: [String: Set<String>] = [:]
        var pending: Set<String> = []
        for line in report.split(separator: "\n") {
            if let range = line.range(of: "ios/App/") {
                let file = line[range.lowerBound...].prefix { $0 != ":" && $0 != ")" && $0 != "]" && $0 != "`" && $0 != "#" }
                pending.insert(String(file))
            }
            if let range = line.range(of: helpPrefix) {
                map[String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces), default: []].formUnion(pending)
                pending = []
            }
            if line.hasPrefix("    see: ") { pending = [] }   // the end of a group without help
        }
        return map
    }

    @Test func theTextReportPrintsEachHelpAfterItsOwnLocationsOnly() {
        let text = TextReport.render(Self.result)
        let map = Self.locationsByHelp(text, helpPrefix: "    help: ")
        #expect(map[Self.defaults] == ["ios/App/UserDefaults.swift", "ios/App/UserDefaultsAgain.swift"], "\(text)")
        #expect(map[Self.timestamp] == ["ios/App/FileTimestamp.swift"], "\(text)")
    }

    @Test func theMarkdownReportGivesEachHelpItsOwnSection() throws {
        let markdown = try MarkdownReport.render(Self.result)
        #expect(markdown.components(separatedBy: Self.defaults).count == 2)
        #expect(markdown.components(separatedBy: Self.timestamp).count == 2)
        // Each rule section (`#### …`) lists only the locations its **Fix:** is true for.
        for section in markdown.components(separatedBy: "\n#### ").dropFirst() where section.contains("privacy-manifest.required-reasons") {
            let files = Set(Self.locationsByHelp(section, helpPrefix: "\u{0}").values.flatMap { $0 })
                .union(section.split(separator: "\n").compactMap { line in
                    line.range(of: "ios/App/").map { String(line[$0.lowerBound...].prefix { $0 != ":" }) }
                })
            if section.contains(Self.defaults) {
                #expect(files == ["ios/App/UserDefaults.swift", "ios/App/UserDefaultsAgain.swift"], "\(section)")
            } else if section.contains(Self.timestamp) {
                #expect(files == ["ios/App/FileTimestamp.swift"], "\(section)")
            } else {
                #expect(files == ["ios/App/NoHelp.swift"], "\(section)")
            }
        }
    }
}
