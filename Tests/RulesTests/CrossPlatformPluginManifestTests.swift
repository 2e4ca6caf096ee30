import Foundation
import Testing
@testable import Project
@testable import Rules

/// What a Flutter or React Native app's plugins add to its Android release manifest (CrossPlatformPackages), over
/// copies of the shapes/flutter trigger of android-manifest.foreground-service-permission: a known plugin's published
/// permissions (the plugin_manifests table) are merged; an unseen one makes the missing permission a note; a native
/// app stays a warning; a path dependency that leaves the folder checked is never read, and said so.
@Suite struct CrossPlatformPluginManifestTests {
    static let rule = "android-manifest.foreground-service-permission"
    static let shape = "\(RuleExampleTests.examplesRoot)/\(rule)/shapes/flutter"

    /// A copy of the flutter trigger under a temporary folder (as `sub`), with `files` written over it.
    func copy(_ files: [String: String], sub: String = "app") throws -> (root: String, app: String) {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("shipcheck-plugins-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: ((root + "/" + sub) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try manager.copyItem(atPath: Self.shape + "/trigger", toPath: root + "/" + sub)
        for (path, text) in files {
            let full = root + "/" + path
            try manager.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return (root, root + "/" + sub)
    }

    func lock(_ packages: [(name: String, version: String)]) -> String {
        "packages:\n" + packages.map { package in
            "  \(package.name):\n    dependency: \"direct main\"\n    description:\n      name: \(package.name)\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"\(package.version)\"\n"
        }.joined() + "sdks:\n  dart: \">=3.5.0 <4.0.0\"\n"
    }

    @Test func aKnownPluginsPublishedPermissionIsMergedAtItsLockLine() throws {
        let (root, app) = try copy(["app/pubspec.lock": lock([("flutter_foreground_task", "9.2.2")])])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let findings = try RuleExampleTests.evaluate(app).filter { $0.rule == Self.rule }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        let project = try RuleExampleTests.inspect(app, checklists: try RuleExampleTests.loaded())
        let granted = try #require(project.facts["android.permission.FOREGROUND_SERVICE"])
        #expect(granted.evidence.map(\.location) == [SourceLocation(path: "pubspec.lock", line: 2)])
        #expect(granted.evidence.first?.snippet.contains("flutter_foreground_task 9.2.2: its published AndroidManifest.xml adds FOREGROUND_SERVICE") == true)
        // The lock is not listed as a manifest the release merges.
        #expect(project.facts["android.release_manifests"] == nil)
        #expect(project.facts["android.module.android/app.release_manifests"]?.value == .list(["android/app/src/main/AndroidManifest.xml"]))
        #expect(project.facts["android.plugins_unseen"] == nil)
    }

    @Test func anUnseenPluginMakesTheMissingPermissionANoteThatNamesIt() throws {
        let findings = try RuleExampleTests.evaluate(Self.shape + "/trigger").filter { $0.rule == Self.rule }
        #expect(findings.map(\.severity) == [.info])
        #expect(findings.first?.message.contains("depends on 1 package whose own AndroidManifest.xml, if they have one, is not in the repository (wakelock_plus)") == true,
                "\(findings.map(\.message))")
    }

    @Test func aNativeAppsOwnServiceWithoutThePermissionStaysAWarning() throws {
        let findings = try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/\(Self.rule)/trigger").filter { $0.rule == Self.rule }
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.allSatisfy { !$0.message.contains("as far as shipcheck can see") })
    }

    @Test func federatedPlatformPackagesAndDevDependenciesAreNotUnseenManifests() throws {
        let text = lock([("url_launcher_ios", "6.3.1"), ("path_provider_platform_interface", "2.1.2")])
            + "" // a dev dependency never ships
        let dev = text.replacingOccurrences(of: "sdks:", with: "  build_runner:\n    dependency: \"direct dev\"\n    source: hosted\n    version: \"2.4.0\"\nsdks:")
        let (root, app) = try copy(["app/pubspec.lock": dev])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let findings = try RuleExampleTests.evaluate(app).filter { $0.rule == Self.rule }
        // Nothing unseen is left: the absence is the rule's warning again.
        #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
    }

    @Test func aPathDependencyOutsideTheFolderCheckedIsNotReadAndSaidSo() throws {
        let pubspec = "name: beam\ndependencies:\n  flutter:\n    sdk: flutter\n  keepalive:\n    path: ../plugins/keepalive\n"
        let (root, app) = try copy([
            "app/pubspec.yaml": pubspec, "app/pubspec.lock": "packages:\n  flutter:\n    source: sdk\n    version: \"0.0.0\"\n",
            "plugins/keepalive/android/src/main/AndroidManifest.xml":
                "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n<uses-permission android:name=\"android.permission.FOREGROUND_SERVICE\" />\n</manifest>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = try RuleExampleTests.inspect(app, checklists: try RuleExampleTests.loaded())
        let outside = try #require(project.facts["android.plugins_outside_root"])
        #expect(outside.value == .list(["keepalive"]))
        #expect(outside.evidence.first?.snippet == "keepalive: path ../plugins/keepalive leaves the folder checked; not read")
        // Its manifest was not read: the permission is not granted from it, and the finding is a note that says why.
        #expect(project.facts["android.permission.FOREGROUND_SERVICE"] == nil)
        let alone = try RuleExampleTests.evaluate(app).filter { $0.rule == Self.rule }
        #expect(alone.map(\.severity) == [.info])
        #expect(alone.first?.message.contains("path dependencies outside the folder checked were not read (keepalive)") == true, "\(alone.map(\.message))")
        // Run from the folder above, the same plugin is in the tree and its manifest is merged.
        let whole = try RuleExampleTests.inspect(root, checklists: try RuleExampleTests.loaded())
        #expect(whole.facts["android.permission.FOREGROUND_SERVICE"]?.evidence.map(\.location.path) == ["plugins/keepalive/android/src/main/AndroidManifest.xml"])
        #expect(try RuleExampleTests.evaluate(root).filter { $0.rule == Self.rule }.isEmpty)
    }

    @Test func aReactNativeModuleFromTheTableIsMerged() throws {
        let manifest = "{\n  \"name\": \"beam\",\n  \"dependencies\": {\n    \"react-native\": \"0.76.5\",\n    \"react-native-background-actions\": \"^4.0.1\"\n  }\n}\n"
        let (root, app) = try copy(["app/package.json": manifest])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: app + "/pubspec.yaml")
        try FileManager.default.removeItem(atPath: app + "/pubspec.lock")
        let project = try RuleExampleTests.inspect(app, checklists: try RuleExampleTests.loaded())
        #expect(project.facts["android.permission.FOREGROUND_SERVICE"]?.evidence.map(\.location) == [SourceLocation(path: "package.json", line: 5)])
        // react-native itself is an npm package whose manifest is not in the tree.
        #expect(project.facts["android.plugins_unseen"]?.value == .list(["react-native"]))
        #expect(try RuleExampleTests.evaluate(app).filter { $0.rule == Self.rule }.isEmpty)
    }

    /// A React Native app in a yarn workspace: its native module is a sibling workspace package named by
    /// `workspace:*`, whose android/src/main/AndroidManifest.xml is in the tree and merged.
    @Test func aWorkspacePackagesManifestIsMergedIntoTheReactNativeApp() throws {
        let manifest = "{\n  \"name\": \"beam\",\n  \"dependencies\": {\n    \"react-native\": \"0.76.5\",\n    \"@beam/keepalive\": \"workspace:*\"\n  }\n}\n"
        let (root, _) = try copy([
            "apps/mobile/package.json": manifest,
            "package.json": "{ \"name\": \"beam-monorepo\", \"private\": true, \"workspaces\": [\"apps/*\", \"packages/*\"] }\n",
            "packages/keepalive/package.json": "{ \"name\": \"@beam/keepalive\" }\n",
            "packages/keepalive/android/src/main/AndroidManifest.xml":
                "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n<uses-permission android:name=\"android.permission.FOREGROUND_SERVICE\" />\n</manifest>\n",
        ], sub: "apps/mobile")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/apps/mobile/pubspec.yaml")
        try FileManager.default.removeItem(atPath: root + "/apps/mobile/pubspec.lock")
        let project = try RuleExampleTests.inspect(root, checklists: try RuleExampleTests.loaded())
        #expect(project.facts["android.permission.FOREGROUND_SERVICE"]?.evidence.map(\.location.path) == ["packages/keepalive/android/src/main/AndroidManifest.xml"])
        #expect(project.facts["packages.local.apps/mobile"]?.value == .list(["packages/keepalive"]))
    }

    /// A lock above the app counts only for a pub workspace member (`resolution: workspace`): another project's lock
    /// says nothing about this app's plugins.
    @Test func aLockAboveTheAppCountsOnlyForAWorkspaceMember() throws {
        let lockAbove = lock([("flutter_foreground_task", "9.2.2")])
        let (root, app) = try copy(["pubspec.lock": lockAbove])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: app + "/pubspec.lock")
        let alone = try RuleExampleTests.evaluate(root).filter { $0.rule == Self.rule }
        #expect(alone.map(\.severity) == [.info], "\(alone.map(\.message))")
        let pubspec = try String(contentsOfFile: app + "/pubspec.yaml", encoding: .utf8)
        try pubspec.replacingOccurrences(of: "publish_to: none", with: "publish_to: none\nresolution: workspace")
            .write(toFile: app + "/pubspec.yaml", atomically: true, encoding: .utf8)
        #expect(try RuleExampleTests.evaluate(root).filter { $0.rule == Self.rule }.isEmpty)
    }

    /// Every plugin_manifests row names its package, its ecosystem (pub or npm), the permissions its published manifest
    /// adds and where that was read: a row the inspection would drop for want of a field fails here.
    @Test func everyPluginManifestRowIsCompleteAndSourced() throws {
        let table = try #require(try RuleExampleTests.loaded().compactMap { $0.tables["plugin_manifests"] }.first)
        #expect(table.kind == "plugin_manifests")
        let rows = try #require(table.value.sequence)
        #expect(rows.count >= 4)
        for row in rows {
            let package = row["package"]?.scalar ?? ""
            #expect(!package.isEmpty)
            #expect(["pub", "npm"].contains(row["ecosystem"]?.scalar ?? ""), "\(package)")
            let permissions = row["permissions"]?.sequence ?? []
            #expect(permissions.count > 0, "\(package)")
            #expect((row["source"]?.scalar ?? "").contains("AndroidManifest.xml"), "\(package) cites no manifest")
        }
        let loaded = CrossPlatformPackages.KnownManifest.rows([SymbolTableSource(name: table.name, file: table.file, value: table.value)])
        #expect(loaded.count == rows.count)
    }

    /// The app's own `tools:node="remove"` takes a known plugin's permission out of the merged manifest, as the
    /// manifest merger does.
    @Test func theAppsRemovalWinsOverAKnownPluginsPermission() throws {
        let manifest = try String(contentsOfFile: Self.shape + "/trigger/android/app/src/main/AndroidManifest.xml", encoding: .utf8)
            .replacingOccurrences(of: "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">",
                                  with: "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" xmlns:tools=\"http://schemas.android.com/tools\">\n    <uses-permission android:name=\"android.permission.WAKE_LOCK\" tools:node=\"remove\" />")
        let (root, app) = try copy(["app/pubspec.lock": lock([("flutter_foreground_task", "9.2.2")]), "app/android/app/src/main/AndroidManifest.xml": manifest])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = try RuleExampleTests.inspect(app, checklists: try RuleExampleTests.loaded())
        #expect(project.facts["android.permission.WAKE_LOCK"] == nil)
        #expect(project.facts["android.permission_removed.android.permission.WAKE_LOCK"] != nil)
        #expect(project.facts["android.permission.FOREGROUND_SERVICE"] != nil)
    }
}
