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
