import Foundation
import Project
import Testing
import YAML
@testable import Rules

@Suite struct ApplePrivacyManifestTests {
    typealias S = AppleRuleSupport
    let rule = "privacy-manifest.missing-api-declaration"

    @Test func usedCategoryWithoutAnyAppManifestIsAnErrorAtTheFirstUse() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([
            S.used("api.UserDefaults", at: "App/Settings.swift", line: 7, "UserDefaults"),
            S.used("api.UserDefaults", at: "App/AppDelegate.swift", line: 3, "UserDefaults"),
        ]))
        let findings = try S.findings(project, rule: rule)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .error)
        #expect(finding.location == SourceLocation(path: "App/AppDelegate.swift", line: 3))
        #expect(finding.message.contains("ITMS-91053"))
        #expect(finding.message.contains("has no PrivacyInfo.xcprivacy"))
        #expect(finding.help?.contains("CA92.1, 1C8F.1, C56D.1, AC6B.1") == true)
    }

    @Test func declaredInTheAppManifestPasses() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([S.used("api.UserDefaults", at: "App/A.swift", line: 1, "UserDefaults")]),
                                   privacyManifests: [S.manifestDeclaring([("UserDefaults", ["CA92.1"])])])
        #expect(try S.findings(project, rule: rule).isEmpty)
    }

    @Test func anSDKManifestDoesNotCoverTheAppsOwnUse() throws {
        let sdk = S.manifestDeclaring([("UserDefaults", ["CA92.1"])], path: "Pods/Alamofire/PrivacyInfo.xcprivacy", appOwned: false, sdk: "Alamofire")
        let project = ProjectModel(root: "/p", facts: FactStore([S.used("api.UserDefaults", at: "App/A.swift", line: 1, "UserDefaults")]),
                                   privacyManifests: [sdk])
        #expect(try S.findings(project, rule: rule).map(\.location.path) == ["App/A.swift"])
    }

    @Test func onlyTheUndeclaredCategoryIsReported() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([
            S.used("api.UserDefaults", at: "App/A.swift", line: 1, "UserDefaults"),
            S.used("api.DiskSpace", at: "App/Storage.swift", line: 12, "volumeAvailableCapacityKey"),
        ]), privacyManifests: [S.manifestDeclaring([("UserDefaults", ["CA92.1"])])])
        let findings = try S.findings(project, rule: rule)
        #expect(findings.map(\.location) == [SourceLocation(path: "App/Storage.swift", line: 12)])
        #expect(findings.first?.message.contains("NSPrivacyAccessedAPICategoryDiskSpace") == true)
        #expect(findings.first?.message.contains("App/PrivacyInfo.xcprivacy") == true)
    }

    @Test func symbolHitsLocateAFactWithoutEvidence() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([Fact(name: "api.SystemBootTime", value: .bool(true), source: .detected)]),
                                   symbolHits: [SymbolHit(signal: "api.SystemBootTime", symbol: "systemUptime",
                                                          location: SourceLocation(path: "App/Clock.swift", line: 4, column: 20))])
        #expect(try S.findings(project, rule: rule).map(\.location) == [SourceLocation(path: "App/Clock.swift", line: 4, column: 20)])
    }

    @Test func noUseNoFinding() throws {
        #expect(try S.findings(ProjectModel(root: "/p"), rule: rule).isEmpty)
    }
}

@Suite struct ApplePrivacyManifestValidityTests {
    typealias S = AppleRuleSupport
    /// ITMS-91056 problems; the other kinds have rules of their own (`privacy_manifest.valid`'s `problems:`).
    let rule = "privacy-manifest.invalid"
    static let rules = ["privacy-manifest.invalid", "privacy-manifest.invalid-reason", "privacy-manifest.sdk-only-reason",
                        "privacy-manifest.tracking-domain"]

    /// What `rule` (else every rule of the four) reports.
    func problems(_ body: String, rule: String? = nil) throws -> [String] {
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        return try (rule.map { [$0] } ?? Self.rules).flatMap { try S.findings(project, rule: $0) }.map { $0.evidence ?? "" }
    }

    @Test func validManifestWithDataTypesPasses() throws {
        let body = """
        <key>NSPrivacyTracking</key><true/>
        <key>NSPrivacyTrackingDomains</key><array><string>ads.example.com</string></array>
        <key>NSPrivacyCollectedDataTypes</key>
        <array><dict>
          <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypePhotosorVideos</string>
          <key>NSPrivacyCollectedDataTypeLinked</key><false/>
          <key>NSPrivacyCollectedDataTypeTracking</key><false/>
          <key>NSPrivacyCollectedDataTypePurposes</key><array><string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string></array>
        </dict></array>
        """
        #expect(try problems(body).isEmpty)
    }

    @Test func reasonFromAnotherCategoryAndUnknownCodeAndEmptyReasons() throws {
        let body = """
        <key>NSPrivacyAccessedAPITypes</key>
        <array>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>35F9.1</string><string>ZZZZ.9</string></array></dict>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryDiskSpace</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array></array></dict>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryLocation</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string></array></dict>
        </array>
        """
        #expect(try problems(body, rule: "privacy-manifest.invalid-reason") == [
            "reason 35F9.1 belongs to NSPrivacyAccessedAPICategorySystemBootTime, not NSPrivacyAccessedAPICategoryUserDefaults (approved: CA92.1, 1C8F.1, C56D.1, AC6B.1)",
            "unknown reason code ZZZZ.9 for NSPrivacyAccessedAPICategoryUserDefaults (approved: CA92.1, 1C8F.1, C56D.1, AC6B.1)",
            "NSPrivacyAccessedAPICategoryDiskSpace lists no NSPrivacyAccessedAPITypeReasons; give at least one of 85F4.1, E174.1, 7D9E.1, B728.1",
        ])
        // An unknown category is a malformed manifest (ITMS-91056), not a reason declaration.
        #expect(try problems(body, rule: rule) == [
            "unknown required-reason API category NSPrivacyAccessedAPICategoryLocation (did you mean NSPrivacyAccessedAPICategoryDiskSpace?)",
        ])
        #expect(try problems(body).count == 4)
    }

    @Test func problemsPointAtTheirLines() throws {
        let body = """
        <key>NSPrivacyAccessedAPITypes</key>
        <array>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array>
        <string>ZZZZ.9</string>
        </array></dict>
        </array>
        """
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        let finding = try #require(try S.findings(project, rule: "privacy-manifest.invalid-reason").first)
        #expect(finding.location == SourceLocation(path: "App/PrivacyInfo.xcprivacy", line: 9))
        #expect(finding.message.contains("ITMS-91055 (Invalid API reason declaration)"))
        #expect(!finding.message.contains("ITMS-91056"))
    }

    @Test func aStructuralProblemIsAnInvalidManifest() throws {
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist("<key>NSPrivacyTracking</key><string>YES</string>"))])
        let finding = try #require(try S.findings(project, rule: rule).first)
        #expect(finding.message.contains("ITMS-91056 (Invalid privacy manifest)"))
        #expect(finding.severity == .error)
    }

    @Test func sdkOnlyReasonsWarnInTheAppManifestOnly() throws {
        let body = """
        <key>NSPrivacyAccessedAPITypes</key>
        <array>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C56D.1</string></array></dict>
        <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>0A2A.1</string></array></dict>
        </array>
        """
        let app = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        let findings = try S.findings(app, rule: "privacy-manifest.sdk-only-reason")
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.severity == .warning && $0.message.contains("only by a third-party SDK") })
        #expect(try problems(body).count == 2, "reported once, by its own rule")
        let sdk = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body), path: "Pods/Kit/PrivacyInfo.xcprivacy",
                                                                         appOwned: false, sdk: "Kit")])
        #expect(try Self.rules.flatMap { try S.findings(sdk, rule: $0) }.isEmpty)
    }

    @Test(arguments: ["https://ads.example.com", "ads.example.com/track", "*.example.com", "ads.example.com:443", "localhost"])
    func aTrackingDomainMustBeABareHost(domain: String) throws {
        let body = "<key>NSPrivacyTracking</key><true/><key>NSPrivacyTrackingDomains</key><array><string>\(domain)</string></array>"
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        let findings = try S.findings(project, rule: "privacy-manifest.tracking-domain")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("not a bare host name") == true)
        #expect(try problems(body).count == 1, "reported once, by its own rule")
    }

    @Test func unknownKeysWrongTypesAndTrackingWithoutDomains() throws {
        let body = """
        <key>NSPrivacyTracking</key><string>YES</string>
        <key>NSPrivacyTrackingDomain</key><array><string>x.example.com</string></array>
        """
        #expect(try problems(body) == [
            "NSPrivacyTracking must be a boolean, found a string",
            "unknown key NSPrivacyTrackingDomain at the top level (did you mean NSPrivacyTrackingDomains?)",
        ])
        #expect(try problems("<key>NSPrivacyTracking</key><true/>") == ["NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domains"])
    }

    @Test func trackingDomainsWithTrackingFalseOrAbsentAreInvalidTrackingInformation() throws {
        let domains = "<key>NSPrivacyTrackingDomains</key><array><string>ads.example.com</string></array>"
        for tracking in ["<key>NSPrivacyTracking</key><false/>", ""] {
            let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(tracking + domains))])
            let findings = try S.findings(project, rule: rule)
            #expect(findings.count == 1)
            #expect(findings.first?.severity == .error)
            #expect(findings.first?.message.contains("ITMS-91064 (Invalid tracking information)") == true)
            #expect(findings.first?.evidence?.contains("NSPrivacyTracking must be true when it lists domains") == true)
        }
        let tracked = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist("<key>NSPrivacyTracking</key><true/>" + domains))])
        #expect(try S.findings(tracked, rule: rule).isEmpty)
        let empty = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist("<key>NSPrivacyTracking</key><true/>"))])
        #expect(try S.findings(empty, rule: rule).first?.message.contains("ITMS-91064") == true)
    }

    @Test func aBareOrUnknownCategoryIsAnInvalidCategoryDeclaration() throws {
        let body = """
        <key>NSPrivacyAccessedAPITypes</key>
        <array>
        <dict><key>NSPrivacyAccessedAPIType</key><string>FileTimestamp</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string></array></dict>
        </array>
        """
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        let finding = try #require(try S.findings(project, rule: rule).first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("ITMS-91054 (Invalid API category declaration)"))
        #expect(finding.evidence == "unknown required-reason API category FileTimestamp (did you mean NSPrivacyAccessedAPICategoryFileTimestamp?)")
    }

    @Test func unknownDataTypeAndPurposeAndMissingKeys() throws {
        let body = """
        <key>NSPrivacyCollectedDataTypes</key>
        <array><dict>
          <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypePhotosOrVideos</string>
          <key>NSPrivacyCollectedDataTypeLinked</key><false/>
          <key>NSPrivacyCollectedDataTypePurposes</key><array><string>NSPrivacyCollectedDataTypePurposeMarketing</string></array>
        </dict></array>
        """
        let found = try problems(body)
        #expect(found.contains("an NSPrivacyCollectedDataTypes entry has no NSPrivacyCollectedDataTypeTracking"))
        #expect(found.contains("unknown collected data type NSPrivacyCollectedDataTypePhotosOrVideos (did you mean NSPrivacyCollectedDataTypePhotosorVideos?)"))
        #expect(found.contains { $0.hasPrefix("unknown collected data purpose NSPrivacyCollectedDataTypePurposeMarketing") })
        #expect(found.count == 3)
    }

    /// openhab/openhab-ios writes its purposes on their own lines inside <string>; uploads with it were accepted, so
    /// the trimmed name is validated and the padding is a warning of its own rule.
    @Test func aValueWrittenWithWhitespaceAroundItIsValidatedTrimmedAndWarned() throws {
        let body = """
        <key>NSPrivacyAccessedAPITypes</key>
        <array><dict>
          <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
          <key>NSPrivacyAccessedAPITypeReasons</key><array><string> CA92.1 </string></array>
        </dict></array>
        <key>NSPrivacyCollectedDataTypes</key>
        <array><dict>
          <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypeEmailAddress</string>
          <key>NSPrivacyCollectedDataTypeLinked</key><false/>
          <key>NSPrivacyCollectedDataTypeTracking</key><false/>
          <key>NSPrivacyCollectedDataTypePurposes</key><array><string>
                NSPrivacyCollectedDataTypePurposeAppFunctionality
            </string><string>
                NSPrivacyCollectedDataTypePurposeMarketting
            </string></array>
        </dict></array>
        """
        let invalid = try problems(body)
        #expect(invalid.count == 1)
        #expect(invalid.first?.hasPrefix("unknown collected data purpose NSPrivacyCollectedDataTypePurposeMarketting") == true)
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest(S.plist(body))])
        let padded = try S.findings(project, rule: "privacy-manifest.padded-value")
        #expect(padded.map(\.evidence) == [
            "NSPrivacyAccessedAPITypeReasons value CA92.1 is written with whitespace around it (a line break or spaces inside <string>…</string>)",
            "NSPrivacyCollectedDataTypePurposes value NSPrivacyCollectedDataTypePurposeAppFunctionality is written with whitespace around it (a line break or spaces inside <string>…</string>)",
            "NSPrivacyCollectedDataTypePurposes value NSPrivacyCollectedDataTypePurposeMarketting is written with whitespace around it (a line break or spaces inside <string>…</string>)",
        ])
        #expect(padded.allSatisfy { $0.severity == .warning })
    }

    @Test func unparseableManifestIsInvalid() throws {
        let project = ProjectModel(root: "/p", privacyManifests: [S.manifest("<plist><dict><key>x</key></dict>")])
        let findings = try S.findings(project, rule: rule)
        #expect(findings.count == 1)
        #expect(findings.first?.evidence?.hasPrefix("not a property list") == true)
    }

    @Test func corpusManifestsAreValid() throws {
        let corpus = CorpusLocation.path
        try #require(FileManager.default.fileExists(atPath: corpus))
        var files: [ProjectFile] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".xcprivacy") else { continue }
            files.append(ProjectFile(path: path, absolutePath: corpus + "/" + path, size: 1000, isVendored: false))
        }
        let inspection = AppleInspector.inspect(files: files, root: corpus)
        #expect(inspection.part?.privacyManifests.count == 5)
        let project = ProjectModel(root: corpus, privacyManifests: inspection.part?.privacyManifests ?? [])
        #expect(try S.findings(project, rule: rule).isEmpty)
    }
}

@Suite struct AppleSDKManifestTests {
    typealias S = AppleRuleSupport
    let rule = "privacy-manifest.sdk-missing-manifest"
    let lock = SourceLocation(path: "Podfile.lock", line: 3)

    @Test func listedSDKWithoutManifestWarnsWithItsVersion() throws {
        let project = ProjectModel(root: "/p", dependencies: [Dependency(name: "Alamofire", version: "5.4.0", location: lock)])
        let findings = try S.findings(project, rule: rule)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location == lock)
        #expect(findings.first?.message.contains("Alamofire version 5.4.0") == true)
        #expect(findings.first?.message.contains("ITMS-91061") == true)
        #expect(findings.first?.help?.contains("predate") == true)
    }

    @Test func manifestInsideTheSDKPasses() throws {
        let manifest = S.manifestDeclaring([], path: "Pods/Alamofire/Source/PrivacyInfo.xcprivacy", appOwned: false, sdk: "Alamofire")
        let project = ProjectModel(root: "/p", privacyManifests: [manifest],
                                   dependencies: [Dependency(name: "Alamofire", version: "5.9.1", location: lock)])
        #expect(try S.findings(project, rule: rule).isEmpty)
    }

    @Test func unlistedSDKAndSubspecsOncePerSDK() throws {
        let project = ProjectModel(root: "/p", dependencies: [
            Dependency(name: "LocalHelper", version: "1.0", location: lock),
            Dependency(name: "GoogleUtilities/Environment", version: "7.8.0", location: SourceLocation(path: "Podfile.lock", line: 10)),
            Dependency(name: "GoogleUtilities/Logger", version: "7.8.0", location: SourceLocation(path: "Podfile.lock", line: 11)),
        ])
        let findings = try S.findings(project, rule: rule)
        #expect(findings.map(\.location.line) == [10])
        #expect(findings.first?.message.hasPrefix("GoogleUtilities version 7.8.0") == true)
    }

    @Test func aStatedFactSilencesACheckedSDK() throws {
        var facts = FactStore()
        facts.add(Fact(name: "privacy_manifest.sdk.Alamofire", value: .bool(true), source: .stated))
        let project = ProjectModel(root: "/p", facts: facts, dependencies: [Dependency(name: "Alamofire", version: "5.9.1", location: lock)])
        #expect(try S.findings(project, rule: rule).isEmpty)
    }

    @Test func unknownVersionIsSaid() throws {
        let project = ProjectModel(root: "/p", dependencies: [Dependency(name: "lottie", version: nil, location: SourceLocation(path: "Frameworks/Lottie.xcframework"))])
        #expect(try S.findings(project, rule: rule).first?.message.contains("lottie (version not known)") == true)
    }
}

/// The rule judges each bundle with its own binary, on the examples in Tests/RuleExamples.
@Suite struct ApplePrivacyManifestBundleTests {
    static let examples = RuleExampleTests.examplesRoot + "/privacy-manifest.missing-api-declaration"

    @Test func anExtensionWithoutItsOwnManifestIsReportedForItsOwnBinary() throws {
        let findings = try RuleExampleTests.evaluate(Self.examples + "/trigger").filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(findings.map(\.location) == [SourceLocation(path: "ShareExtension/ShareViewController.swift", line: 7, column: 22)])
        #expect(findings.first?.message.contains("Code built into the app extension ShareExtension uses a UserDefaults") == true)
        #expect(findings.first?.message.contains("not declared in any manifest of its own") == true)
        // The app's own manifest declares UserDefaults: uploads relying on it are accepted, so a warning naming it.
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("App/PrivacyInfo.xcprivacy of the same app declares it") == true)
    }

    @Test func noManifestOfTheAppDeclaringTheCategoryIsAnError() throws {
        let findings = try RuleExampleTests.evaluate(Self.examples + "/trigger").filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(!findings.isEmpty)
        // Without the app's manifest declaring it, the same extension finding is the upload error.
        let project = try RuleExampleTests.inspect(Self.examples + "/trigger", checklists: RuleExampleTests.builtinChecklists())
        var stripped = project
        stripped.privacyManifests = project.privacyManifests.filter { !$0.location.path.hasPrefix("App/") }
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        let outcome = engine.evaluate(EvaluationContext(project: stripped, tables: engine.tables, today: "2026-11-30"))
        let errors = outcome.findings.filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.severity == .error && !$0.message.contains("of the same app declares it") })
    }

    /// An SDK the app embeds ships its own manifest in the same upload: when its published manifest declares the
    /// category (sdk_manifest_declarations), the finding is the warning another manifest of the app gives; a
    /// version known to predate that manifest leaves the error.
    @Test func anEmbeddedSDKsManifestDeclaringTheCategoryMakesItAWarning() throws {
        let project = try RuleExampleTests.inspect(Self.examples + "/trigger", checklists: RuleExampleTests.builtinChecklists())
        var stripped = project
        stripped.privacyManifests = project.privacyManifests.filter { !$0.location.path.hasPrefix("App/") }
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        func findings(_ dependencies: [Dependency]) -> [Finding] {
            var model = stripped
            model.dependencies = dependencies
            return engine.evaluate(EvaluationContext(project: model, tables: engine.tables, today: "2026-11-30")).findings
                .filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        }
        let pod = Dependency(name: "shared_preferences_foundation", version: "0.0.1", location: SourceLocation(path: "Podfile.lock", line: 9),
                             ecosystem: .cocoapods)
        let embedded = findings([pod])
        #expect(!embedded.isEmpty)
        #expect(embedded.allSatisfy { $0.severity == .warning
            && $0.message.contains("the privacy manifest that shared_preferences_foundation ships in the same app declares it") })
        let old = Dependency(name: "shared_preferences_foundation", version: "2.3.4", location: SourceLocation(path: "pubspec.lock", line: 40),
                             ecosystem: .pub)
        let predating = findings([pod, old])
        #expect(!predating.isEmpty)
        #expect(predating.allSatisfy { $0.severity == .error && !$0.message.contains("shared_preferences_foundation") })
        #expect(findings([Dependency(name: "Alamofire", version: "5.9.1", location: SourceLocation(path: "Podfile.lock", line: 3),
                                     ecosystem: .cocoapods)]).allSatisfy { $0.severity == .error })
    }

    /// msasikanth/twine's widget uses UserDefaults with no manifest of its own; the app embeds Bugsnag through Swift
    /// Package Manager (identity bugsnag-cocoa, 6.32.0), whose manifest declares UserDefaults from 6.28.0.
    @Test func theSwiftPackageIdentityOfAnSDKInTheTableCountsFromItsFirstDeclaringRelease() throws {
        let project = try RuleExampleTests.inspect(Self.examples + "/trigger", checklists: RuleExampleTests.builtinChecklists())
        var stripped = project
        stripped.privacyManifests = project.privacyManifests.filter { !$0.location.path.hasPrefix("App/") }
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        func severities(_ version: String) -> [Severity] {
            var model = stripped
            model.dependencies = [Dependency(name: "bugsnag-cocoa", version: version, location: SourceLocation(path: "App.xcodeproj/project.pbxproj", line: 753),
                                             ecosystem: .swiftpm)]
            return engine.evaluate(EvaluationContext(project: model, tables: engine.tables, today: "2026-11-30")).findings
                .filter { $0.rule == "privacy-manifest.missing-api-declaration" && $0.message.contains("UserDefaults") }.map(\.severity)
        }
        #expect(!severities("6.32.0").isEmpty && severities("6.32.0").allSatisfy { $0 == .warning })
        #expect(!severities("6.27.3").isEmpty && severities("6.27.3").allSatisfy { $0 == .error })
    }

    /// Sentry's manifest declared UserDefaults and SystemBootTime from 8.11.0 and FileTimestamp only from 8.21.0: an app
    /// pinning 8.15.0 (protonvpn-apple's workspace pins 8.18.0) has UserDefaults declared by the SDK's manifest (a
    /// warning) and FileTimestamp declared by none (the error). Before the table took a release per category, the one
    /// `since` (8.21.0) left both errors.
    @Test func anSDKsCategoriesCountEachFromTheReleaseThatAddedIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sentry-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.examples + "/trigger", toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = root + "/ShareExtension/ShareViewController.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try text.replacingOccurrences(of: "        shared?.set(Date(), forKey: \"lastShare\")\n", with: """
                    shared?.set(Date(), forKey: "lastShare")
                    let stamp = try? FileManager.default.attributesOfItem(atPath: NSTemporaryDirectory())[.modificationDate]
                    shared?.set(stamp as? Date, forKey: "lastStamp")

            """).write(toFile: source, atomically: true, encoding: .utf8)
        let project = try RuleExampleTests.inspect(root, checklists: RuleExampleTests.builtinChecklists())
        var stripped = project
        stripped.privacyManifests = project.privacyManifests.filter { !$0.location.path.hasPrefix("App/") }
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        func severities(_ version: String, _ category: String) -> [Severity] {
            var model = stripped
            model.dependencies = [Dependency(name: "Sentry", version: version, location: SourceLocation(path: "Podfile.lock", line: 12),
                                             ecosystem: .cocoapods)]
            return engine.evaluate(EvaluationContext(project: model, tables: engine.tables, today: "2026-11-30")).findings
                .filter { $0.rule == "privacy-manifest.missing-api-declaration" && $0.message.contains(category) }.map(\.severity)
        }
        func all(_ version: String, _ category: String, _ severity: Severity) -> Bool {
            let found = severities(version, category)
            return !found.isEmpty && found.allSatisfy { $0 == severity }
        }
        #expect(all("8.15.0", "UserDefaults", .warning))
        #expect(all("8.15.0", "FileTimestamp", .error))
        #expect(all("8.21.0", "FileTimestamp", .warning))
        #expect(all("8.10.0", "UserDefaults", .error))
    }

    /// The table's two row shapes: one `since` for every category, or a release per category (and then no `since`);
    /// a row giving both, or a category without a readable version, is a load error naming the SDK.
    @Test func sdkManifestDeclarationsTakeOneSinceOrOnePerCategory() throws {
        func table(_ yaml: String) throws -> Table {
            let node = try #require(try YAMLParser.parse(yaml, file: "t.yml"))
            return Table(name: "sdk_manifest_declarations", source: "test", kind: nil, value: node, file: "t.yml")
        }
        let read = try SDKManifestDeclarations(table("""
            One: { declares: [UserDefaults, FileTimestamp], since: "2.0.0", source: s }
            Split: { declares: { UserDefaults: "1.0.0", FileTimestamp: "3.0.0" }, source: s }
            """))
        #expect(read.rows["one"]?.since == ["UserDefaults": DependencyVersion("2.0.0")!, "FileTimestamp": DependencyVersion("2.0.0")!])
        #expect(read.rows["split"]?.since["FileTimestamp"] == DependencyVersion("3.0.0"))
        let split = Dependency(name: "Split", version: "2.0.0", location: SourceLocation(path: "Podfile.lock", line: 1), ecosystem: .cocoapods)
        #expect(read.declaring("UserDefaults", among: [split]) == ["Split"])
        #expect(read.declaring("FileTimestamp", among: [split]) == [])
        #expect(throws: TableError.self) {
            _ = try SDKManifestDeclarations(table("Both: { declares: { UserDefaults: \"1.0.0\" }, since: \"1.0.0\", source: s }"))
        }
        #expect(throws: TableError.self) {
            _ = try SDKManifestDeclarations(table("Bad: { declares: { UserDefaults: [1] }, source: s }"))
        }
        #expect(throws: TableError.self) {
            _ = try SDKManifestDeclarations(table("Old: { declares: [UserDefaults], source: s }"))
        }
    }

    static let loadableBundle = URL(fileURLWithPath: RuleExampleTests.examplesRoot).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apple/loadable-bundle").path

    /// home-assistant's MacBridge: a macOS loadable bundle's UserDefaults use is its own code, not the iOS or watch app's,
    /// and a macOS bundle is outside the required-reason rules (before, a false ITMS-91053 error named both apps).
    @Test func aMacOSLoadableBundlesCodeIsNotChargedToTheApps() throws {
        let findings = try RuleExampleTests.evaluate(Self.loadableBundle).filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// The same bundle built for iOS is judged as itself: the finding names the bundle, not the apps.
    @Test func anIOSLoadableBundleIsJudgedAsItself() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loadable-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.loadableBundle, toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pbxproj = root + "/HomeAssistant.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        try text.replacingOccurrences(of: "SDKROOT = macosx;", with: "SDKROOT = iphoneos;").write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let findings = try RuleExampleTests.evaluate(root).filter { $0.rule == "privacy-manifest.missing-api-declaration" }
        #expect(findings.map(\.location) == [SourceLocation(path: "Sources/MacBridge/MacBridgeImpl.swift", line: 15, column: 13)])
        #expect(findings.first?.message.hasPrefix("Code built into the bundle MacBridge uses a UserDefaults") == true, "\(findings.map(\.message))")
        #expect(findings.first?.severity == .error)
    }

    @Test func debugPreviewAndTestOnlyUsesAreNotEvidence() throws {
        let project = try RuleExampleTests.inspect(Self.examples + "/pass", checklists: RuleExampleTests.builtinChecklists())
        let signals = Set(project.symbolHits.map(\.signal))
        #expect(signals.contains("api.UserDefaults"))
        #expect(!signals.contains("api.SystemBootTime"), "used only under #if DEBUG")
        #expect(!signals.contains("api.DiskSpace"), "used only in a #Preview")
        #expect(!signals.contains("api.ActiveKeyboards"), "used only by the unit-test target")
    }

    @Test func bundlesSharingCodeAndLackingManifestsShareOneFinding() throws {
        let app = AppleBundle(name: "App", kind: .app, productType: "com.apple.product-type.application",
                              location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 9), files: ["App/Main.swift"], privacyManifests: [])
        let widget = AppleBundle(name: "Widget", kind: .appExtension, productType: "com.apple.product-type.app-extension",
                                 location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 20), files: ["Pkg/Store.swift"], privacyManifests: [])
        var project = ProjectModel(root: "/p", facts: FactStore([AppleRuleSupport.used("api.UserDefaults", at: "Pkg/Store.swift", line: 3, "UserDefaults")]),
                                   symbolHits: [SymbolHit(signal: "api.UserDefaults", symbol: "UserDefaults", location: SourceLocation(path: "Pkg/Store.swift", line: 3))])
        let share = AppleBundle(name: "Share", kind: .appExtension, productType: "com.apple.product-type.app-extension",
                                location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 30), files: ["Pkg/Store.swift"], privacyManifests: [])
        project.appleBundles = [app, share, widget]
        let findings = try AppleRuleSupport.findings(project, rule: "privacy-manifest.missing-api-declaration")
        // Pkg/Store.swift is the extensions' and, claimed by targets, not the app's.
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("Code built into the app extensions Share and Widget uses a UserDefaults required-reason API (Pkg/Store.swift:3)") == true)
        #expect(findings.first?.message.contains("not declared in any manifest of theirs") == true)
    }

    /// Two native apps of one repository: a local Swift package one app links (its files, Package.swift included,
    /// are the target's) depends on `Packages/Core` by `.package(path:)`; Core's code, which no target lists, is that
    /// app's only, not the other app's beside it.
    @Test func aLocalSwiftPackagesOwnPathDependencyCountsForTheAppThatLinksIt() throws {
        let notes = AppleBundle(name: "Notes", kind: .app, productType: "com.apple.product-type.application",
                                location: SourceLocation(path: "Notes/Notes.xcodeproj/project.pbxproj", line: 9),
                                files: ["Notes/App.swift", "Packages/Feature/Package.swift", "Packages/Feature/Sources/Feature/View.swift"], privacyManifests: [])
        let clock = AppleBundle(name: "Clock", kind: .app, productType: "com.apple.product-type.application",
                                location: SourceLocation(path: "Clock/Clock.xcodeproj/project.pbxproj", line: 9), files: ["Clock/App.swift"], privacyManifests: [])
        let hit = SymbolHit(signal: "api.UserDefaults", symbol: "UserDefaults", location: SourceLocation(path: "Packages/Core/Sources/Core/Store.swift", line: 3))
        let edge = Fact(name: "packages.local.Packages/Feature", value: .list(["Packages/Core"]), source: .detected,
                        evidence: [Evidence(location: SourceLocation(path: "Packages/Feature/Package.swift", line: 4), snippet: "../Core: ../Core")])
        var project = ProjectModel(root: "/p", facts: FactStore([AppleRuleSupport.used("api.UserDefaults", at: hit.location.path, line: 3, "UserDefaults"), edge]),
                                   symbolHits: [hit])
        project.appleBundles = [notes, clock]
        let findings = try AppleRuleSupport.findings(project, rule: "privacy-manifest.missing-api-declaration")
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("the app Notes") == true, "\(findings.map(\.message))")
        // Without the dependency edge the shared code counts for both apps, as before.
        project.facts = FactStore([AppleRuleSupport.used("api.UserDefaults", at: hit.location.path, line: 3, "UserDefaults")])
        let both = try AppleRuleSupport.findings(project, rule: "privacy-manifest.missing-api-declaration")
        #expect(both.count == 1 && both[0].message.contains("the apps Notes and Clock"), "\(both.map(\.message))")
    }

    /// A manifest on disk that no target's resources hold does not ship: it no longer turns the extension's
    /// ITMS-91053 error into the "declared elsewhere" warning, and the finding says why (issue #39).
    @Test func aManifestInNoTargetsResourcesDoesNotCountAsDeclaredElsewhere() throws {
        let app = AppleBundle(name: "App", kind: .app, productType: "com.apple.product-type.application",
                              location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 9), files: ["App/Main.swift"], privacyManifests: [])
        let share = AppleBundle(name: "Share", kind: .appExtension, productType: "com.apple.product-type.app-extension",
                                location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 20), files: ["Share/Store.swift"], privacyManifests: [])
        let hit = SymbolHit(signal: "api.UserDefaults", symbol: "UserDefaults", location: SourceLocation(path: "Share/Store.swift", line: 3))
        let onDisk = AppleRuleSupport.manifestDeclaring([("UserDefaults", ["CA92.1"])], path: "App/PrivacyInfo.xcprivacy")
        var project = ProjectModel(root: "/p", facts: FactStore([AppleRuleSupport.used("api.UserDefaults", at: "Share/Store.swift", line: 3, "UserDefaults")]),
                                   privacyManifests: [onDisk], symbolHits: [hit])
        project.appleBundles = [app, share]
        let unshipped = try AppleRuleSupport.findings(project, rule: "privacy-manifest.missing-api-declaration")
        #expect(unshipped.map(\.severity) == [.error], "\(unshipped.map(\.message))")
        #expect(unshipped.first?.message.contains("App/PrivacyInfo.xcprivacy declares it but is in no target's resources, so it does not ship") == true,
                "\(unshipped.map(\.message))")
        // The same manifest in the app target's resources: the warning that names it, as before.
        project.appleBundles = [AppleBundle(name: "App", kind: .app, productType: "com.apple.product-type.application",
                                            location: SourceLocation(path: "A.xcodeproj/project.pbxproj", line: 9),
                                            files: ["App/Main.swift", "App/PrivacyInfo.xcprivacy"], privacyManifests: ["App/PrivacyInfo.xcprivacy"]), share]
        let shipped = try AppleRuleSupport.findings(project, rule: "privacy-manifest.missing-api-declaration")
        #expect(shipped.map(\.severity) == [.warning], "\(shipped.map(\.message))")
        #expect(shipped.first?.message.contains("of the same app declares it") == true)
    }
}
