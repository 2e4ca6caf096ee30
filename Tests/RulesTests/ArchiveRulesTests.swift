import Foundation
import Project
import ShipcheckCore
import Testing
@testable import Rules

/// The archive rules on the committed fixtures (Tests/Fixtures/archive), through the front door as
/// `shipcheck archive FILE` and `shipcheck check PATH --archive FILE` run them, as on 2026-11-30.
@Suite struct ArchiveRulesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive").standardized.path

    static func run(_ archives: [String], project: String? = nil) throws -> Shipcheck.Run {
        var options = Shipcheck.Options(path: project ?? fixtures, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        options.archives = archives.map { fixtures + "/" + $0 }
        options.archiveOnly = project == nil
        return try Shipcheck.run(options)
    }

    static func findings(_ archives: [String], rule: String) throws -> [Finding] {
        try run(archives).result.findings.filter { $0.rule == rule }
    }

    @Test func eachBinaryImportingARequiredReasonAPIWithoutItsBundlesDeclarationIsITMS91053() throws {
        let hits = try Self.findings(["ios-trigger.ipa"], rule: "privacy-manifest.binary-missing-api-declaration")
        #expect(hits.map(\.location.path) == ["ios-trigger.ipa!/Payload/App.app/App",
                                              "ios-trigger.ipa!/Payload/App.app/Frameworks/Alamofire.framework/Alamofire"])
        #expect(hits.map(\.evidence) == ["_stat", "_mach_absolute_time"])
        #expect(hits.map(\.severity) == [.error, .error])
        let app = try #require(hits.first)
        #expect(app.message.contains("imports _stat, a FileTimestamp required-reason API"))
        #expect(app.message.contains("its privacy manifest ios-trigger.ipa!/Payload/App.app/PrivacyInfo.xcprivacy"))
        // The app declares UserDefaults: _OBJC_CLASS_$_NSUserDefaults is no finding.
        #expect(!hits.contains { $0.evidence == "_OBJC_CLASS_$_NSUserDefaults" })
        #expect(hits.last?.message.contains("(the framework Alamofire)") == true)
    }

    @Test func everyCategoryDeclaredInEachBundlesOwnManifestPasses() throws {
        #expect(try Self.findings(["ios-pass.ipa"], rule: "privacy-manifest.binary-missing-api-declaration").isEmpty)
    }

    @Test func aListedSDKEmbeddedWithoutItsManifestIsITMS91061WithItsVersion() throws {
        let hits = try Self.findings(["ios-trigger.ipa"], rule: "privacy-manifest.embedded-sdk-missing-manifest")
        #expect(hits.map(\.location.path) == ["ios-trigger.ipa!/Payload/App.app/Frameworks/Alamofire.framework/Info.plist"])
        #expect(hits.first?.evidence == "Alamofire 5.8.0")
        #expect(hits.first?.message.contains("Alamofire version 5.8.0 (Alamofire ships one from 5.9.0 on)") == true)
        #expect(try Self.findings(["ios-pass.ipa"], rule: "privacy-manifest.embedded-sdk-missing-manifest").isEmpty)
    }

    @Test func theBuiltInfoPlistAnswersTheXcode26Item() throws {
        let trigger = try Self.run(["ios-trigger.ipa"])
        let hits = trigger.result.findings.filter { $0.rule == "platform-requirements.apple-upload-sdk" }
        #expect(hits.map(\.location.path) == ["ios-trigger.ipa!/Payload/App.app/Info.plist"])
        #expect(hits.first?.message.contains("Xcode 16.2 (DTXcode 1620) and the iphoneos18.2 SDK (DTSDKName)") == true)
        #expect(!trigger.result.manual.contains { $0.rule == "platform-requirements.apple-xcode-26" })
        let pass = try Self.run(["ios-pass.ipa"])
        #expect(!pass.result.findings.contains { $0.rule == "platform-requirements.apple-upload-sdk" })
        // Without an archive the manual item stays.
        let source = try Shipcheck.run(Shipcheck.Options(path: RuleExampleTests.examplesRoot + "/privacy-manifest.missing-api-declaration/trigger",
                                                         checklists: try RuleExampleTests.loaded(), today: "2026-11-30"))
        #expect(source.result.manual.contains { $0.rule == "platform-requirements.apple-xcode-26" })
    }

    @Test func anAABsFourKBArm64LibraryIsThe16KBRuleAtItsEntry() throws {
        let run = try Self.run(["android-4kb.aab"])
        let hits = run.result.findings.filter { $0.rule == "play-publishing.page-size-16kb" }
        #expect(hits.map(\.location.path) == ["android-4kb.aab!/base/lib/arm64-v8a/libnative.so"])
        #expect(hits.first?.severity == .error)
        // Measured in the bundle: the manual item asking to measure it is gone.
        #expect(!run.result.manual.contains { $0.rule == "play-publishing.confirm-16kb-native-build" })
        #expect(try Self.findings(["android-16kb.aab"], rule: "play-publishing.page-size-16kb").isEmpty)
        let apk = try Self.findings(["android-4kb.apk"], rule: "play-publishing.page-size-16kb")
        #expect(apk.map(\.location.path) == ["android-4kb.apk!/lib/arm64-v8a/libnative.so"])
    }

    @Test func anIPAAndAnAABInOneRunWithASourceTree() throws {
        let project = RuleExampleTests.examplesRoot + "/privacy-manifest.missing-api-declaration/pass"
        let run = try Self.run(["ios-trigger.ipa", "android-4kb.aab"], project: project)
        let rules = Set(run.result.findings.map(\.rule))
        #expect(rules.isSuperset(of: ["privacy-manifest.binary-missing-api-declaration", "play-publishing.page-size-16kb"]))
        #expect(run.project.archives.map(\.kind) == [.ipa, .aab])
        // Archive paths are relative to the project root, with .. when beside it.
        #expect(run.project.archives.first?.name.hasSuffix("Fixtures/archive/ios-trigger.ipa") == true)
        #expect(run.project.archives.first?.name.hasPrefix("../") == true)
    }

    @Test func anUnreadableArchiveEndsTheRunNamingTheEntry() throws {
        do {
            _ = try Self.run(["hostile-traversal.ipa"])
            Issue.record("a traversal archive was read")
        } catch let error as SessionError {
            #expect(error.messages == ["hostile-traversal.ipa!/../../evil.sh: the entry name climbs out of the archive with `..` (a path traversal name)"])
        }
    }

    static let app = "ios-rules-trigger.ipa!/Payload/App.app/"
    static let sdk = app + "Frameworks/GoogleSignIn.framework/"

    @Test func eachProtectedImportWithoutItsKeyInTheBuiltPlistIsITMS90683AtTheBinary() throws {
        let hits = try Self.findings(["ios-rules-trigger.ipa"], rule: "purpose-strings.binary-missing")
        #expect(hits.map(\.location.path) == [Self.app + "App", Self.app + "App", Self.sdk + "GoogleSignIn"])
        #expect(hits.map(\.evidence) == ["_OBJC_CLASS_$_AVCaptureDevice", "_OBJC_CLASS_$_CLLocationManager", "_OBJC_CLASS_$_CNContactStore"])
        // A framework's import is judged against the app's Info.plist it ships in.
        #expect(hits.last?.message.contains("needs NSContactsUsageDescription, but the built \(Self.app)Info.plist does not set it") == true)
        #expect(hits.allSatisfy { $0.severity == .error })
        #expect(try Self.findings(["ios-rules-pass.ipa"], rule: "purpose-strings.binary-missing").isEmpty)
    }

    @Test func aUIWebViewImportInAnEmbeddedSDKIsITMS90809AtThatBinary() throws {
        let hits = try Self.findings(["ios-rules-trigger.ipa"], rule: "review-risk.binary-uiwebview")
        #expect(hits.map(\.location.path) == [Self.sdk + "GoogleSignIn"])
        #expect(hits.map(\.evidence) == ["_OBJC_CLASS_$_UIWebView"])
        #expect(try Self.findings(["ios-rules-pass.ipa"], rule: "review-risk.binary-uiwebview").isEmpty)
    }

    @Test func theSignedEntitlementsSayThePushEnvironmentAndSignInWithApple() throws {
        let push = try Self.findings(["ios-rules-trigger.ipa"], rule: "platform-requirements.apple-push-environment")
        #expect(push.map(\.location.path) == [Self.app + "App"])
        #expect(push.first?.severity == .warning)
        let login = try Self.findings(["ios-rules-trigger.ipa"], rule: "review-risk.binary-login-without-apple")
        #expect(login.map(\.location.path) == [Self.sdk + "Info.plist"])
        #expect(login.first?.evidence == "GoogleSignIn")
        let pass = try Self.run(["ios-rules-pass.ipa"])
        #expect(!pass.result.findings.contains { $0.rule == "platform-requirements.apple-push-environment" || $0.rule == "review-risk.binary-login-without-apple" })
        #expect(pass.project.facts["archive.sign_in_with_apple"]?.value == .bool(true))
        // The .xcarchive of a development-signed build is not judged for its push environment: only exported .ipa files are.
    }

    /// One login policy (`apple.login_alternative`) on both inputs: the code's third-party login is answered by the
    /// entitlement of the built app given with it (the same evidence the archive rule reads), not by an unsigned one.
    @Test func theCodesLoginRuleIsAnsweredByTheBuiltAppsSignInWithAppleEntitlement() throws {
        let project = RuleExampleTests.examplesRoot + "/review-risk.login-without-apple/trigger"
        let source = try Self.run([], project: project)
        #expect(source.result.findings.filter { $0.rule == "review-risk.login-without-apple" }.map(\.location.path) == ["App/LoginScreen.swift"])
        let unsigned = try Self.run(["ios-rules-trigger.ipa"], project: project)
        #expect(unsigned.result.findings.filter { $0.rule == "review-risk.login-without-apple" }.map(\.location.path) == ["App/LoginScreen.swift"])
        let signed = try Self.run(["ios-rules-pass.ipa"], project: project)
        #expect(!signed.result.findings.contains { $0.rule == "review-risk.login-without-apple" })
    }

    @Test func aMinimumOSVersionBelowTheBinarysMinosIsReportedAtThatPlist() throws {
        let hits = try Self.findings(["ios-rules-trigger.ipa"], rule: "platform-requirements.apple-minimum-os-mismatch")
        #expect(hits.map(\.location.path) == [Self.sdk + "Info.plist", Self.app + "Info.plist"])
        #expect(hits.map(\.evidence) == ["MinimumOSVersion 12.0, binary minos 17.0", "MinimumOSVersion 16.0, binary minos 17.0"])
        #expect(try Self.findings(["ios-rules-pass.ipa"], rule: "platform-requirements.apple-minimum-os-mismatch").isEmpty)
    }

    @Test func theBuiltPlistAnswersExportComplianceAndATSAndTheSourceRuleStepsAside() throws {
        let run = try Self.run(["ios-rules-trigger.ipa"])
        let compliance = run.result.findings.filter { $0.rule == "app-review.export-compliance-built" }
        #expect(compliance.map(\.location.path) == [Self.app + "Info.plist"])
        let ats = run.result.findings.filter { $0.rule == "app-review.ats-arbitrary-loads" }
        #expect(ats.map(\.evidence) == ["NSAppTransportSecurity.NSAllowsArbitraryLoads = true"])
        let pass = try Self.run(["ios-rules-pass.ipa"])
        #expect(!pass.result.findings.contains { $0.rule == "app-review.export-compliance-built" || $0.rule == "app-review.ats-arbitrary-loads" })
        // With a source tree whose Info.plist lacks the key, the archive's answer replaces the source rule's.
        let project = RuleExampleTests.examplesRoot + "/app-review.export-compliance/trigger"
        let both = try Self.run(["ios-rules-pass.ipa"], project: project)
        #expect(!both.result.findings.contains { $0.rule == "app-review.export-compliance" })
        let source = try Shipcheck.run(Shipcheck.Options(path: project, checklists: try RuleExampleTests.loaded(), today: "2026-11-30"))
        #expect(source.result.findings.contains { $0.rule == "app-review.export-compliance" })
    }

    /// The built Info.plist is the shared `InfoPlistFile`: one Info.plist, written once with ATS off as text
    /// (`<string>YES</string>`, which the source rule has always read as on) and once as `<true/>`, gets the same
    /// answer from the source tree and built into an app (a `.app` folder given with --archive). The string used
    /// to be ignored in an archive; `<false/>` is no finding from either.
    @Test func oneInfoPlistGetsTheSameATSAnswerFromTheSourceAndFromTheBuiltApp() throws {
        func plist(_ value: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>"
                + "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key>\(value)</dict></dict></plist>\n"
        }
        for (value, judged) in [("<string>YES</string>", true), ("<true/>", true), ("<false/>", false)] {
            // The built app beside the project, so the source walk never reads it.
            let root = NSTemporaryDirectory() + "shipcheck-ats-\(UUID().uuidString)"
            let build = root + "-build"
            defer { for folder in [root, build] { try? FileManager.default.removeItem(atPath: folder) } }
            try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: build + "/App.app", withIntermediateDirectories: true)
            try plist(value).write(toFile: root + "/App/Info.plist", atomically: true, encoding: .utf8)
            try plist(value).write(toFile: build + "/App.app/Info.plist", atomically: true, encoding: .utf8)
            var options = Shipcheck.Options(path: root, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
            options.only = ["app-review.ats-arbitrary-loads"]
            let source = try Shipcheck.run(options).result.findings.filter { $0.rule == "app-review.ats-arbitrary-loads" }
            options.archives = [build + "/App.app"]
            let built = try Shipcheck.run(options).result.findings.filter { $0.rule == "app-review.ats-arbitrary-loads" }
            #expect(source.map(\.location.path) == (judged ? ["App/Info.plist"] : []), "\(value)")
            #expect(built.map { $0.location.path.hasSuffix("-build/App.app/Info.plist") } == (judged ? [true] : []), "\(value)")
            #expect(built.map(\.evidence) == (judged ? ["NSAppTransportSecurity.NSAllowsArbitraryLoads = true"] : []), "\(value)")
        }
    }

    @Test func aThirtyTwoBitLibraryWithoutItsArm64TwinIsReportedAtItsEntry() throws {
        let hits = try Self.findings(["android-rules-trigger.apk"], rule: "play-publishing.native-64bit")
        #expect(hits.map(\.location.path) == ["android-rules-trigger.apk!/lib/armeabi-v7a/libextra.so"])
        #expect(hits.first?.evidence == "armeabi-v7a/libextra.so without arm64-v8a")
        #expect(try Self.findings(["android-rules-pass.apk"], rule: "play-publishing.native-64bit").isEmpty)
    }

    @Test func anUncompressedArm64LibraryOffA16KBZipBoundaryIsReported() throws {
        let hits = try Self.findings(["android-rules-trigger.apk"], rule: "play-publishing.apk-zip-alignment-16kb")
        // Only the 64-bit library is judged; the armeabi-v7a ones are unaligned too.
        #expect(hits.map(\.location.path) == ["android-rules-trigger.apk!/lib/arm64-v8a/libnative.so"])
        #expect(hits.first?.evidence == "data aligned to 1 bytes")
        #expect(try Self.findings(["android-rules-pass.apk"], rule: "play-publishing.apk-zip-alignment-16kb").isEmpty)
        // An .aab is aligned by bundletool when Play builds the APKs: its entries are not judged.
        #expect(try Self.findings(["android-4kb.aab"], rule: "play-publishing.apk-zip-alignment-16kb").isEmpty)
    }

    @Test func thePackagedBillingVersionFileFeedsTheBillingGateAndWinsOverTheBuildFiles() throws {
        let hits = try Self.findings(["android-rules-trigger.apk"], rule: "play-publishing.billing-library-version")
        #expect(hits.map(\.location.path) == ["android-rules-trigger.apk!/META-INF/com.android.billingclient_billing.version"])
        #expect(hits.first?.evidence == "com.android.billingclient:billing 6.2.1")
        #expect(try Self.findings(["android-rules-pass.apk"], rule: "play-publishing.billing-library-version").isEmpty)
        // The source example declares an old Billing; the bundle's 8.0.0 replaces it.
        let project = RuleExampleTests.examplesRoot + "/play-publishing.billing-library-version/trigger"
        let source = try Shipcheck.run(Shipcheck.Options(path: project, checklists: try RuleExampleTests.loaded(), today: "2026-11-30"))
        #expect(source.result.findings.contains { $0.rule == "play-publishing.billing-library-version" })
        let both = try Self.run(["android-rules-pass.apk"], project: project)
        #expect(!both.result.findings.contains { $0.rule == "play-publishing.billing-library-version" })
        #expect(both.project.dependencies.filter { $0.name == "com.android.billingclient:billing" }.map(\.version) == ["8.0.0"])
    }

    @Test func theBundlesVersionCodeIsTheOneWhoseReleaseNoteShips() throws {
        let run = try Self.run(["android-rules-trigger.apk"])
        let fact = try #require(run.project.facts["android.version_code"])
        #expect(fact.value == .number(42))
        #expect(fact.evidence.map(\.location.path) == ["android-rules-trigger.apk!/AndroidManifest.xml"])
    }

    @Test func factsKeepTheSourcesGuessBesideTheArchivesValueWhichWins() throws {
        let project = RuleExampleTests.examplesRoot + "/play-publishing.page-size-16kb/pass"
        let run = try Self.run(["android-feature.aab"], project: project)
        let target = try #require(run.project.facts["android.target_sdk"])
        #expect(target.value == .number(34))
        #expect(target.evidence.map(\.snippet) == ["targetSdkVersion 34 (built)", "source: 36 (targetSdk = 36); the built archive's 34 ships"])
        #expect(target.evidence.last?.location == SourceLocation(path: "app/build.gradle.kts", line: 12))
        #expect(run.project.facts["android.version_code"]?.value == .number(42))
    }

    /// Which rules need a built archive is declared by their check functions (`CheckFunction.input`), not read
    /// from a name: a run without an archive lists exactly those as not checked.
    @Test func rulesNeedingAnArchiveAreTheOnesWhoseFunctionDeclaresIt() throws {
        let engine = Engine(checklists: try RuleExampleTests.loaded())
        let rules = engine.checklists.flatMap(\.rules)
        let declared = Set(CheckRegistry.builtin.filter { $0.input == .builtArchives }.map(\.name))
        #expect(declared == Set(ArchiveChecks.all.map(\.name)))
        let needing = engine.rules(reading: .builtArchives, among: rules)
        #expect(needing.contains("privacy-manifest.binary-missing-api-declaration"))
        #expect(!needing.contains("platform-requirements.play-target-sdk"))
        // An archive check told `source: true` (ATS, read from the app targets' own Info.plists) judges the source too;
        // a policy judged on either input reads the archive where its rule says `from: archive`.
        let expected = rules.filter { rule in
            guard case .check(let name, _, let options) = rule.kind else { return false }
            return (declared.contains(name) && options.bool("source") != true) || options.string("from") == "archive"
        }.map(\.id).sorted()
        #expect(needing == expected)
        #expect(!needing.contains("app-review.ats-arbitrary-loads"))
        // One function per policy, on either input: the source rule needs no archive, its archive twin does.
        for (source, archive) in [("privacy-manifest.missing-api-declaration", "privacy-manifest.binary-missing-api-declaration"),
                                  ("privacy-manifest.sdk-missing-manifest", "privacy-manifest.embedded-sdk-missing-manifest"),
                                  ("purpose-strings.missing", "purpose-strings.binary-missing")] {
            #expect(!needing.contains(source) && needing.contains(archive))
            guard case .check(let one, _, _)? = engine.rule(source)?.kind, case .check(let other, _, _)? = engine.rule(archive)?.kind else {
                Issue.record("\(source) or \(archive) is not a check rule")
                continue
            }
            #expect(one == other)
        }
        var options = Shipcheck.Options(path: RuleExampleTests.examplesRoot + "/play-publishing.page-size-16kb/pass",
                                        checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        options.archives = []
        // The run lists the archive rules that apply to this (Android) project, and only those.
        let run = try Shipcheck.run(options)
        #expect(run.result.notRunWithoutArchive == engine.rules(reading: .builtArchives, among: run.result.rules))
        #expect(run.result.notRunWithoutArchive.contains("play-publishing.native-64bit"))
        #expect(Set(run.result.notRunWithoutArchive).isSubset(of: needing))
    }

    /// The archive inspector declares how its facts join the source's (`ArchiveInspector.factMerge`): a shipped
    /// value replaces a differing source guess and keeps its evidence as replaced; an equal one merges.
    @Test func theArchiveFactMergePolicyIsDeclaredByTheInspector() {
        var facts = FactStore([Fact(name: "android.target_sdk", value: .number(36), source: .detected,
                                    evidence: [Evidence(location: SourceLocation(path: "app/build.gradle", line: 3), snippet: "targetSdk 36")])])
        facts.add(Fact(name: "android.target_sdk", value: .number(34), source: .detected,
                       evidence: [Evidence(location: SourceLocation(path: "app.aab!/base/manifest/AndroidManifest.xml"), snippet: "34")]),
                  policy: ArchiveInspector.factMerge)
        #expect(facts["android.target_sdk"]?.value == .number(34))
        #expect(facts["android.target_sdk"]?.evidence.map(\.snippet) == ["34", "source: 36 (targetSdk 36); the built archive's 34 ships"])
        // Merged as a source inspector's fact would be, the lower number wins and the archive's value is lost.
        var merged = FactStore([Fact(name: "android.target_sdk", value: .number(33), source: .detected)])
        merged.add(Fact(name: "android.target_sdk", value: .number(34), source: .detected), policy: .merged)
        #expect(merged["android.target_sdk"]?.value == .number(33))
    }

    /// Beside it, how its packaged versions join the build files' (`ArchiveInspector.dependencyMerge`): the
    /// packaged version replaces every Gradle entry of the same library (any case); other ecosystems and other
    /// libraries stay; appended, both would be kept.
    @Test func theArchiveDependencyMergePolicyIsDeclaredByTheInspector() {
        let gradle = Dependency(name: "com.android.billingclient:billing", version: "6.2.1", location: SourceLocation(path: "app/build.gradle", line: 9), ecosystem: .gradle)
        let other = Dependency(name: "androidx.core:core", version: "1.12.0", location: SourceLocation(path: "app/build.gradle", line: 10), ecosystem: .gradle)
        let pub = Dependency(name: "com.android.billingclient:billing", version: "1.0.0", location: SourceLocation(path: "pubspec.lock"), ecosystem: .pub)
        let packaged = Dependency(name: "com.android.billingclient:Billing", version: "8.0.0",
                                  location: SourceLocation(path: "app.apk!/META-INF/com.android.billingclient_billing.version"), ecosystem: .gradle)
        var dependencies = [gradle, other, pub]
        dependencies.add([packaged], policy: ArchiveInspector.dependencyMerge)
        #expect(dependencies.map(\.version) == ["1.12.0", "1.0.0", "8.0.0"])
        var appended = [gradle]
        appended.add([packaged], policy: .appended)
        #expect(appended.map(\.version) == ["6.2.1", "8.0.0"])
    }

    @Test func aFeatureModulesPermissionInTheAABIsReportedAtThatModulesManifest() throws {
        let hits = try Self.findings(["android-feature.aab"], rule: "play-permissions.all-files-access")
        #expect(hits.map(\.location.path) == ["android-feature.aab!/scanner/manifest/AndroidManifest.xml"])
        #expect(try Self.findings(["android-16kb.aab"], rule: "play-permissions.all-files-access").isEmpty)
    }
}


/// `archives:` in shipcheck.yml: read with every `check`, relative to the root and inside it.
@Suite struct ManifestArchivesTests {
    static func project(_ manifest: String, copy: [String: String] = [:]) throws -> String {
        let root = NSTemporaryDirectory() + "shipcheck-archives-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/build", withIntermediateDirectories: true)
        try manifest.write(toFile: root + "/shipcheck.yml", atomically: true, encoding: .utf8)
        for (to, from) in copy { try FileManager.default.copyItem(atPath: ArchiveRulesTests.fixtures + "/" + from, toPath: root + "/" + to) }
        return root
    }

    static func run(_ root: String) throws -> Shipcheck.Run {
        try Shipcheck.run(Shipcheck.Options(path: root, checklists: try RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    @Test func anArchiveListedInTheManifestIsReadWithCheck() throws {
        let root = try Self.project("archives: [build/app.ipa]\n", copy: ["build/app.ipa": "ios-trigger.ipa"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Self.run(root)
        #expect(run.project.archives.map(\.name) == ["build/app.ipa"])
        let hits = run.result.findings.filter { $0.rule == "privacy-manifest.binary-missing-api-declaration" }
        #expect(hits.map(\.location.path) == ["build/app.ipa!/Payload/App.app/App", "build/app.ipa!/Payload/App.app/Frameworks/Alamofire.framework/Alamofire"])
    }

    @Test func aMissingListedArchiveIsAnErrorAtItsManifestLine() throws {
        let root = try Self.project("stores: [appstore]\narchives:\n  - build/app.ipa\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try Self.run(root)
            Issue.record("a missing archive was accepted")
        } catch let error as SessionError {
            #expect(error.messages == ["shipcheck.yml:3:5: archives: build/app.ipa: no such file or folder"])
        }
    }

    @Test func aListedArchiveOutsideTheRootOrOfAnotherKindIsRefusedAtLoad() throws {
        let root = try Self.project("archives: [../app.ipa, build/notes.txt]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try Self.run(root)
            Issue.record("a manifest with bad archives was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("paths are relative to the project root and stay inside it, got \"../app.ipa\""))
            #expect(text.contains("an archive is an .ipa, .xcarchive, .app, .aab or .apk, got \"build/notes.txt\""))
        }
    }

    @Test func theCommandLineArchiveReplacesTheManifests() throws {
        let root = try Self.project("archives: [build/missing.ipa]\n", copy: ["build/app.aab": "android-4kb.aab"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var options = Shipcheck.Options(path: root, checklists: try RuleExampleTests.loaded(), today: "2026-11-30")
        options.archives = [root + "/build/app.aab"]
        #expect(try Shipcheck.run(options).project.archives.map(\.kind) == [.aab])
    }
}
