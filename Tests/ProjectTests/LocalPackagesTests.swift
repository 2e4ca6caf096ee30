import Foundation
import Testing
@testable import Project

/// A monorepo's path dependencies as `packages.local.<folder>` facts (LocalPackages), over small trees written to a
/// temporary folder: each ecosystem's way of naming a sibling package, and what leaves the root.
@Suite struct LocalPackagesTests {
    func facts(_ files: [String: String]) throws -> [Fact] {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("shipcheck-local-packages-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return LocalPackages.facts(files: AndroidTestPaths.walk(root))
    }

    func value(_ facts: [Fact], _ name: String) -> FactValue? { AndroidTestPaths.value(facts, name) }

    @Test func pubPathDependenciesAndWorkspaceMembersNamedByVersion() throws {
        let found = try facts([
            "pubspec.yaml": "name: _workspace\nworkspace:\n  - apps/photos\n  - packages/album_store\n  - packages/theme\n",
            "apps/photos/pubspec.yaml": "name: photos\ndependencies:\n  flutter:\n    sdk: flutter\n  album_store:\n    path: ../../packages/album_store\n  theme: ^1.0.0\n  http: ^1.2.0\n",
            "packages/album_store/pubspec.yaml": "name: album_store\n",
            "packages/theme/pubspec.yaml": "name: theme\n",
        ])
        // The path dependency, and the workspace member `theme` named by a version (pub resolves it to the member).
        #expect(value(found, "packages.local.apps/photos") == .list(["packages/album_store", "packages/theme"]))
        #expect(found.first { $0.name == "packages.local.apps/photos" }?.evidence.map(\.location) == [
            SourceLocation(path: "apps/photos/pubspec.yaml", line: 5), SourceLocation(path: "apps/photos/pubspec.yaml", line: 7),
        ])
        #expect(value(found, "packages.outside_root") == nil)
    }

    @Test func npmFileLinksWorkspacesAndTheWorkspaceProtocol() throws {
        let found = try facts([
            "package.json": #"{ "name": "root", "private": true, "workspaces": ["apps/*", "packages/*"] }"#,
            "apps/mobile/package.json": #"{ "name": "mobile", "dependencies": { "react-native": "0.76.5", "@acme/ui": "workspace:*", "@acme/auth": "1.0.0", "local-kit": "file:../../vendor/local-kit" } }"#,
            "packages/ui/package.json": #"{ "name": "@acme/ui" }"#,
            "packages/auth/package.json": #"{ "name": "@acme/auth" }"#,
            "vendor/local-kit/package.json": #"{ "name": "local-kit" }"#,
        ])
        #expect(value(found, "packages.local.apps/mobile") == .list(["packages/auth", "packages/ui", "vendor/local-kit"]))
    }

    @Test func swiftPackagePathsButNotCommentedOnes() throws {
        let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Feature", dependencies: [
            .package(path: "../Core"),
            // .package(path: "../Old"),
            .package(name: "Design", path: "../Design"),
        ])
        """
        let found = try facts(["Packages/Feature/Package.swift": manifest])
        #expect(value(found, "packages.local.Packages/Feature") == .list(["Packages/Core", "Packages/Design"]))
    }

    @Test func aPathThatLeavesTheRootIsOnlyNamed() throws {
        let found = try facts(["pubspec.yaml": "name: app\ndependencies:\n  shared:\n    path: ../shared\n  abs:\n    path: /opt/abs\n"])
        #expect(value(found, "packages.outside_root") == .list(["../shared", "/opt/abs"]))
        #expect(found.first { $0.name == "packages.outside_root" }?.evidence.first?.snippet == "shared: path ../shared leaves the folder checked; not read")
        #expect(found.allSatisfy { !$0.name.hasPrefix("packages.local.") })
    }

    /// A `dependency_overrides:` entry with a path is what the app builds with: it counts as a local package.
    @Test func aPathOverrideIsALocalPackage() throws {
        let found = try facts([
            "app/pubspec.yaml": "name: app\ndependencies:\n  theme: ^1.0.0\ndependency_overrides:\n  theme:\n    path: ../forks/theme\n  pasteboard:\n    git:\n      url: https://example.com/x.git\n      path: packages/pasteboard\n",
            "forks/theme/pubspec.yaml": "name: theme\n",
        ])
        #expect(value(found, "packages.local.app") == .list(["forks/theme"]))
        #expect(found.first { $0.name == "packages.local.app" }?.evidence.map(\.location) == [SourceLocation(path: "app/pubspec.yaml", line: 3)])
    }
}
