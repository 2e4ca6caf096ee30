import Foundation
import Project
import Testing
@testable import Rules

@Suite struct ApplePurposeStringTests {
    typealias S = AppleRuleSupport
    let cameraUse = S.used("purpose_api.camera", at: "App/Scanner.swift", line: 14, "AVCaptureDevice")

    func plist(_ strings: [String: String], path: String = "App/Info.plist", productType: String? = nil, generated: Bool = false,
               localizations: [InfoPlistStrings] = []) -> InfoPlistFile {
        InfoPlistFile(location: SourceLocation(path: path), target: "App", strings: strings,
                      keyLines: Dictionary(uniqueKeysWithValues: strings.keys.sorted().enumerated().map { ($1, $0 + 5) }),
                      isGenerated: generated, productType: productType, localizations: localizations)
    }

    // MARK: missing

    @Test func usedAPIWithoutKeyIsAnErrorAtTheUse() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([cameraUse]), infoPlists: [plist(["CFBundleName": "App"])])
        let findings = try S.findings(project, rule: "purpose-strings.missing")
        #expect(findings.map(\.location) == [SourceLocation(path: "App/Scanner.swift", line: 14)])
        #expect(findings.first?.message.contains("NSCameraUsageDescription") == true)
        #expect(findings.first?.message.contains("ITMS-90683") == true)
    }

    @Test func keyInInfoPlistOrGeneratedKeysPasses() throws {
        let file = ProjectModel(root: "/p", facts: FactStore([cameraUse]),
                                infoPlists: [plist(["NSCameraUsageDescription": "Scans receipts to fill in the amount."])])
        #expect(try S.findings(file, rule: "purpose-strings.missing").isEmpty)
        let generated = ProjectModel(root: "/p", facts: FactStore([cameraUse]),
                                     infoPlists: [plist(["NSCameraUsageDescription": "Scans receipts to fill in the amount."],
                                                        path: "App.xcodeproj/project.pbxproj", generated: true)])
        #expect(try S.findings(generated, rule: "purpose-strings.missing").isEmpty)
    }

    @Test func aGeneratorSpecNotFullyReadMakesItAWarningThatSaysWhat() throws {
        let unread = Fact(name: "apple.project_spec.unevaluated", value: .bool(true), source: .detected,
                          evidence: [Evidence(location: SourceLocation(path: "project.yml", line: 3), snippet: "include missing.yml (not in the project)")])
        let project = ProjectModel(root: "/p", facts: FactStore([cameraUse, unread]),
                                   infoPlists: [plist([:], path: "project.yml", generated: true)])
        let findings = try S.findings(project, rule: "purpose-strings.missing")
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("as far as shipcheck could read: the project generator's spec was not fully evaluated (project.yml:3: include missing.yml (not in the project))") == true)
        // Without that fact the same absence is the error.
        let whole = ProjectModel(root: "/p", facts: FactStore([cameraUse]), infoPlists: [plist([:], path: "project.yml", generated: true)])
        let error = try S.findings(whole, rule: "purpose-strings.missing")
        #expect(error.map(\.severity) == [.error])
        #expect(error.first?.message.contains("sets it; App Store Connect") == true)
    }

    @Test func aTestBundlePlistDoesNotCount() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([cameraUse]), infoPlists: [
            plist(["NSCameraUsageDescription": "Camera for the UI tests of scanning."], path: "AppTests/Info.plist",
                  productType: "com.apple.product-type.bundle.unit-test"),
        ])
        #expect(try S.findings(project, rule: "purpose-strings.missing").count == 1)
    }

    @Test func emptyKeyDoesNotSatisfyTheAPI() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([cameraUse]), infoPlists: [plist(["NSCameraUsageDescription": " "])])
        #expect(try S.findings(project, rule: "purpose-strings.missing").count == 1)
    }

    @Test func anyAcceptedKeySatisfiesTheAPI() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([S.used("purpose_api.calendars", at: "A.swift", line: 1, "EKEventStore")]),
                                   infoPlists: [plist(["NSCalendarsWriteOnlyAccessUsageDescription": "Adds your bookings to your calendar."])])
        #expect(try S.findings(project, rule: "purpose-strings.missing").isEmpty)
    }

    @Test func alwaysLocationNeedsTheWhenInUseKeyToo() throws {
        let always = S.used("purpose_api.location_always", at: "App/Shops.swift", line: 3, "requestAlwaysAuthorization()")
        let onlyAlways = ProjectModel(root: "/p", facts: FactStore([always]),
                                      infoPlists: [plist(["NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you near the shop."])])
        let findings = try S.findings(onlyAlways, rule: "purpose-strings.missing")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("NSLocationWhenInUseUsageDescription") == true)
        let both = ProjectModel(root: "/p", facts: FactStore([always]), infoPlists: [plist([
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you near the shop.",
            "NSLocationWhenInUseUsageDescription": "Shows the shops near you.",
        ])])
        #expect(try S.findings(both, rule: "purpose-strings.missing").isEmpty)
    }

    @Test func savingToPhotosNeedsTheAddKeyNotTheReadKey() throws {
        let save = S.used("purpose_api.photo_library_add", at: "App/Saver.swift", line: 9, "UIImageWriteToSavedPhotosAlbum(image, nil, nil, nil)")
        let readKeyOnly = ProjectModel(root: "/p", facts: FactStore([save]),
                                       infoPlists: [plist(["NSPhotoLibraryUsageDescription": "Attach receipts from your library."])])
        #expect(try S.findings(readKeyOnly, rule: "purpose-strings.missing").first?.message.contains("NSPhotoLibraryAddUsageDescription") == true)
        let addKey = ProjectModel(root: "/p", facts: FactStore([save]),
                                  infoPlists: [plist(["NSPhotoLibraryAddUsageDescription": "Saves scanned receipts to Photos."])])
        #expect(try S.findings(addKey, rule: "purpose-strings.missing").isEmpty)
    }

    @Test(arguments: [
        ("purpose_api.bluetooth", "NSBluetoothPeripheralUsageDescription", "NSBluetoothAlwaysUsageDescription"),
        ("purpose_api.calendars", "NSCalendarsUsageDescription", "NSCalendarsFullAccessUsageDescription"),
        ("purpose_api.reminders", "NSCalendarsFullAccessUsageDescription", "NSRemindersFullAccessUsageDescription"),
    ])
    func aDeprecatedOrUnrelatedKeyDoesNotSatisfyTheAPI(signal: String, present: String, needed: String) throws {
        let project = ProjectModel(root: "/p", facts: FactStore([S.used(signal, at: "A.swift", line: 1, "use")]),
                                   infoPlists: [plist([present: "Explains the use of this data in a full sentence."])])
        let findings = try S.findings(project, rule: "purpose-strings.missing")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains(needed) == true)
    }

    @Test func aKeyListOfListsReadsAsSeveralRequirements() throws {
        let keys = try PurposeKeys(try S.table("purpose_keys"))
        #expect(keys.entries.filter { $0.signal == "purpose_api.location_always" }.map(\.keys) == [
            ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription"], ["NSLocationWhenInUseUsageDescription"],
        ])
        #expect(keys.entries.contains { $0.signal == "purpose_api.focus_status" && $0.keys == ["NSFocusStatusUsageDescription"] })
        #expect(keys.entries.contains { $0.signal == "purpose_api.game_center_friends" && $0.keys == ["NSGKFriendListUsageDescription"] })
    }

    @Test func aStatedFactDecides() throws {
        var facts = FactStore([cameraUse])
        facts.add(Fact(name: "purpose.NSCameraUsageDescription.declared", value: .bool(true), source: .stated))
        #expect(try S.findings(ProjectModel(root: "/p", facts: facts), rule: "purpose-strings.missing").isEmpty)
    }

    // MARK: empty

    @Test func emptyPurposeStringIsAnErrorAtItsKey() throws {
        let project = ProjectModel(root: "/p", infoPlists: [plist(["NSMicrophoneUsageDescription": "  ", "CFBundleName": ""])])
        let findings = try S.findings(project, rule: "purpose-strings.empty")
        #expect(findings.map(\.location) == [SourceLocation(path: "App/Info.plist", line: 6)])
        #expect(findings.first?.message.contains("ITMS-90738") == true)
        #expect(findings.first?.severity == .error)
    }

    @Test func emptyGeneratedKeyNamesTheBuildSetting() throws {
        let project = ProjectModel(root: "/p", infoPlists: [plist(["NSCameraUsageDescription": ""], path: "App.xcodeproj/project.pbxproj", generated: true)])
        let message = try #require(try S.findings(project, rule: "purpose-strings.empty").first?.message)
        #expect(message.contains("INFOPLIST_KEY_NSCameraUsageDescription of target App"))
    }

    @Test func emptyInATestBundleIsIgnored() throws {
        let project = ProjectModel(root: "/p", infoPlists: [plist(["NSCameraUsageDescription": ""], path: "AppTests/Info.plist")])
        #expect(try S.findings(project, rule: "purpose-strings.empty").isEmpty)
    }

    // MARK: vague

    @Test(arguments: [
        ("Needed", "it says that access is needed but not why"),
        ("Permission required.", "it says that access is needed but not why"),
        ("TODO: explain the camera", "it contains the placeholder \"TODO\""),
        ("Camera use", "it is 10 characters, under the 12 needed to explain the use"),
    ])
    func vagueStringsWarn(value: String, reason: String) throws {
        let project = ProjectModel(root: "/p", infoPlists: [plist(["NSCameraUsageDescription": value])])
        let findings = try S.findings(project, rule: "purpose-strings.vague")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains(reason) == true)
    }

    @Test(arguments: ["Scans receipts so you don't have to type the amount.", "$(CAMERA_PURPOSE)", "Todoist-style lists need your contacts to share."])
    func explanationsPass(value: String) throws {
        let project = ProjectModel(root: "/p", infoPlists: [plist(["NSCameraUsageDescription": value])])
        #expect(try S.findings(project, rule: "purpose-strings.vague").isEmpty)
    }

    // MARK: localizations

    @Test func localizationLackingAKeyIsInfo() throws {
        let german = InfoPlistStrings(location: SourceLocation(path: "App/de.lproj/InfoPlist.strings"), language: "de",
                                      strings: ["NSCameraUsageDescription": "Scannt Belege."])
        let french = InfoPlistStrings(location: SourceLocation(path: "App/fr.lproj/InfoPlist.strings"), language: "fr", strings: [:])
        let english = InfoPlistStrings(location: SourceLocation(path: "App/en.lproj/InfoPlist.strings"), language: "en", strings: [:])
        let project = ProjectModel(root: "/p", infoPlists: [
            plist(["NSCameraUsageDescription": "Scans receipts.", "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)"],
                  localizations: [german, french, english]),
        ])
        let findings = try S.findings(project, rule: "purpose-strings.localization-missing")
        #expect(findings.map(\.location.path) == ["App/fr.lproj/InfoPlist.strings"])
        #expect(findings.first?.severity == .info)
        #expect(findings.first?.message.contains("(fr) lacks translations of 1 purpose string that App/Info.plist sets (NSCameraUsageDescription)") == true)
    }

    /// An empty InfoPlist.strings (React Native's template) lacks every key: one note naming them all, not one per key.
    @Test func aLocalizationLackingSeveralKeysIsOneNote() throws {
        let french = InfoPlistStrings(location: SourceLocation(path: "App/fr.lproj/InfoPlist.strings"), language: "fr", strings: [:])
        let project = ProjectModel(root: "/p", infoPlists: [
            plist(["NSCameraUsageDescription": "Scans receipts.", "NSMicrophoneUsageDescription": "Records notes.",
                   "CFBundleDevelopmentRegion": "en"], localizations: [french]),
        ])
        let findings = try S.findings(project, rule: "purpose-strings.localization-missing")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("lacks translations of 2 purpose strings that App/Info.plist sets (NSCameraUsageDescription, NSMicrophoneUsageDescription)") == true)
    }

    /// Many translations lacking keys: one note per Info.plist (issue 39: 125 notes on one app), naming each language
    /// and, where a file lacks only some of the keys, which.
    @Test func manyLocalizationsAreOneNotePerBundle() throws {
        let french = InfoPlistStrings(location: SourceLocation(path: "App/fr.lproj/InfoPlist.strings"), language: "fr", strings: [:])
        let italian = InfoPlistStrings(location: SourceLocation(path: "App/it.lproj/InfoPlist.strings"), language: "it", strings: [:])
        let german = InfoPlistStrings(location: SourceLocation(path: "App/de.lproj/InfoPlist.strings"), language: "de",
                                      strings: ["NSCameraUsageDescription": "Scannt Belege."])
        let project = ProjectModel(root: "/p", infoPlists: [
            plist(["NSCameraUsageDescription": "Scans receipts.", "NSMicrophoneUsageDescription": "Records notes.",
                   "CFBundleDevelopmentRegion": "en"], localizations: [french, italian, german]),
        ])
        let findings = try S.findings(project, rule: "purpose-strings.localization-missing")
        #expect(findings.map(\.location.path) == ["App/de.lproj/InfoPlist.strings"])
        #expect(findings.first?.message.contains("3 InfoPlist.strings files (de (NSMicrophoneUsageDescription), fr, it) lack translations of 2 purpose strings") == true,
                "\(findings.first?.message ?? "")")
    }
}

@Suite struct AppleSymbolTableTests {
    typealias S = AppleRuleSupport

    /// Purpose strings and required reasons are Apple-only: an Android or Kotlin file must never trigger them.
    /// Besides Swift and Objective-C, the ATT prompt is read in Dart and JS (its plugins call the same API) and the
    /// required-reason C functions in C, C++ and Rust, outside Android's and the desktop runners' folders.
    @Test(arguments: ["purpose_api_symbols", "required_reason_symbols", "hosted_content_symbols", "odr_symbols"])
    func appleSymbolTablesScanSwiftAndObjectiveCOnly(name: String) throws {
        let table = try #require(try S.table(name))
        #expect(table.kind == "symbols")
        let entries = try #require(table.value.sequence)
        #expect(!entries.isEmpty)
        for entry in entries {
            let languages = entry["languages"]?.sequence?.compactMap(\.scalar)
            let fact = entry["fact"]?.scalar ?? "?"
            if languages == ["c", "cpp", "rust"] {
                #expect(name == "required_reason_symbols", "\(fact)")
                #expect(entry["not_in_paths"]?.sequence?.compactMap(\.scalar).contains("/android/") == true, "\(fact)")
            } else if languages == ["dart", "javascript"] {
                #expect(fact == "purpose_api.tracking")
            } else if languages == ["swift"] || languages == ["objc"] {
                // A language's own spelling of an API (Swift's start(_:) is Objective-C's startDownloads:).
                #expect(name == "hosted_content_symbols", "\(fact)")
            } else {
                #expect(languages == ["swift", "objc"], "\(fact)")
            }
            #expect(languages?.contains("kotlin") != true && languages?.contains("java") != true, "\(fact)")
        }
    }

    @Test func everyPurposeSignalHasSymbolsAndKeys() throws {
        let symbols = try #require(try S.table("purpose_api_symbols")?.value.sequence).compactMap { $0["fact"]?.scalar }
        let keys = try #require(try S.table("purpose_keys")?.value.mapping).compactMap(\.key.scalar)
        #expect(Set(symbols) == Set(keys))
        #expect(Set(symbols).count == keys.count)
    }

    @Test func everyRequiredReasonCategoryHasSymbols() throws {
        let symbols = Set(try #require(try S.table("required_reason_symbols")?.value.sequence).compactMap { $0["fact"]?.scalar })
        let categories = try RequiredReasonCategories(try S.table("required_reason_categories"))
        #expect(Set(categories.categories.map(\.fact)) == symbols)
        #expect(categories.categories.count == 5)
    }
}
