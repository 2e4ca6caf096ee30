import Foundation
import Testing

@Suite("Command line: general")
struct GeneralCLITests {
    @Test func helpListsTheSubcommandsInTheUsualLook() throws {
        let result = try ShipcheckProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: shipcheck <subcommand>"))
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        for name in ["check", "metadata", "count", "locales", "rules", "facts", "init"] {
            #expect(result.stdout.contains("\n  \(name) "), "help does not list \(name)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func subcommandHelpHasArgumentsAndOptions() throws {
        let result = try ShipcheckProcess.run(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: shipcheck check [<path>] [<options>]"))
        #expect(result.stdout.contains("ARGUMENTS:"))
        #expect(result.stdout.contains("--fail-on <level>"))
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try ShipcheckProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test func unknownOptionSuggestsTheNearest() throws {
        let result = try ShipcheckProcess.run(["check", "--fial-on", "never"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: unknown option '--fial-on'; did you mean '--fail-on'?"))
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownCommandSuggestsTheNearest() throws {
        let result = try ShipcheckProcess.run(["metdata"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: unknown command 'metdata'; did you mean 'metadata'?"))
    }

    @Test func missingProjectIsExitTwoNamingThePath() throws {
        let result = try ShipcheckProcess.run(["check", "/no/such/project"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/no/such/project: no such folder"))
    }

    @Test func badFailOnValueIsAUsageError() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--fail-on", "fatal"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--fail-on takes error, warning, note (info) or never, not 'fatal'"))
    }

    @Test func unknownRuleInSkipIsSuggested() throws {
        let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--skip", "account-deletion.in-ap"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no rule or checklist is named 'account-deletion.in-ap'; did you mean 'account-deletion.in-app'?"))
    }
}
