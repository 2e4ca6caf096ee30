import Testing
@testable import Project

/// The build-file names found once per file pick, for each step of reading an Android build, the files that step's
/// own test of the name picked, shipping only, in the walk's order.
@Suite struct BuildFileNamesTests {
    @Test func eachStepGetsTheFilesItsNameTestPicks() {
        let paths = ["app/src/main/AndroidManifest.xml", "gradle.properties", "app/gradle.properties", "gradle/libs.versions.toml",
                     "gradle/other.versions.toml", "settings.gradle", "settings.gradle.kts", "app/build.gradle", "lib/build.gradle.kts",
                     "app/config.properties", "local.properties", "app/src/main/res/values/strings.xml", "pubspec.yaml", "pubspec.lock",
                     "package.json", ".fvmrc", ".fvm/fvm_config.json", ".github/workflows/release.yml", "codemagic.yaml",
                     "app/src/main/java/A.kt", "README.md", "vendored/build.gradle", "vendored/AndroidManifest.xml", "AndroidManifest.xml.bak",
                     "my.settings.gradle", "xbuild.gradle", "gradle/x.toml.txt"]
        let files = paths.map { ProjectFile(path: $0, absolutePath: "/nonexistent/" + $0, size: 1, isVendored: $0.hasPrefix("vendored/")) }
        let workspace = AndroidInspector.GradleWorkspace(files: files)
        func picked(_ name: AndroidInspector.BuildFileNames) -> [String] { workspace.shippingFiles(named: name).map(\.path) }
        func expected(_ test: (ProjectFile) -> Bool) -> [String] { files.filter { !$0.isVendored && test($0) }.map(\.path) }
        #expect(picked(.manifest) == expected { $0.fileName == "AndroidManifest.xml" })
        #expect(picked(.gradleProperties) == expected { $0.fileName == "gradle.properties" })
        #expect(picked(.libsCatalog) == expected { $0.fileName == "libs.versions.toml" })
        #expect(picked(.toml) == expected { $0.fileName.hasSuffix(".toml") })
        #expect(picked(.settings) == expected { $0.fileName == "settings.gradle" || $0.fileName == "settings.gradle.kts" })
        #expect(picked(.buildScript) == expected { $0.fileName == "build.gradle" || $0.fileName == "build.gradle.kts" })
        #expect(picked(.otherProperties) == expected {
            $0.fileName.hasSuffix(".properties") && $0.fileName != "gradle.properties" && $0.fileName != "local.properties"
        })
        #expect(picked(.packageList) == expected { ["pubspec.yaml", "pubspec.lock", "package.json"].contains($0.fileName) })
        #expect(picked(.pinOrYAML) == expected { FlutterReleasePin.isPinFile($0) || $0.fileName.hasSuffix(".yaml") })
        #expect(Set(workspace.byPath.keys) == Set(expected(AndroidInspector.isNamedByPath)))
        #expect(picked(.settings) == ["settings.gradle", "settings.gradle.kts"])
        #expect(picked(.buildScript) == ["app/build.gradle", "lib/build.gradle.kts"])
        #expect(picked(.pinOrYAML) == ["pubspec.yaml", "pubspec.lock", ".fvmrc", ".fvm/fvm_config.json", ".github/workflows/release.yml", "codemagic.yaml"])
    }
}
