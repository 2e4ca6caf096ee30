import Project
import StoreLocale
import Testing
@testable import Rules

/// `given:` over project collections: what each selector hands a check, and where.
@Suite struct ProjectSelectorTests {
    static let app = InfoPlistFile(location: SourceLocation(path: "App/Info.plist"), target: "App",
                                   strings: ["NSCameraUsageDescription": "Scans receipts.", "NSMicrophoneUsageDescription": " ",
                                             "CFBundleName": "Tide"],
                                   keyLines: ["NSCameraUsageDescription": 9, "NSMicrophoneUsageDescription": 11],
                                   productType: "com.apple.product-type.application")
    static let widget = InfoPlistFile(location: SourceLocation(path: "Widget/Info.plist"), target: "Widget", strings: [:],
                                      productType: "com.apple.product-type.app-extension")
    static let tests = InfoPlistFile(location: SourceLocation(path: "AppTests/Info.plist"), target: "AppTests",
                                     strings: ["NSCameraUsageDescription": ""], productType: "com.apple.product-type.bundle.unit-test")
    static let project = ProjectModel(root: "/p", infoPlists: [widget, tests, app])

    func subjects(_ text: String, in project: ProjectModel = Self.project) throws -> [Subject] {
        try Selector.parse(text).subjects(in: project, stores: [])
    }

    @Test func aPlistGlobSelectsTheKeysThatAreSetAtTheirLines() throws {
        let found = try subjects("apple.plists.*.*UsageDescription").map { "\($0.location) \($0.labels["key"] ?? "") \($0.isAbsent)" }
        // The test bundle's plist is never uploaded; the widget sets no purpose string.
        #expect(found == ["App/Info.plist:9 NSCameraUsageDescription false", "App/Info.plist:11 NSMicrophoneUsageDescription false"])
    }

    @Test func aNamedKeyIsAlsoSelectedWhereItIsMissing() throws {
        let found = try subjects("apple.plists.*.CFBundleName").map { "\($0.location.path) \($0.value) \($0.isAbsent)" }
        #expect(found == ["App/Info.plist Tide false", "Widget/Info.plist  true"])
        // apps: application targets only.
        #expect(try subjects("apple.apps.*.CFBundleName").map(\.location.path) == ["App/Info.plist"])
    }

    @Test func androidPermissionsOfShippingManifestsAndDependencies() throws {
        let main = AndroidManifestFile(location: SourceLocation(path: "app/src/main/AndroidManifest.xml"), permissions: [
            AndroidPermission(name: "android.permission.CAMERA", maxSdkVersion: nil, line: 4),
            AndroidPermission(name: "android.permission.READ_CONTACTS", maxSdkVersion: nil, line: 5, toolsNode: "remove"),
        ])
        let library = AndroidManifestFile(location: SourceLocation(path: "lib/src/main/AndroidManifest.xml"), permissions: [
            AndroidPermission(name: "android.permission.READ_SMS", maxSdkVersion: nil, line: 2),
        ])
        let dependency = Dependency(name: "Alamofire", version: "5.9.1", location: SourceLocation(path: "Package.resolved", line: 12), ecosystem: .swiftpm)
        var project = ProjectModel(root: "/p", androidManifests: [main, library], dependencies: [dependency])
        // What the inspector merged for the release (the library is not merged): the manifests as written are not read.
        var app = AndroidShippedModule(name: "app", isRelease: true, location: SourceLocation(path: "app/build.gradle", line: 2),
                                       formFactor: AndroidResolved("phone", evidence: []), stores: AndroidResolved(["play"], evidence: []))
        app.permissions = [
            AndroidShippedPermission(name: "android.permission.CAMERA", location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 4), module: "app"),
        ]
        project.parts[AndroidPart.self].modules = [app]
        #expect(try subjects("android.permissions.*", in: project).map { "\($0.location) \($0.value) \($0.labels["file"] ?? "")" }
            == ["app/src/main/AndroidManifest.xml:4 android.permission.CAMERA app/src/main/AndroidManifest.xml"])
        let found = try #require(try subjects("dependencies.*", in: project).first)
        #expect(found.value == "Alamofire")
        #expect(found.labels["ecosystem"] == "swiftpm")
        #expect(found.labels["version"] == "5.9.1")
    }

    /// `android.modules.*.permissions.*`, the Android inspector's selector: each module's shipped permissions with
    /// its module; `android.permissions.*` the app's, each declaration once (a manifest two modules merge).
    @Test func eachModulesPermissionsAndTheAppsFromOnePart() throws {
        func module(_ name: String, release: Bool, _ permissions: [(String, String, Int)]) -> AndroidShippedModule {
            var module = AndroidShippedModule(name: name, isRelease: release, location: SourceLocation(path: "\(name)/build.gradle", line: 2),
                                              formFactor: AndroidResolved("phone", evidence: []), stores: AndroidResolved(["play"], evidence: []))
            module.permissions = permissions.map { AndroidShippedPermission(name: $0.0, location: SourceLocation(path: $0.1, line: $0.2), module: name) }
            return module
        }
        var project = ProjectModel(root: "/p")
        project.parts[AndroidPart.self].modules = [
            module("app", release: true, [("android.permission.CAMERA", "app/src/main/AndroidManifest.xml", 4),
                                          ("android.permission.INTERNET", "core/src/main/AndroidManifest.xml", 3)]),
            module("wear", release: false, [("android.permission.BODY_SENSORS", "wear/src/main/AndroidManifest.xml", 3),
                                            ("android.permission.INTERNET", "core/src/main/AndroidManifest.xml", 3)]),
        ]
        let provided = InspectorRegistry.selectors()
        let perModule = try Selector.parse("android.modules.*.permissions.*", provided: provided).subjects(in: project, stores: [])
        #expect(perModule.map { "\($0.labels["module"] ?? "") \($0.value) \($0.location)" } == [
            "app android.permission.CAMERA app/src/main/AndroidManifest.xml:4",
            "app android.permission.INTERNET core/src/main/AndroidManifest.xml:3",
            "wear android.permission.BODY_SENSORS wear/src/main/AndroidManifest.xml:3",
            "wear android.permission.INTERNET core/src/main/AndroidManifest.xml:3",
        ])
        #expect(try subjects("android.permissions.*", in: project).map { "\($0.value) \($0.location)" } == [
            "android.permission.CAMERA app/src/main/AndroidManifest.xml:4",
            "android.permission.INTERNET core/src/main/AndroidManifest.xml:3",
            "android.permission.BODY_SENSORS wear/src/main/AndroidManifest.xml:3",
        ])
        // Without the Android inspector's declaration the text is no selector.
        #expect(throws: ExpressionError.self) { try Selector.parse("android.modules.*.permissions.*") }
    }

    @Test func presentReportsAnEmptyValueAndAMissingKey() throws {
        let selectors = [try Selector.parse("apple.plists.*.*UsageDescription"), try Selector.parse("apple.plists.*.CFBundleName")]
        let given = Engine.subjects(selectors, for: GenericPresent.function, project: Self.project, stores: [])
        let results = try GenericCheckSupport.run(GenericPresent.function, given)
        #expect(results.map { "\($0.location) \($0.values["problem"] ?? "")" } == ["App/Info.plist:11 empty", "Widget/Info.plist missing"])
        // Any other check is never shown a missing value.
        #expect(Engine.subjects(selectors, for: GenericLength.function, project: Self.project, stores: []).allSatisfy { !$0.isAbsent })
    }

    @Test func presentAnywhereIsSatisfiedByOnePlace() throws {
        let selector = try Selector.parse("apple.plists.*.CFBundleName")
        let given = Engine.subjects([selector], for: GenericPresent.function, project: Self.project, stores: [])
        #expect(try GenericCheckSupport.run(GenericPresent.function, given, options: ["anywhere": .bool(true)]).isEmpty)
        let none = try Selector.parse("apple.plists.*.ITSAppUsesNonExemptEncryption")
        let missing = Engine.subjects([none], for: GenericPresent.function, project: Self.project, stores: [])
        let results = try GenericCheckSupport.run(GenericPresent.function, missing, options: ["anywhere": .bool(true)])
        #expect(results.map { "\($0.location) \($0.values["files"] ?? "")" } == ["App/Info.plist App/Info.plist, Widget/Info.plist"])
    }
}
