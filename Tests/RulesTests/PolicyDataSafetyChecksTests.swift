import Foundation
import Project
import Testing
@testable import Rules

@Suite("Data safety checks")
struct PolicyDataSafetyChecksTests {
    typealias S = PolicyTestSupport

    static let playFacts = [Fact(name: "store.play", value: .bool(true), source: .detected,
                                 evidence: [Evidence(location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 2), snippet: "<manifest")])]

    static let noAccounts = [
        "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS,PSL_ACM_USER_ID_PASSWORD,false,MULTIPLE_CHOICE,x",
        "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS,PSL_ACM_NONE,true,MULTIPLE_CHOICE,x",
    ]

    @Test func missingExportIsAManualItemNotAFinding() throws {
        // The form lives in Play Console: no CSV in the repository is no evidence that it is missing.
        let project = try TemporaryProject(["app/src/main/AndroidManifest.xml": "<manifest/>"])
        let model = ProjectModel(root: project.root, facts: FactStore(Self.playFacts))
        #expect(try S.findings(model).filter { $0.checklist == "data-safety" }.isEmpty)
        let item = try S.manual(model).first { $0.rule == "data-safety.form-present" }
        #expect(item?.title.contains("Play Console (Policy > App content > Data safety)") == true)
        // With the export in the repository (play.data_safety_export), its rules check it instead.
        let exported = Fact(name: "play.data_safety_export", value: .string("play/data-safety.csv"), source: .detected)
        let withExport = ProjectModel(root: project.root, facts: FactStore(Self.playFacts + [exported]))
        #expect(try !S.manual(withExport).contains { $0.rule == "data-safety.form-present" })
    }

    @Test func appStoreOnlyProjectNeedsNoExport() throws {
        let project = try TemporaryProject([:])
        let facts = FactStore([S.stated("store.appstore")])
        #expect(try S.findings(ProjectModel(root: project.root, facts: facts)).filter { $0.checklist == "data-safety" }.isEmpty)
    }

    @Test func malformedExportGivesOneFindingPerProblemWithItsLine() throws {
        let csv = dataSafetyCSV(["PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA,,true,REQUIRED,x", "PSL_NOT_A_QUESTION,,true,REQUIRED,x"])
        let project = try TemporaryProject(["data_safety.csv": csv])
        let findings = try S.findings(ProjectModel(root: project.root, facts: FactStore(Self.playFacts)), rule: "data-safety.valid-export")
        #expect(findings.map(\.location) == [SourceLocation(path: "data_safety.csv", line: 3)])
        #expect(findings.first?.message.contains("unknown question id \"PSL_NOT_A_QUESTION\"") == true)
    }

    @Test func selectedCreationMethodNeedsBothDeletionURLs() throws {
        let csv = dataSafetyCSV([
            "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS,PSL_ACM_USER_ID_PASSWORD,TRUE,MULTIPLE_CHOICE,x",
            "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS,PSL_ACM_NONE,FALSE,MULTIPLE_CHOICE,x",
            "PSL_ACCOUNT_DELETION_URL,,https://example-app.com/delete,MAYBE_REQUIRED,x",
            "PSL_DATA_DELETION_URL,,,MAYBE_REQUIRED,x",
        ])
        let project = try TemporaryProject(["play/data-safety.csv": csv])
        let model = ProjectModel(root: project.root, facts: FactStore(Self.playFacts))
        let findings = try S.findings(model, rule: "data-safety.deletion-urls")
        #expect(findings.count == 1)
        #expect(findings.first?.location == SourceLocation(path: "play/data-safety.csv", line: 5))
        #expect(findings.first?.message.contains("(PSL_ACM_USER_ID_PASSWORD) but PSL_DATA_DELETION_URL is blank") == true)
        // The same row is not reported twice by the account-deletion rule.
        #expect(try S.findings(model, rule: "account-deletion.play-web-link").isEmpty)
    }

    @Test func accountsFromCodeNeedTheAccountDeletionLink() throws {
        let csv = dataSafetyCSV(Self.noAccounts + ["PSL_ACCOUNT_DELETION_URL,,,MAYBE_REQUIRED,x"])
        let project = try TemporaryProject(["play/data-safety.csv": csv])
        let facts = FactStore(Self.playFacts + [S.detected("account.creation", at: "app/src/main/java/SignUp.kt", line: 12,
                                                          snippet: "auth.createUserWithEmailAndPassword(email, password)")])
        let findings = try S.findings(ProjectModel(root: project.root, facts: facts), rule: "account-deletion.play-web-link")
        #expect(findings.count == 1)
        #expect(findings.first?.location == SourceLocation(path: "play/data-safety.csv", line: 4))
        #expect(findings.first?.message.contains("app/src/main/java/SignUp.kt:12") == true)

        // A team that states there are no accounts is believed.
        let denied = FactStore(Self.playFacts + [S.stated("account.creation", .bool(false))])
        #expect(try S.findings(ProjectModel(root: project.root, facts: denied), rule: "account-deletion.play-web-link").isEmpty)
    }

    @Test func noDataDeclaredButPermissionsAndSDKsSuggestSome() throws {
        let csv = dataSafetyCSV(["PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA,,false,REQUIRED,x"])
        let project = try TemporaryProject(["play/data-safety.csv": csv])
        let facts = FactStore(Self.playFacts + [
            S.detected("android.permission.ACCESS_FINE_LOCATION", at: "app/src/main/AndroidManifest.xml", line: 5, snippet: "<uses-permission …>"),
            S.detected("sdk.com.google.firebase:firebase-crashlytics", at: "app/build.gradle", line: 30, snippet: "implementation …"),
            S.stated("android.permission.INTERNET"),
        ])
        let findings = try S.findings(ProjectModel(root: project.root, facts: facts), rule: "data-safety.undeclared-collection")
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.location == SourceLocation(path: "play/data-safety.csv", line: 2) && $0.severity == .warning })
        #expect(findings.contains { $0.message.contains("the permission android.permission.ACCESS_FINE_LOCATION (app/src/main/AndroidManifest.xml:5)") && $0.message.contains("PSL_PRECISE_LOCATION") })
        #expect(findings.contains { $0.message.contains("the SDK com.google.firebase:firebase-crashlytics") && $0.message.contains("PSL_CRASH_LOGS") })

        let declared = try TemporaryProject(["play/data-safety.csv": dataSafetyCSV(["PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA,,true,REQUIRED,x"])])
        #expect(try S.findings(ProjectModel(root: declared.root, facts: facts), rule: "data-safety.undeclared-collection").isEmpty)
    }

    static let privacyManifest = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>NSPrivacyTracking</key>
        <false/>
        <key>NSPrivacyCollectedDataTypes</key>
        <array>
            <dict>
                <key>NSPrivacyCollectedDataType</key>
                <string>NSPrivacyCollectedDataTypeEmailAddress</string>
                <key>NSPrivacyCollectedDataTypeLinked</key>
                <true/>
            </dict>
        </array>
    </dict>
    </plist>
    """

    @Test func iOSAndPlayDeclarationsDisagreeInBothDirections() throws {
        let csv = dataSafetyCSV([
            "PSL_DATA_TYPES_PERSONAL,PSL_NAME,true,MULTIPLE_CHOICE,x",
            "PSL_DATA_TYPES_PERSONAL,PSL_EMAIL,false,MULTIPLE_CHOICE,x",
        ])
        let project = try TemporaryProject(["play/data-safety.csv": csv, "ios/App/PrivacyInfo.xcprivacy": Self.privacyManifest])
        let facts = FactStore(Self.playFacts + [S.stated("store.appstore")])
        let model = ProjectModel(root: project.root, facts: facts,
                                 privacyManifests: [AppleRuleSupport.manifest(Self.privacyManifest, path: "ios/App/PrivacyInfo.xcprivacy")])
        let findings = try S.findings(model, rule: "data-safety.cross-store-types")
        #expect(findings.count == 2)
        let emailOnApple = try #require(findings.first { $0.location.path == "play/data-safety.csv" })
        #expect(emailOnApple.location.line == 3)
        #expect(emailOnApple.message.hasPrefix("The privacy manifest (ios/App/PrivacyInfo.xcprivacy) declares NSPrivacyCollectedDataTypeEmailAddress but the Play Data safety form declares none of PSL_EMAIL"))
        let nameOnPlay = try #require(findings.first { $0.location.path == "ios/App/PrivacyInfo.xcprivacy" })
        #expect(nameOnPlay.location.line == 7)
        #expect(nameOnPlay.message.contains("declares PSL_NAME (play/data-safety.csv:2)"))
        #expect(nameOnPlay.message.contains("NSPrivacyCollectedDataTypeName"))
    }

    @Test func matchingDeclarationsAgree() throws {
        let csv = dataSafetyCSV(["PSL_DATA_TYPES_PERSONAL,PSL_EMAIL,TRUE,MULTIPLE_CHOICE,x"])
        let project = try TemporaryProject(["play/data-safety.csv": csv, "ios/App/PrivacyInfo.xcprivacy": Self.privacyManifest])
        let facts = FactStore(Self.playFacts + [S.stated("store.appstore")])
        let model = ProjectModel(root: project.root, facts: facts,
                                 privacyManifests: [AppleRuleSupport.manifest(Self.privacyManifest, path: "ios/App/PrivacyInfo.xcprivacy")])
        #expect(try S.findings(model, rule: "data-safety.cross-store-types").isEmpty)
    }

    @Test func exportsOutsideTheProjectAreNotRead() throws {
        let outside = try TemporaryProject(["data-safety.csv": dataSafetyCSV(Self.noAccounts)])
        let project = try TemporaryProject([:])
        try FileManager.default.createSymbolicLink(atPath: "\(project.root)/data-safety.csv", withDestinationPath: "\(outside.root)/data-safety.csv")
        // A link is not discovered (so nothing is read and nothing reported)...
        #expect(try S.findings(ProjectModel(root: project.root, facts: FactStore(Self.playFacts)), rule: "data-safety.valid-export").isEmpty)
        // ...and a stated path that leads out (through `..` or a link) is refused, not read.
        for stated in ["../\(URL(fileURLWithPath: outside.root).lastPathComponent)/data-safety.csv", "data-safety.csv"] {
            let manifest = Manifest(file: "shipcheck.yml", paths: .init(dataSafety: stated))
            let findings = try S.findings(ProjectModel(root: project.root, manifest: manifest, facts: FactStore(Self.playFacts)), rule: "data-safety.valid-export")
            #expect(findings.count == 1)
            #expect(findings.first?.message.contains("the path leads outside the project") == true)
        }
    }
}
