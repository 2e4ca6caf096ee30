import Testing
@testable import Reports
import Rules

/// The reporter registry: every format `--format` accepts is one registered reporter that describes itself
/// and renders the shared fixture; names are unique across formats and aliases.
struct ReporterRegistryTests {
    @Test func everyFormatNameIsOneRegisteredReporter() {
        let names = Reporters.all.map { $0.format.rawValue }
        #expect(names == ["text", "json", "markdown", "sarif", "junit", "github", "gitlab", "checkstyle", "html"])
        #expect(Set(names).count == names.count)
        for format in OutputFormat.allCases {
            #expect(Reporters.reporter(for: format).format == format)
        }
        // The static names the command line uses are registered ones.
        for format in [OutputFormat.text, .json, .markdown, .sarif, .junit, .github, .gitlab, .checkstyle, .html] {
            #expect(OutputFormat(rawValue: format.rawValue) == format)
        }
    }

    @Test func anUnregisteredNameMakesNoFormat() {
        #expect(OutputFormat(rawValue: "xml") == nil)
        #expect(OutputFormat.named("XCODE") == .text)
        #expect(OutputFormat.named("codeclimate") == .gitlab)
        #expect(OutputFormat.named("github-actions-logging") == .github)
    }

    @Test func aliasesAreUniqueAndNeverAFormatName() {
        let aliases = OutputFormat.aliases.map(\.name)
        #expect(Set(aliases).count == aliases.count)
        #expect(Set(aliases).isDisjoint(with: Reporters.all.map { $0.format.rawValue }))
        #expect(OutputFormat.allNames.count == Reporters.all.count + aliases.count)
    }

    @Test(arguments: Reporters.all.map { $0.format.rawValue })
    func eachReporterDescribesItselfAndRendersTheFixture(_ name: String) throws {
        let format = try #require(OutputFormat(rawValue: name))
        let reporter = Reporters.reporter(for: format)
        #expect(reporter.writes.count > 20)
        #expect(!reporter.writes.hasSuffix("."), "the help adds the full stop")
        let text = try ReportRenderer.render(format, Fixture.result)
        #expect(!text.isEmpty)
        // Every report names the first finding's rule somewhere (text, attribute or JSON string).
        #expect(text.contains("keywords-length"))
    }
}
