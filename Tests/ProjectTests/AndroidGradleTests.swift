import Testing
@testable import Project
@testable import Formats

struct AndroidGradleTests {
    func target(_ text: String) -> [String] {
        GradleScript.parse(text).settings.filter { $0.name == .targetSdk }.map(\.expression)
    }

    @Test(arguments: [
        "android { defaultConfig { targetSdk 34 } }",
        "android { defaultConfig { targetSdk = 34 } }",
        "android {\n  defaultConfig {\n    targetSdkVersion(34)\n  }\n}",
        "android {\n  defaultConfig {\n    targetSdkVersion 34\n  }\n}",
        "android.defaultConfig.targetSdk = 34",
        "configure<ApplicationExtension> {\n defaultConfig {\n  targetSdk = 34\n }\n}",
        // Kotlin scope functions on the block's receiver configure the same object (kiwix-android's convention
        // plugin writes `with(extension) { defaultConfig.apply { minSdk = … } }`).
        "android {\n defaultConfig.apply {\n  targetSdk = 34\n }\n}",
        "with(extension) {\n  defaultConfig.apply {\n    targetSdk = 34\n  }\n}",
        "android {\n with(defaultConfig) {\n  targetSdk = 34\n }\n}",
        "android.defaultConfig.run {\n targetSdk = 34\n}",
        "android { defaultConfig.also {\n it.targetSdk = 34\n } }",
        "android { productFlavors.apply {\n create(\"full\") {\n  targetSdk = 34\n }\n } }",
    ])
    func everySpellingOfTargetSdkIsRead(script: String) {
        #expect(target(script) == ["34"])
    }

    /// A scope function is transparent only on a plain receiver: a builder's `.apply` and lint's or the tests'
    /// options reached through one stay outside the app's settings.
    @Test func scopeFunctionsOnOtherReceiversNameNoAppBlock() {
        #expect(target("android {\n testOptions.apply {\n  targetSdk = 30\n }\n lint.apply { targetSdk = 30 }\n}").isEmpty)
        #expect(target("val t = Track().apply {\n targetSdk = 30\n}").isEmpty)
        #expect(GradleStatements.blockName("TransformerFactory.newInstance().apply") == "TransformerFactory.newInstance().apply")
        #expect(GradleStatements.blockName("with(this)") == "with(this)")
        #expect(GradleStatements.blockName("productFlavors.apply") == "productFlavors")
    }

    /// Statements are split on the script's bytes: text that is not ASCII is kept as written, and a statement is
    /// trimmed of Unicode blanks (a no-break space) as of ASCII ones.
    @Test func statementsKeepTextThatIsNotASCII() {
        let split = GradleStatements.split("android {\n\u{00A0}applicationId \"é.app\"\u{00A0}\n  versionName = \"ü\"; minSdk 21\n}\n// ß\nflavor = \"x\" /* ö\n */\n")
        #expect(split.statements.map(\.text) == ["applicationId \"é.app\"", "versionName = \"ü\"", "minSdk 21", "flavor = \"x\""])
        #expect(split.statements.map(\.line) == [2, 3, 3, 6])
        #expect(split.statements.map(\.blocks) == [["android"], ["android"], ["android"], []])
        #expect(split.blocks.map(\.name) == ["android"])
    }

    @Test func lintAndTestOptionsTargetsAreNotTheAppTarget() {
        let script = """
        android {
            lint.targetSdk = 36
            testOptions.targetSdk = 36
            lint { targetSdk = 35 }
            defaultConfig { minSdk = 28 }
        }
        """
        #expect(target(script).isEmpty)
        #expect(GradleScript.parse(script).settings.map(\.name) == [.minSdk])
    }

    @Test func settingsKeepTheirLinesAndFlavors() {
        let script = """
        plugins {
            id("com.android.application")
        }
        // targetSdk = 1 in a comment { is ignored
        /* so is
           targetSdk = 2 here */
        android {
            namespace = "com.example.app"
            defaultConfig {
                applicationId = "com.example.app"
                versionName = "1.0 {beta}"
                versionCode = 7
                targetSdk = 35
            }
            productFlavors {
                create("free") {
                    applicationIdSuffix = ".free"
                    targetSdk = 34
                }
                register("paid") {}
            }
        }
        """
        let parsed = GradleScript.parse(script)
        #expect(parsed.plugins.map(\.id) == ["com.android.application"])
        #expect(parsed.plugins.map(\.line) == [2])
        #expect(parsed.flavors == [GradleFlavor(name: "free", line: 16), GradleFlavor(name: "paid", line: 20)])
        let summary = parsed.settings.map { "\($0.name.rawValue)@\($0.line)[\($0.flavor ?? "-")]=\($0.expression)" }
        #expect(summary == [
            "namespace@8[-]=\"com.example.app\"",
            "applicationId@10[-]=\"com.example.app\"",
            "versionName@11[-]=\"1.0 {beta}\"",
            "versionCode@12[-]=7",
            "targetSdk@13[-]=35",
            "targetSdk@18[free]=34",
        ])
    }

    @Test func groovyFlavorsAndPluginsAreRead() {
        let script = """
        apply plugin: 'com.android.library'
        android {
            productFlavors {
                libre {
                    targetSdkVersion 33
                }
                free { }
            }
        }
        """
        let parsed = GradleScript.parse(script)
        #expect(parsed.plugins.map(\.id) == ["com.android.library"])
        #expect(parsed.flavors.map(\.name) == ["libre", "free"])
        #expect(parsed.settings.first?.flavor == "libre")
    }

    /// The Kotlin DSL's accessors name plugin ids bare or in backticks; `android` is the Android Gradle Plugin's own
    /// id for an application module (kiwix-android's app/build.gradle.kts writes `plugins { android }`).
    @Test func pluginIdAccessorsInKotlinPluginsBlocksAreRead() {
        let app = GradleScript.parse("""
        plugins {
          android
          id("com.github.triplet.play") version Versions.com_github_triplet_play_gradle_plugin
        }
        android {
          defaultConfig { minSdk = 25 }
        }
        """)
        #expect(app.plugins.map(\.id) == ["android", "com.github.triplet.play"])
        #expect(AndroidInspector.moduleKind(plugins: app.plugins.map(\.id), settings: app.settings) == .application)
        let library = GradleScript.parse("plugins {\n  `android-library`\n}\n")
        #expect(library.plugins.map(\.id) == ["android-library"])
        #expect(AndroidInspector.moduleKind(plugins: library.plugins.map(\.id), settings: library.settings) == .library)
        // A bare word outside `plugins { }` is no plugin.
        #expect(GradleScript.parse("android {\n  compileOptions\n}\n").plugins.isEmpty)
    }

    /// ktlint's wrapping puts the value of a long assignment on the next lines (vitorpamplona/amethyst, MIT):
    /// `targetSdk =` ends its line and the chain goes on with `.get()`. One statement, at the setting's line.
    @Test func anAssignmentWrappedOntoTheNextLinesIsOneStatement() {
        let parsed = GradleScript.parse("""
        android {
            compileSdk =
                libs.versions.android.compileSdk
                    .get()
                    .toInt()
            defaultConfig {
                targetSdk =
                    libs.versions.android.targetSdk
                        ?.get()
                versionName = "1.0"
            }
        }
        """)
        let summary = parsed.settings.map { "\($0.name.rawValue)@\($0.line)=\($0.expression)" }
        #expect(summary.contains("targetSdk@7=libs.versions.android.targetSdk?.get()"))
        #expect(summary.contains("versionName@10=\"1.0\""))
    }

    /// Build logic in ASCII takes a byte loop; the names and their order are those of the `Character` loop a
    /// non-ASCII text still takes.
    @Test func calledFunctionsAreTheSameInASCIIAndUnicodeText() {
        let ascii = "configureAndroid(project)\n_private(x) extensions.configure<X> { apply(plugin) }\nconfigureAndroid(p) 9lives(a) f2(b)"
        #expect(AndroidInspector.calledFunctions(ascii) == ["configureAndroid", "apply", "f2"])
        #expect(AndroidInspector.calledFunctions(ascii + " // café") == AndroidInspector.calledFunctions(ascii))
    }

    @Test func extExtraAndLocalsAreCollected() {
        let script = """
        buildscript {
            ext {
                targetSdkVersion = 35
                set("minSdkVersion", 24)
            }
        }
        ext.compileSdkVersion = 36
        rootProject.extra["versionCodeBase"] = 100
        val appVersion by extra("2.0")
        val localTarget = 33
        def groovyTarget = 32
        """
        let parsed = GradleScript.parse(script)
        #expect(parsed.extValues.map { "\($0.name)=\($0.expression)@\($0.line)" } == [
            "targetSdkVersion=35@3", "minSdkVersion=24@4", "compileSdkVersion=36@7", "versionCodeBase=100@8", "appVersion=\"2.0\"@9",
        ])
        #expect(parsed.locals.map { "\($0.name)=\($0.expression)" } == ["localTarget=33", "groovyTarget=32"])
    }

    @Test func dependencyDeclarationsSkipTestAndClasspath() {
        let script = """
        buildscript {
            dependencies { classpath("com.android.tools.build:gradle:8.5.0") }
        }
        dependencies {
            implementation("com.squareup.okhttp3:okhttp:4.12.0")
            implementation 'com.google.firebase:firebase-analytics'
            api(platform("com.google.firebase:firebase-bom:33.1.0"))
            implementation(libs.androidx.core.ktx)
            implementation group: 'com.jakewharton.timber', name: 'timber', version: '5.0.1'
            implementation(project(":core"))
            testImplementation("junit:junit:4.13.2")
            androidTestImplementation("androidx.test:runner:1.6.1")
        }
        """
        let notations = GradleScript.parse(script).dependencies.map(\.notation)
        #expect(notations == [
            "com.squareup.okhttp3:okhttp:4.12.0",
            "com.google.firebase:firebase-analytics",
            "com.google.firebase:firebase-bom:33.1.0",
            "libs.androidx.core.ktx",
            "com.jakewharton.timber:timber:5.0.1",
        ])
    }

    @Test func absurdNestingStopsInsteadOfRecursing() {
        let script = String(repeating: "a {\n", count: 10_000) + "targetSdk = 34\n"
        #expect(target(script).isEmpty)
    }

    // MARK: Resolution

    func resolver(locals: [GradleScript.Definition] = [], ext: [GradleScript.Definition] = [],
                  properties: String = "", catalog: String = "") throws -> GradleValueResolver {
        GradleValueResolver(
            file: "app/build.gradle",
            locals: locals,
            extScopes: [.init(path: "build.gradle", definitions: ext)],
            properties: [.init(path: "gradle.properties", properties: GradleProperties.parse(properties))],
            catalog: ("gradle/libs.versions.toml", try VersionCatalog.parse(catalog, location: SourceLocation(path: "gradle/libs.versions.toml"))))
    }

    @Test func literalsResolveToThemselves() throws {
        let resolver = try resolver()
        #expect(resolver.resolve("34")?.value == "34")
        #expect(resolver.resolve("\"com.example\"")?.value == "com.example")
        #expect(resolver.resolve("'com.example'")?.value == "com.example")
        #expect(resolver.resolve("34")?.at == nil)
    }

    @Test func catalogVersionsResolveWithTheirLine() throws {
        let catalog = """
        [versions]
        targetSdk = "36"
        target-sdk = "35"
        app_build_minSDK = "26"
        """
        let resolver = try resolver(catalog: catalog)
        #expect(resolver.resolve("libs.versions.targetSdk.get().toInt()")?.value == "36")
        #expect(resolver.resolve("libs.versions.targetSdk.get().toInt()")?.at == SourceLocation(path: "gradle/libs.versions.toml", line: 2))
        #expect(resolver.resolve("libs.versions.target.sdk.get()")?.value == "35")
        #expect(resolver.resolve("project.libs.versions.app.build.minSDK.get().toInt()")?.value == "26")
        #expect(resolver.resolve("libs.versions.missing.get()") == nil)
    }

    @Test func extPropertiesAndLocalsResolve() throws {
        let resolver = try resolver(
            locals: [.init(name: "target", expression: "33", line: 3)],
            ext: [.init(name: "targetSdkVersion", expression: "35", line: 4), .init(name: "minSdkVersion", expression: "base", line: 5),
                  .init(name: "base", expression: "24", line: 6)],
            properties: "# comment\nAPP_ID=com.example.props\nVERSION_CODE = 42\n")
        #expect(resolver.resolve("rootProject.ext.targetSdkVersion")?.value == "35")
        #expect(resolver.resolve("rootProject.ext.targetSdkVersion")?.at == SourceLocation(path: "build.gradle", line: 4))
        #expect(resolver.resolve("rootProject.ext[\"targetSdkVersion\"]")?.value == "35")
        #expect(resolver.resolve("rootProject.extra[\"targetSdkVersion\"] as Integer")?.value == "35")
        #expect(resolver.resolve("project.targetSdkVersion")?.value == "35")
        #expect(resolver.resolve("(rootProject.extra.get(\"targetSdkVersion\") as Int)")?.value == "35")
        #expect(resolver.resolve("findProperty(\"APP_ID\") as String?")?.value == "com.example.props")
        #expect(resolver.resolve("minSdkVersion")?.value == "24")
        #expect(resolver.resolve("target")?.value == "33")
        #expect(resolver.resolve("target")?.at == SourceLocation(path: "app/build.gradle", line: 3))
        #expect(resolver.resolve("project.property(\"APP_ID\").toString()")?.value == "com.example.props")
        #expect(resolver.resolve("project.properties[\"VERSION_CODE\"].toInteger()")?.value == "42")
        #expect(resolver.resolve("providers.gradleProperty(\"VERSION_CODE\").get().toInt()")?.value == "42")
        #expect(resolver.resolve("Integer.parseInt(VERSION_CODE)")?.at == SourceLocation(path: "gradle.properties", line: 3))
    }

    @Test func computedValuesStayUnknown() throws {
        let resolver = try resolver(ext: [.init(name: "loop", expression: "loop", line: 1)])
        #expect(resolver.resolve("System.getProperty(\"versionCodeOverride\")?.toInt() ?: 1009") == nil)
        #expect(resolver.resolve("versionMajor * 10000 + versionMinor") == nil)
        #expect(resolver.resolve("\"${base}.debug\"") == nil)
        #expect(resolver.resolve("when { … }") == nil)
        #expect(resolver.resolve("loop") == nil)
        #expect(resolver.resolve("undefinedName") == nil)
    }

    // MARK: Catalog

    @Test func catalogLibrariesAndPluginsAreRead() throws {
        let text = """
        [versions]
        okhttp = "4.12.0"
        room = { strictly = "2.6.1" }

        [libraries]
        okhttp = { module = "com.squareup.okhttp3:okhttp", version.ref = "okhttp" }
        room-runtime = { group = "androidx.room", name = "room-runtime", version.ref = "room" }
        timber = "com.jakewharton.timber:timber:5.0.1" # a comment
        bom-managed = { module = "com.google.firebase:firebase-analytics" }

        [bundles]
        net = [
            "okhttp",
        ]

        [plugins]
        android-application = { id = "com.android.application", version = "8.5.0" }
        """
        let catalog = try VersionCatalog.parse(text, location: SourceLocation(path: "gradle/libs.versions.toml"))
        #expect(catalog.version(accessor: "room")?.value == "2.6.1")
        #expect(catalog.libraries == [
            .init(alias: "okhttp", module: "com.squareup.okhttp3:okhttp", version: "4.12.0", line: 6),
            .init(alias: "room-runtime", module: "androidx.room:room-runtime", version: "2.6.1", line: 7),
            .init(alias: "timber", module: "com.jakewharton.timber:timber", version: "5.0.1", line: 8),
            .init(alias: "bom-managed", module: "com.google.firebase:firebase-analytics", version: nil, line: 9),
        ])
        #expect(catalog.pluginId(accessor: "android.application") == "com.android.application")
        #expect(catalog.library(accessor: "room.runtime")?.version == "2.6.1")
    }

    /// Comments, quotes and commas are read the same on an ASCII line (on its bytes) and on one that is not: a `#` or
    /// a comma inside quotes is text, a `#` outside them starts a comment.
    @Test func catalogLinesReadTheSameWhateverTheirCharacters() throws {
        for accent in ["", "é"] {
            let text = """
            [versions]
            core = "1.2#3\(accent)" # note\(accent)

            [libraries]
            a = { module = "g:a\(accent)", version = "1,2" } # b = { module = "x:y" }
            b = { group = "g", name = "b", version = { strictly = "3'4" } }
            """
            let catalog = try VersionCatalog.parse(text, location: SourceLocation(path: "gradle/libs.versions.toml"))
            #expect(catalog.version(accessor: "core")?.value == "1.2#3\(accent)")
            #expect(catalog.libraries == [
                .init(alias: "a", module: "g:a\(accent)", version: "1,2", line: 5),
                .init(alias: "b", module: "g:b", version: "3'4", line: 6),
            ])
        }
    }

    @Test func malformedCatalogNamesTheLine() {
        let cases: [(String, Int)] = [("[versions]\nokhttp \"4\"\n", 2), ("[versions\n", 1), ("[libraries]\na = { module = \"x:y\"\n", 2), ("[bundles]\nb = [\n \"a\",\n", 2)]
        for (text, line) in cases {
            #expect {
                _ = try VersionCatalog.parse(text, location: SourceLocation(path: "gradle/libs.versions.toml"))
            } throws: { error in
                (error as? InspectedText.Failure)?.problem.location == SourceLocation(path: "gradle/libs.versions.toml", line: line)
            }
        }
    }
}
