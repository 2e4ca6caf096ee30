import Rules

/// JUnit XML for test dashboards: a testsuite per checklist and a testcase per evaluated rule, so
/// passing rules show as passing tests; a rule with findings fails once, listing every location.
/// Manual items are skipped testcases: they cannot pass until a person confirms them. Only findings at or
/// above `--fail-on` fail a testcase (notes are not failures by default); the others are its output.
public enum JUnitReport {
    /// - Parameter failOn: the lowest severity that fails a testcase; nil (`--fail-on never`) fails none.
    public static func render(_ result: RunResult, failOn: Severity? = .error) -> String {
        let suites = self.suites(result, failOn: failOn)
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"shipcheck\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">",
        ]
        let notChecked = NotCheckedInput.inputs(result)
        for (number, suite) in suites.enumerated() {
            lines.append("  <testsuite name=\"\(XMLEscape.attribute(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"0\" skipped=\"\(suite.skipped)\">")
            // The inputs not read, once, as properties of the first suite (JUnit has no properties on testsuites).
            if number == 0, !notChecked.isEmpty {
                lines.append("    <properties>")
                for input in notChecked {
                    lines.append("      <property name=\"shipcheck.not_checked.\(XMLEscape.attribute(input.input))\" value=\"\(XMLEscape.attribute(input.message))\"/>")
                }
                lines.append("    </properties>")
            }
            for testCase in suite.cases {
                let open = "    <testcase classname=\"\(XMLEscape.attribute(suite.name))\" name=\"\(XMLEscape.attribute(testCase.id))\""
                switch testCase.outcome {
                case .passed(let findings) where findings.isEmpty:
                    lines.append(open + "/>")
                case .passed(let findings):
                    lines.append(open + ">")
                    lines.append("      <system-out>\(XMLEscape.text(body(findings)))</system-out>")
                    lines.append("    </testcase>")
                case .skipped(let title):
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"\(XMLEscape.attribute("Confirm by hand: " + title))\"/>")
                    lines.append("    </testcase>")
                case .failed(let findings):
                    let worst = findings.map(\.severity).max() ?? .error
                    let message = findings.count == 1
                        ? findings[0].message
                        : "\(findings.count) findings; first: \(findings[0].message)"
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(XMLEscape.attribute(message))\" type=\"\(TextReport.severityLabel(worst))\">\(XMLEscape.text(body(findings)))</failure>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func body(_ findings: [Finding]) -> String {
        findings.map { "\($0.location): \(TextReport.severityLabel($0.severity)): \($0.message)" }.joined(separator: "\n")
    }

    struct Suite {
        let name: String
        let cases: [Case]
        var failures: Int { cases.filter { if case .failed = $0.outcome { return true } else { return false } }.count }
        var skipped: Int { cases.filter { if case .skipped = $0.outcome { return true } else { return false } }.count }
    }

    struct Case {
        enum Outcome {
            /// With the findings below the fail-on level, if any.
            case passed([Finding])
            case failed([Finding])
            case skipped(String)
        }

        let id: String
        let outcome: Outcome
    }

    /// Checklists by name; in each, evaluated rules and rules that produced findings, by id, then manual items.
    static func suites(_ result: RunResult, failOn: Severity? = .error) -> [Suite] {
        let findingsByRule = Dictionary(grouping: result.findings, by: \.rule)
        var ruleIDs: [String: Set<String>] = [:]
        for rule in result.rules where !rule.isManual { ruleIDs[rule.checklist, default: []].insert(rule.id) }
        for finding in result.findings { ruleIDs[finding.checklist, default: []].insert(finding.rule) }
        var manualByChecklist = Dictionary(grouping: result.manual, by: \.checklist)
        for name in manualByChecklist.keys where ruleIDs[name] == nil { ruleIDs[name] = [] }
        return ruleIDs.keys.sorted().map { name in
            var cases = (ruleIDs[name] ?? []).sorted().map { id -> Case in
                let findings = findingsByRule[id] ?? []
                let fails = failOn.map { threshold in findings.contains { $0.severity >= threshold } } ?? false
                return Case(id: id, outcome: fails ? .failed(findings) : .passed(findings))
            }
            let manual = (manualByChecklist.removeValue(forKey: name) ?? []).sorted { $0.rule < $1.rule }
            cases += manual.map { Case(id: $0.rule, outcome: .skipped($0.title)) }
            return Suite(name: name, cases: cases)
        }
    }
}

extension JUnitReport: Reporter {
    public static let format = OutputFormat.junit
    public static let writes = "JUnit XML, one test case per rule, for test dashboards (Bitrise, GitLab, Jenkins)"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, failOn: options.failOn)
    }
}
