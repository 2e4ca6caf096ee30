import Foundation
import Testing
@testable import Project
@testable import Formats

/// One resolver over every name the build logic declares: extra-property blocks in any spelling, delegated
/// `by rootProject.extra` locals, the defining script's own locals, named version catalogs and
/// `findVersion`, package-qualified and sibling Kotlin constants. Each script below is a real repository's
/// shape (named in the test), shortened.
struct GradleSymbolTests {
    func entries(_ script: String) -> [String] {
        GradleScript.parse(script).extValues.map { "\($0.name)=\($0.expression)" }
    }

    // MARK: Declarations

    /// Infomaniak/android-SwissTransfer build.gradle.kts: `buildscript { extra.apply { set(…) } }`.
    @Test func extraApplyInBuildscriptIsRead() {
        let script = """
        buildscript {
            extra.apply {
                set("appCompileSdk", 36) // Ensure any extra configChanges are added into Activities' manifests.
                set("appTargetSdk", 35)
                set("javaVersion", JavaVersion.VERSION_17)
            }
        }
        """
        #expect(entries(script) == ["appCompileSdk=36", "appTargetSdk=35", "javaVersion=JavaVersion.VERSION_17"])
    }

    @Test(arguments: ["rootProject.extra.apply", "project.extra.apply", "extra.apply", "with(extra)", "with(rootProject.extra)",
                      "extensions.extraProperties.apply", "rootProject.ext", "ext", "extra.run"])
    func everyExtraBlockSpellingIsRead(header: String) {
        #expect(entries("\(header) {\n    set(\"targetSdkVersion\", 36)\n    this[\"minSdkVersion\"] = 24\n}") == [
            "targetSdkVersion=36", "minSdkVersion=24",
        ])
    }

    /// A block that only looks like one (a Bundle's `extra.apply`, a `pluginManager.apply { }`) is not read as
    /// the project's extra properties.
    @Test func otherApplyBlocksAreNotExtraProperties() {
        #expect(GradleScript.isExtBlock("intent.extras.apply") == false)
        #expect(GradleScript.isExtBlock("pluginManager.apply") == false)
        #expect(GradleScript.isExtBlock("apply") == false)
        #expect(entries("pluginManager.apply {\n    set(\"targetSdkVersion\", 36)\n}").isEmpty)
    }

    /// react-native-screens TestsExample/android/build.gradle.kts: `val targetSdkVersion: Int by extra(34)`.
    @Test func typedDelegatedExtraIsRead() {
        #expect(entries("buildscript {\n    val targetSdkVersion: Int by extra(34)\n    val ndkVersion: String by extra(\"26.1.10909125\")\n}") == [
            "targetSdkVersion=34", "ndkVersion=\"26.1.10909125\"",
        ])
    }

    /// SwissTransfer app/build.gradle.kts, MEGA's build-logic: `val appCompileSdk: Int by rootProject.extra`.
    @Test func delegatedLocalsReadTheExtraPropertyOfTheirName() {
        let parsed = GradleScript.parse("val appCompileSdk: Int by rootProject.extra\nval sdk: String by project\n")
        #expect(parsed.locals.map { "\($0.name)=\($0.expression)" } == [
            "appCompileSdk=rootProject.extra[\"appCompileSdk\"]", "sdk=project.findProperty(\"sdk\")",
        ])
    }

    /// mihonapp/mihon settings.gradle.kts: a catalog created under another name.
    @Test func namedCatalogsAreReadFromSettings() {
        let settings = GradleSettings.parse("""
        dependencyResolutionManagement {
            versionCatalogs {
                create("mihonx") {
                    from(files("gradle/mihon.versions.toml"))
                }
            }
        }
        include(":app")
        """)
        #expect(settings.catalogs == ["mihonx": "gradle/mihon.versions.toml"])
        #expect(settings.modules.map(\.path) == [":app"])
    }

    // MARK: Resolution

    func resolver(locals: [GradleScript.Definition] = [], scopes: [GradleValueResolver.Scope] = [],
                  properties: String = "", catalogs: [String: String] = [:], kotlin: [(path: String, text: String)] = []) throws -> GradleValueResolver {
        var resolver = GradleValueResolver(file: "app/build.gradle.kts", locals: locals, extScopes: scopes,
                                           properties: [.init(path: "gradle.properties", properties: GradleProperties.parse(properties))],
                                           catalog: nil)
        for (name, text) in catalogs {
            let path = "gradle/\(name).versions.toml"
            resolver.namedCatalogs[name] = (path, try VersionCatalog.parse(text, location: SourceLocation(path: path)))
        }
        for file in kotlin { resolver.constants.add(text: file.text, path: file.path) }
        return resolver
    }

    @Test func delegatedLocalResolvesThroughTheRootExtraBlock() throws {
        let root = GradleScript.parse("buildscript {\n    extra.apply {\n        set(\"appCompileSdk\", 36)\n    }\n}\n")
        let app = GradleScript.parse("val appCompileSdk: Int by rootProject.extra\nandroid {\n    defaultConfig {\n        targetSdk = appCompileSdk\n    }\n}\n")
        let resolver = try resolver(locals: app.locals, scopes: [.init(path: "build.gradle.kts", definitions: root.extValues, locals: root.locals)])
        let target = try #require(app.settings.first { $0.name == .targetSdk })
        #expect(resolver.resolve(target.expression)?.value == "36")
        #expect(resolver.resolve(target.expression)?.at == SourceLocation(path: "build.gradle.kts", line: 3))
    }

    /// An extra value naming a local of its own script (`val versionCode = 1110` then `set("versionCode", versionCode)`
    /// in a root buildscript) is read in that script, not taken for itself.
    @Test func extraValueReadsItsOwnScriptsLocals() throws {
        let root = GradleScript.parse("""
        buildscript {
            val versionCode = 1110
            extra.apply {
                set("targetSdkVersion", 30)
                set("versionCode", versionCode)
            }
        }
        """)
        let resolver = try resolver(scopes: [.init(path: "build.gradle.kts", definitions: root.extValues, locals: root.locals)])
        #expect(resolver.resolve("rootProject.extra[\"versionCode\"] as Int")?.value == "1110")
        #expect(resolver.resolve("rootProject.extra[\"versionCode\"] as Int")?.at == SourceLocation(path: "build.gradle.kts", line: 2))
    }

    @Test func elvisTakesTheKnownLeftSideOnly() throws {
        let resolver = try resolver(scopes: [.init(path: "build.gradle.kts", definitions: [.init(name: "targetSdk", expression: "36", line: 4)])])
        #expect(resolver.resolve("rootProject.extra[\"targetSdk\"] as? Int ?: 34")?.value == "36")
        #expect(resolver.resolve("(findProperty(\"targetSdk\") as String?)?.toInt() ?: 34")?.value == "36")
        // The fallback is not the build's answer when the left side comes from outside the repository.
        #expect(resolver.resolve("(findProperty(\"ciTargetSdk\") as String?)?.toInt() ?: 34") == nil)
    }

    @Test func namedCatalogsAndFindVersionResolve() throws {
        let mihonx = "[versions]\nandroid-sdk-min = \"26\"\nandroid-sdk-target = \"36\"\n"
        let libs = "[versions]\ntargetSdk = \"35\"\n"
        let resolver = try resolver(catalogs: ["mihonx": mihonx, "libs": libs])
        #expect(resolver.resolve("mihonx.versions.android.sdk.target.get().toInt()")?.value == "36")
        #expect(resolver.resolve("mihonx.versions.android.sdk.target.get().toInt()")?.at == SourceLocation(path: "gradle/mihonx.versions.toml", line: 3))
        #expect(resolver.resolve("libs.versions.targetSdk.get().toInt()")?.value == "35")
        #expect(resolver.resolve("libs.findVersion(\"targetSdk\").get().requiredVersion.toInt()")?.value == "35")
        #expect(resolver.resolve("versionCatalogs.named(\"libs\").findVersion(\"targetSdk\").get().toString().toInt()")?.value == "35")
        #expect(resolver.resolve("other.versions.targetSdk.get()") == nil)
    }

    /// breezy-weather buildSrc/src/main/kotlin/breezy/buildlogic/AndroidConfig.kt, read under its import or by its
    /// full name; a constant naming a sibling of its object.
    @Test func kotlinConstantsResolveByImportPackageAndSibling() throws {
        let config = """
        package breezy.buildlogic

        import org.gradle.api.JavaVersion as GradleJavaVersion

        object AndroidConfig {
            const val COMPILE_SDK = 37
            const val TARGET_SDK = COMPILE_SDK
        }

        object Other {
            const val COMPILE_SDK = 21
        }
        """
        let resolver = try resolver(kotlin: [("buildSrc/src/main/kotlin/breezy/buildlogic/AndroidConfig.kt", config)])
        #expect(resolver.resolve("AndroidConfig.TARGET_SDK")?.value == "37")
        #expect(resolver.resolve("breezy.buildlogic.AndroidConfig.TARGET_SDK")?.value == "37")
        #expect(resolver.resolve("AndroidConfig.TARGET_SDK")?.at == SourceLocation(path: "buildSrc/src/main/kotlin/breezy/buildlogic/AndroidConfig.kt", line: 6))
        #expect(resolver.resolve("elsewhere.AndroidConfig.TARGET_SDK") == nil)
    }

    @Test func kotlinDigitGroupsAreNumbers() {
        #expect(GradleValueResolver.literal("2_00_002_01") == "20000201")
        #expect(GradleValueResolver.literal("_36") == nil)
        #expect(GradleValueResolver.literal("36_") == nil)
    }

    /// A cycle through extra values, locals and constants ends unresolved, within the depth limit.
    @Test func cyclesEndUnresolved() throws {
        let root = GradleScript.parse("extra.apply {\n    set(\"a\", b)\n    set(\"b\", a)\n}\nval c: Int by rootProject.extra\n")
        let resolver = try resolver(locals: root.locals, scopes: [.init(path: "build.gradle.kts", definitions: root.extValues, locals: root.locals)],
                                    kotlin: [("K.kt", "object K {\n    const val X = Y\n    const val Y = X\n}\n")])
        #expect(resolver.resolve("a") == nil)
        #expect(resolver.resolve("c") == nil)
        #expect(resolver.resolve("K.X") == nil)
    }

    // MARK: Whole builds

    /// Writes `files` under a fresh temporary folder and inspects it.
    func inspect(_ files: [String: String]) throws -> AndroidInspection {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gradle-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    static let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>\n"

    /// `extra.apply { set("targetSdkVersion", 36) }` in a script the root applies (`apply(from = …)`), read by the app
    /// through `rootProject.extra`.
    @Test func extraApplyInAnAppliedScriptIsRead() throws {
        let result = try inspect([
            "settings.gradle.kts": "include(\":app\")\n",
            "build.gradle.kts": "apply(from = \"config.gradle.kts\")\n",
            "config.gradle.kts": "val versionCode = 100\n\nrootProject.extra.apply {\n    set(\"targetSdkVersion\", 36)\n    set(\"versionCode\", versionCode)\n}\n",
            "app/build.gradle.kts": """
            plugins { id("com.android.application") }
            android {
                defaultConfig {
                    targetSdk = rootProject.extra["targetSdkVersion"] as Int
                    versionCode = rootProject.extra.get("versionCode") as Int
                }
            }
            """,
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        let target = try #require(result.facts.first { $0.name == "android.module.app.target_sdk" })
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle.kts", line: 4), SourceLocation(path: "config.gradle.kts", line: 4)])
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.version_code") == .number(100))
    }

    /// termux-app: `targetSdkVersion project.properties.targetSdkVersion.toInteger()` over gradle.properties.
    @Test func groovyPropertiesMapAccessIsRead() throws {
        let result = try inspect([
            "settings.gradle": "include ':app'\n",
            "gradle.properties": "minSdkVersion=21\ntargetSdkVersion=28\n",
            "app/build.gradle": """
            plugins {
                id "com.android.application"
            }
            android {
                defaultConfig {
                    minSdkVersion project.properties.minSdkVersion.toInteger()
                    targetSdkVersion project.properties.targetSdkVersion.toInteger()
                }
            }
            """,
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.target_sdk") == .number(28))
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.min_sdk") == .number(21))
    }

    /// mihon: `alias(mihonx.plugins.android.application)` from a catalog the settings create under another name;
    /// the plugin class it names applies another by the same catalog, which reads `mihonx.versions.…`.
    @Test func namedCatalogPluginsAndVersionsAreFollowed() throws {
        let result = try inspect([
            "settings.gradle.kts": """
            pluginManagement {
                includeBuild("gradle/build-logic")
            }
            dependencyResolutionManagement {
                versionCatalogs {
                    create("mihonx") {
                        from(files("gradle/mihon.versions.toml"))
                    }
                }
            }
            include(":app")
            """,
            "gradle/mihon.versions.toml": """
            [versions]
            android-sdk-min = "26"
            android-sdk-target = "36"

            [plugins]
            android-application = { id = "mihon.plugins.android.application" }
            android-base = { id = "mihon.plugins.android.base" }
            """,
            "gradle/build-logic/settings.gradle.kts": """
            dependencyResolutionManagement {
                versionCatalogs {
                    create("mihonx") {
                        from(files("../mihon.versions.toml"))
                    }
                }
            }
            """,
            "gradle/build-logic/build.gradle.kts": """
            gradlePlugin {
                plugins {
                    register("android-application") {
                        id = mihonx.plugins.android.application.get().pluginId
                        implementationClass = "PluginAndroidApplication"
                    }
                    register("android-base") {
                        id = mihonx.plugins.android.base.get().pluginId
                        implementationClass = "PluginAndroidBase"
                    }
                }
            }
            """,
            "gradle/build-logic/src/main/kotlin/PluginAndroidApplication.kt": """
            class PluginAndroidApplication : Plugin<Project> {
                override fun apply(target: Project): Unit = with(target) {
                    plugins {
                        alias(libs.plugins.android.application)
                        alias(mihonx.plugins.android.base)
                    }
                }
            }
            """,
            "gradle/build-logic/src/main/kotlin/PluginAndroidBase.kt": """
            class PluginAndroidBase : Plugin<Project> {
                override fun apply(target: Project): Unit = with(target) {
                    android {
                        defaultConfig {
                            minSdk = mihonx.versions.android.sdk.min.get().toInt()
                            if (this is ApplicationDefaultConfig) {
                                targetSdk = mihonx.versions.android.sdk.target.get().toInt()
                            }
                        }
                    }
                }
            }
            """,
            "app/build.gradle.kts": """
            plugins {
                alias(mihonx.plugins.android.application)
            }
            android {
                defaultConfig {
                    applicationId = "app.mihon"
                    versionCode = 29
                }
            }
            """,
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        #expect(result.problems.isEmpty)
        let target = try #require(result.facts.first { $0.name == "android.module.app.target_sdk" })
        #expect(target.value == .number(36))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "gradle/build-logic/src/main/kotlin/PluginAndroidBase.kt", line: 7),
                                                    SourceLocation(path: "gradle/mihon.versions.toml", line: 3)])
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.min_sdk") == .number(26))
        #expect(result.android.gradleFiles.first { $0.module == "app" }?.plugins == ["mihon.plugins.android.application"])
    }

    /// A precompiled script plugin in a package is applied by `<package>.<file name>` (Gradle's rule) and reads the
    /// build logic's constants.
    @Test func packagedPrecompiledScriptIsAppliedByItsQualifiedId() throws {
        let result = try inspect([
            "settings.gradle.kts": "pluginManagement {\n    includeBuild(\"build-logic\")\n}\ninclude(\":app\")\n",
            "build-logic/convention/src/main/kotlin/com/example/convention/android-app.gradle.kts": """
            package com.example.convention

            plugins {
                id("com.android.application")
            }

            android {
                defaultConfig {
                    targetSdk = Sdk.TARGET
                }
            }
            """,
            "build-logic/convention/src/main/kotlin/com/example/convention/Sdk.kt": "package com.example.convention\n\nobject Sdk {\n    const val TARGET = 35\n}\n",
            "app/build.gradle.kts": "plugins {\n    id(\"com.example.convention.android-app\")\n}\n",
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        let target = try #require(result.facts.first { $0.name == "android.module.app.target_sdk" })
        #expect(target.value == .number(35))
        #expect(target.evidence.first?.location == SourceLocation(path: "build-logic/convention/src/main/kotlin/com/example/convention/android-app.gradle.kts", line: 9))
    }

    /// Meshtastic-Android: a build-logic function loads `config.properties` into a `Properties` and reads
    /// `getProperty("TARGET_SDK")`; `System.getProperty` is never read from a file.
    @Test func propertiesFileTheBuildLogicLoadsIsRead() throws {
        let result = try inspect([
            "settings.gradle.kts": "include(\":app\")\n",
            "config.properties": "# Application and SDK versions\nMIN_SDK=26\nTARGET_SDK=37\n",
            "app/build.gradle.kts": """
            import java.util.Properties

            plugins { id("com.android.application") }

            val configProperties = Properties().apply { load(rootProject.file("config.properties").inputStream()) }
            val targetSdkVersion = configProperties.getProperty("TARGET_SDK").toInt()

            android {
                defaultConfig {
                    minSdk = System.getProperty("MIN_SDK").toInt()
                    targetSdk = targetSdkVersion
                }
            }
            """,
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        let target = try #require(result.facts.first { $0.name == "android.module.app.target_sdk" })
        #expect(target.value == .number(37))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle.kts", line: 11), SourceLocation(path: "config.properties", line: 3)])
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.min_sdk") == nil)
    }

    /// proton-mail-android (excerpt, GPL-3.0): an included build's plugin registers the `AppConfiguration` extension,
    /// whose class sets each property's convention from `app-configuration.properties`; the app reads
    /// `AppConfiguration.targetSdk.get()`. A property the class leaves unset stays unknown.
    @Test func anExtensionsConventionFromALoadedPropertiesFileIsRead() throws {
        let result = try inspect([
            "settings.gradle.kts": "includeBuild(\"build-plugin\")\ninclude(\":app\")\n",
            "app-configuration.properties": "applicationId=ch.example.mail\nminSdk=29\ntargetSdk=35\nversionCode=1\n",
            "build-plugin/src/main/kotlin/ch/example/plugin/ApplicationConfigPlugin.kt": """
            package ch.example.plugin

            import java.util.Properties
            import org.gradle.api.Plugin
            import org.gradle.api.Project
            import org.gradle.api.provider.Property

            class ApplicationConfigPlugin : Plugin<Project> {
                override fun apply(target: Project) {
                    target.extensions.create("AppConfiguration", ConfigExtension::class.java, target)
                }
            }

            abstract class ConfigExtension(project: Project) {
                abstract val minSdk: Property<Int>
                abstract val targetSdk: Property<Int>
                abstract val compileSdk: Property<Int>

                init {
                    val file = project.rootProject.file("app-configuration.properties")
                    val properties = Properties()
                    if (file.exists()) { file.inputStream().use { properties.load(it) } }
                    minSdk.convention(properties.getProperty("minSdk").toInt())
                    targetSdk.convention(properties.getProperty("targetSdk").toInt())
                }
            }
            """,
            "app/build.gradle.kts": """
            plugins {
                id("com.android.application")
                id("app-config-plugin")
            }

            android {
                compileSdk = AppConfiguration.compileSdk.get()
                defaultConfig {
                    minSdk = AppConfiguration.minSdk.get()
                    targetSdk = AppConfiguration.targetSdk.get()
                }
            }
            """,
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ])
        let target = try #require(result.facts.first { $0.name == "android.module.app.target_sdk" })
        #expect(target.value == .number(35))
        #expect(target.evidence.map(\.location) == [SourceLocation(path: "app/build.gradle.kts", line: 10),
                                                     SourceLocation(path: "app-configuration.properties", line: 3)])
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.min_sdk") == .number(29))
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.compile_sdk") == nil)
    }

    /// breezy-weather (Tests/Fixtures/android/targetsdk/precompiled-import): its precompiled script plugin calls
    /// `configureAndroidApplication()`, a build-logic function that sets `minSdk = AndroidConfig.MIN_SDK`.
    @Test func functionsAPrecompiledScriptCallsAreFollowed() throws {
        let root = AndroidTestPaths.fixtures.appendingPathComponent("android/targetsdk/precompiled-import/pass")
        let result = AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
        #expect(result.problems.isEmpty)
        let min = try #require(result.facts.first { $0.name == "android.module.app.min_sdk" })
        #expect(min.value == .number(23))
        #expect(min.evidence.map(\.location) == [SourceLocation(path: "buildSrc/src/main/kotlin/breezy/buildlogic/ProjectExtensions.kt", line: 24),
                                                 SourceLocation(path: "buildSrc/src/main/kotlin/breezy/buildlogic/AndroidConfig.kt", line: 9)])
    }

    /// Convention plugins that apply each other in a ring, and a build-logic function that calls itself, are each
    /// followed once: the inspection ends, with the target the ring sets.
    @Test func conventionPluginsInARingEndOnce() throws {
        var files: [String: String] = [
            "settings.gradle.kts": "include(\":app\")\n",
            "buildSrc/src/main/kotlin/Loop.kt": "fun Project.loop() {\n    loop()\n}\n",
            "app/build.gradle.kts": "plugins {\n    id(\"ring.a\")\n}\n",
            "app/src/main/AndroidManifest.xml": Self.manifest,
        ]
        files["buildSrc/src/main/kotlin/ring.a.gradle.kts"] = "plugins {\n    id(\"com.android.application\")\n    id(\"ring.b\")\n}\nloop()\n"
        files["buildSrc/src/main/kotlin/ring.b.gradle.kts"] = "plugins {\n    id(\"ring.a\")\n}\nandroid {\n    defaultConfig {\n        targetSdk = 36\n    }\n}\n"
        let result = try inspect(files)
        #expect(AndroidTestPaths.value(result.facts, "android.module.app.target_sdk") == .number(36))
    }

    /// A plugin id that names no constant, and an unknown catalog, stay as written and resolve nothing.
    @Test func unresolvedPluginReferencesStayAsWritten() throws {
        let result = try inspect([
            "settings.gradle.kts": "include(\":app\")\n",
            "app/build.gradle.kts": "plugins {\n    id(Plugins.missing)\n    alias(other.plugins.android.application)\n}\n",
        ])
        #expect(result.android.gradleFiles.first { $0.module == "app" }?.plugins == ["Plugins.missing", "other.plugins.android.application"])
    }
}
