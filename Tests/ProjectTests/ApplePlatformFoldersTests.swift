import Foundation
import Testing
@testable import Project

/// Code of another platform's build is no evidence against an Apple bundle: Swift, Objective-C, C, C++ and Rust in a
/// Gradle module that declares no Apple target, or in a Flutter app's desktop runners (the shapes of keyguard-app's
/// desktopLibNative/ and androidSshAgent/, see Tests/RuleExamples/*/shapes/kotlin-multiplatform for the whole runs).
@Suite struct ApplePlatformFoldersTests {
    static func files(_ tree: [String: String]) throws -> (TemporaryFolder, [ProjectFile]) {
        let folder = try TemporaryFolder()
        for (path, text) in tree { try folder.write(path, Data(text.utf8)) }
        return (folder, MetadataTestSupport.walk(folder.path))
    }

    @Test func aModuleWithoutAnAppleTargetIsAnotherPlatformsAndOneWithOneIsNot() throws {
        let (folder, files) = try Self.files([
            "settings.gradle.kts": "include(\":shared\", \":desktopNative\", \":androidAgent\", \":kmpConvention\")\n",
            "build.gradle.kts": "plugins { }\n",
            "desktopNative/build.gradle.kts": "plugins { id(\"app.cargo-common\") }\nrustTarget.set(host.desktopRustTarget) // isMacOs\n",
            "androidAgent/build.gradle.kts": "plugins { id(\"com.android.library\") }\n",
            "shared/build.gradle.kts": "kotlin {\n    jvm()\n    iosArm64()\n}\n",
            // Targets from a convention plugin: the Apple source set says it.
            "kmpConvention/build.gradle.kts": "plugins { id(\"app.kmp-library\") }\n",
            "kmpConvention/src/iosMain/kotlin/A.kt": "package a\n",
        ])
        _ = folder
        let found = ApplePlatformFolders.find(files: files)
        #expect(found.foreign == ["desktopNative", "androidAgent"])
        #expect(found.apple == ["shared", "kmpConvention"])
        let scope = ShippingScope().with(found)
        #expect(!scope.ships("desktopNative/src/objc/desktop_lib.m"))
        #expect(!scope.ships("androidAgent/src/src/process.rs"))
        // Kotlin and Java there are still scanned (Android's own signals); the Apple module's native code ships.
        #expect(scope.ships("androidAgent/src/main/kotlin/Agent.kt"))
        #expect(scope.ships("shared/rust/src/fsops.rs"))
        // The build's root (it holds settings.gradle) is no module: an iosApp/ beside the modules ships.
        #expect(scope.ships("iosApp/iosApp/ContentView.swift"))
    }

    /// keyguard-app's commonAgent/: a crate no module holds, which only the Android and desktop agents' crates depend on.
    @Test func aCrateOnlyOtherPlatformsDependOnIsTheirsAndOneAnAppleModuleUsesIsNot() throws {
        let (folder, files) = try Self.files([
            "settings.gradle.kts": "include(\":androidAgent\", \":shared\")\n",
            "androidAgent/build.gradle.kts": "plugins { id(\"com.android.library\") }\n",
            "androidAgent/src/Cargo.toml": "[package]\nname = \"agent\"\n[[bin]]\npath = \"src/main.rs\"\n[dependencies]\nidentity = { path = \"../../commonAgent\" }\n",
            "commonAgent/Cargo.toml": "[package]\nname = \"identity\"\n",
            "commonAgent/src/linux_identity.rs": "fn f() {}\n",
            "shared/build.gradle.kts": "kotlin { iosArm64() }\n",
            "shared/rust/Cargo.toml": "[dependencies]\nfsops = { path = \"../../commonIO\" }\n",
            "commonIO/Cargo.toml": "[package]\nname = \"fsops\"\n",
            "unused/Cargo.toml": "[package]\nname = \"unused\"\n",
        ])
        _ = folder
        let scope = ShippingScope().with(ApplePlatformFolders.find(files: files))
        #expect(!scope.ships("commonAgent/src/linux_identity.rs"))
        // The true twins: a crate an Apple module depends on, and one nothing in the tree depends on.
        #expect(scope.ships("commonIO/src/fsops.rs"))
        #expect(scope.ships("unused/src/lib.rs"))
    }

    /// flutter_server_box's Rust workspace: crates/sbm_ffi builds the staticlib the app links (cargokit) and depends on
    /// crates/sbm_parser; monitor/ (a server with its Dockerfile) and crates/sbm_native are built for something else.
    @Test func cratesNoLinkableLibraryReachesAreNotTheApps() throws {
        let (folder, files) = try Self.files([
            "Cargo.toml": "[workspace]\nmembers = [\"crates/sbm_parser\", \"crates/sbm_native\", \"crates/sbm_ffi\", \"monitor\"]\n",
            "crates/sbm_ffi/Cargo.toml": "[package]\nname = \"sbm_ffi\"\n[lib]\ncrate-type = [\"cdylib\", \"staticlib\"]\n"
                + "[dependencies]\nsbm_parser = { path = \"../sbm_parser\" }\n",
            "crates/sbm_parser/Cargo.toml": "[package]\nname = \"sbm_parser\"\n",
            "crates/sbm_native/Cargo.toml": "[package]\nname = \"sbm_native\"\n",
            "monitor/Cargo.toml": "[package]\nname = \"server_box_monitor\"\n[lib]\npath = \"src/lib.rs\"\n"
                + "[dependencies]\nsbm_parser = { path = \"../crates/sbm_parser\" }\nsbm_native = { path = \"../crates/sbm_native\" }\n",
        ])
        _ = folder
        let scope = ShippingScope().with(ApplePlatformFolders.find(files: files))
        #expect(!scope.ships("monitor/src/api/fs.rs"))
        #expect(!scope.ships("crates/sbm_native/src/lib.rs"))
        // The linked crate, what it depends on, and the app's Dart and Swift beside the workspace.
        #expect(scope.ships("crates/sbm_ffi/src/api.rs"))
        #expect(scope.ships("crates/sbm_parser/src/lib.rs"))
        #expect(scope.ships("ios/Runner/AppDelegate.swift"))
    }

    /// Without a staticlib or cdylib crate nothing is decided: a build step may pass `--crate-type` itself.
    @Test func withoutALinkableCrateEveryCrateStaysIn() throws {
        let (folder, files) = try Self.files([
            "core/Cargo.toml": "[package]\nname = \"core\"\n",
            "server/Cargo.toml": "[package]\nname = \"server\"\n[dependencies]\ncore = { path = \"../core\" }\n",
        ])
        _ = folder
        let scope = ShippingScope().with(ApplePlatformFolders.find(files: files))
        #expect(scope.ships("server/src/main.rs"))
        #expect(scope.ships("core/src/lib.rs"))
    }

    @Test func aRustTargetStringForAppleCountsAsAnAppleTarget() {
        #expect(ApplePlatformFolders.declaresAppleTarget(Array("cargo { targets = listOf(\"aarch64-apple-ios\") }".utf8)))
        #expect(ApplePlatformFolders.declaresAppleTarget(Array("kotlin { macosArm64(); cinterops { } }".utf8)))
        #expect(!ApplePlatformFolders.declaresAppleTarget(Array("android { namespace = \"a.b\"; compileOptions { } }".utf8)))
        // An identifier's beginning in any case; not inside a word, not a word shorter than the Apple word.
        #expect(ApplePlatformFolders.declaresAppleTarget(Array("val t = IOSX64()".utf8)))
        #expect(ApplePlatformFolders.declaresAppleTarget(Array("xcode".utf8)))
        #expect(!ApplePlatformFolders.declaresAppleTarget(Array("bios(); _ios; pineapple; xcod; io".utf8)))
    }

    @Test func flutterDesktopRunnersAreAnotherPlatformsButItsIOSFolderIsNot() throws {
        let (folder, files) = try Self.files([
            "pubspec.yaml": "name: app\n",
            "linux/runner/main.cc": "int main() { return 0; }\n",
            "windows/runner/main.cpp": "int main() { return 0; }\n",
            "ios/Runner/AppDelegate.swift": "import UIKit\n",
        ])
        _ = folder
        let scope = ShippingScope().with(ApplePlatformFolders.find(files: files))
        #expect(!scope.ships("linux/runner/main.cc"))
        #expect(!scope.ships("windows/runner/main.cpp"))
        #expect(scope.ships("ios/Runner/AppDelegate.swift"))
    }

    @Test func aFileAShippingTargetCompilesShipsWhateverItsFolder() {
        let scope = ShippingScope(shippingMembers: ["desktopNative/src/objc/shared.m"],
                                  platformFolders: .init(foreign: ["desktopNative"]))
        #expect(scope.ships("desktopNative/src/objc/shared.m"))
        #expect(!scope.ships("desktopNative/src/objc/other.m"))
    }
}
