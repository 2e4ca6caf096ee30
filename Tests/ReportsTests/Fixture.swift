import Foundation
import Project
@testable import Rules
import YAML

/// The fixed run every report test renders: two checklists, four findings (one without a line),
/// manual items, facts, and a message full of characters each format must escape.
enum Fixture {
    static let version = "9.8.7-test"
    static let root = "/work/example-app"

    static let appleDeletion = Reference(title: "App Store Review Guideline 5.1.1(v)",
                                         url: "https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage")
    static let keywordsRef = Reference(title: "App Store Connect: keywords",
                                       url: "https://developer.apple.com/help/app-store-connect/reference/platform-version-information")
    static let noURL = Reference(title: "store-facts.md §2")

    static let trickyMessage = "Keywords are 112 characters (12 over 100%): free, best | <b>top</b> & more\nsecond line"

    static let findings: [Finding] = [
        Finding(rule: "metadata.keywords-length", checklist: "metadata", severity: .error, title: "Keywords fit in 100 characters",
                message: trickyMessage, location: SourceLocation(path: "fastlane/metadata/en-US/keywords.txt", line: 1, column: 1),
                evidence: "free, best | <b>top</b> & more", help: "Shorten the keywords to 100 UTF-16 units.", references: [keywordsRef]),
        Finding(rule: "account-deletion.in-app", checklist: "account-deletion", severity: .error, title: "Offer account deletion inside the app",
                message: "Accounts can be created (Auth.auth().createUser) but no in-app deletion was found",
                location: SourceLocation(path: "ios/App/SignUpView.swift", line: 42, column: 9),
                evidence: "Auth.auth().createUser", help: "Add a delete-account action that removes the account and its data.",
                references: [appleDeletion]),
        Finding(rule: "metadata.copyright-year", checklist: "metadata", severity: .warning, title: "Copyright names the current year",
                message: "Copyright \"2024 Acme, Inc.\" does not name 2026",
                location: SourceLocation(path: "fastlane/metadata/copyright.txt"),
                evidence: nil, help: nil, references: [noURL]),
        Finding(rule: "metadata.other-platforms", checklist: "metadata", severity: .info, title: "No other platforms in the description",
                message: "The description mentions \"Android\"", location: SourceLocation(path: "fastlane/metadata/en-US/description.txt", line: 3, column: 15),
                evidence: "Android", help: "Remove references to other platforms (Guideline 2.3.10).", references: []),
    ]

    static let manual: [ManualItem] = [
        ManualItem(rule: "account-deletion.confirm-real-deletion", checklist: "account-deletion",
                   title: "Deletion removes the account and its data", help: nil, references: [appleDeletion]),
        ManualItem(rule: "metadata.screenshots-current", checklist: "metadata",
                   title: "Screenshots show the current app", help: "Retake them after UI changes.", references: []),
    ]

    static let facts: [Fact] = [
        Fact(name: "android.target_sdk", value: .number(34), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: "android/app/build.gradle", line: 12), snippet: "targetSdk 34")]),
        Fact(name: "account.creation", value: .bool(true), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: "ios/App/SignUpView.swift", line: 42), snippet: "Auth.auth().createUser")]),
        Fact(name: "account.deletion.in_app", value: .bool(false), source: .stated),
    ]

    static func rule(_ id: String, _ checklist: String, _ title: String, _ severity: Severity,
                     help: String? = nil, references: [Reference] = [], manual: Bool = false) -> Rule {
        Rule(id: id, checklist: checklist, title: title, severity: severity, stores: [.appstore, .play], when: nil,
             kind: manual ? .manual : .check(name: "length", given: [], options: CheckOptions()),
             message: nil, help: help, references: references, effective: nil,
             file: "\(checklist).yml", mark: Mark(line: 1, column: 1))
    }

    static let rules: [Rule] = [
        rule("account-deletion.in-app", "account-deletion", "Offer account deletion inside the app", .error,
             help: "Add a delete-account action that removes the account and its data.", references: [appleDeletion]),
        rule("metadata.keywords-length", "metadata", "Keywords fit in 100 characters", .error,
             help: "Shorten the keywords to 100 UTF-16 units.", references: [keywordsRef]),
        rule("metadata.subtitle-length", "metadata", "Subtitle fits in 30 characters", .error, references: [keywordsRef]),
        rule("metadata.copyright-year", "metadata", "Copyright names the current year", .warning, references: [noURL]),
        rule("metadata.other-platforms", "metadata", "No other platforms in the description", .info,
             help: "Remove references to other platforms (Guideline 2.3.10)."),
    ]

    static let checklists: [Checklist] = [
        Checklist(name: "account-deletion", title: "Account deletion", summary: nil, references: [appleDeletion],
                  rules: rules.filter { $0.checklist == "account-deletion" }, tables: [:], file: "account-deletion.yml"),
        Checklist(name: "metadata", title: "Store metadata", summary: nil, references: [],
                  rules: rules.filter { $0.checklist == "metadata" }, tables: [:], file: "metadata.yml"),
    ]

    static var result: RunResult {
        RunResult(toolVersion: version, root: root, findings: findings, manual: manual, rules: rules,
                  checklists: checklists, facts: facts, hiddenByBaseline: 1, fixedBaselineEntries: 0)
    }

    static var clean: RunResult {
        RunResult(toolVersion: version, root: root, findings: [], manual: [], rules: rules,
                  checklists: checklists, facts: [])
    }
}
