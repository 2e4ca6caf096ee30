import Foundation
import Support

/// What one build script declares, before references are resolved: settings as written, `ext`/`extra`
/// values, local `val`/`def` literals, plugins, flavors and dependency declarations.
package struct GradleScript: Sendable {
    package struct Definition: Sendable, Equatable {
        package let name: String
        package let expression: String
        package let line: Int
    }

    package struct DependencyDeclaration: Sendable, Equatable {
        package let configuration: String
        /// `group:artifact:version` as written, or `libs.some.alias` for a catalog reference.
        package let notation: String
        package let line: Int
    }

    package var settings: [GradleSetting] = []
    package var extValues: [Definition] = []
    package var locals: [Definition] = []
    package var plugins: [(id: String, line: Int)] = []
    /// Plugins applied by their class rather than an id (`plugins.apply(KiwixConfigurationPlugin::class)`,
    /// `apply<MyPlugin>()`, Groovy's `apply plugin: MyPlugin`): the class name as written, without a package.
    package var pluginClasses: [(name: String, line: Int)] = []
    package var flavors: [GradleFlavor] = []
    package var dependencies: [DependencyDeclaration] = []
    /// Scripts applied with `apply from:`, as written (`../common.gradle`, `$rootDir/versions.gradle`).
    package var appliedScripts: [(path: String, line: Int)] = []
    /// In-repo modules this one depends on (`project(":core")`, `projects.core.ui`), as written.
    package var projectDependencies: [(path: String, line: Int)] = []
    /// Dependencies this script adds in a way that cannot be read statically: a helper call in a
    /// `dependencies` block (`allFeaturesImpl()`) or a computed project path (`project(":${name}")`), as written.
    package var unresolvedDependencies: [(text: String, line: Int)] = []
    /// A `productFlavors` block whose flavour names are computed (`create(it.name)`), at its line.
    package var computedFlavorsLine: Int?

    // MARK: Parsing

    package static func parse(_ text: String) -> GradleScript {
        var script = GradleScript()
        let (statements, openings) = GradleStatements.split(text)
        for block in openings where block.parents.last == "productFlavors" && !script.flavors.contains(where: { $0.name == block.name }) {
            // `create(it.name)` or `register(flavor.name)` (an enum's entries, a loop): the names are not literals.
            guard isIdentifier(block.name) else {
                script.computedFlavorsLine = script.computedFlavorsLine ?? block.line
                continue
            }
            script.flavors.append(GradleFlavor(name: block.name, line: block.line))
        }
        for statement in statements {
            let blocks = statement.blocks
            if let block = blocks.last, isExtBlock(block), let (name, expression) = extBlockEntry(statement.text) {
                script.extValues.append(Definition(name: name, expression: expression, line: statement.line))
                continue
            }
            if let (name, expression) = extAssignment(statement.text) {
                script.extValues.append(Definition(name: name, expression: expression, line: statement.line))
                continue
            }
            if mayDeclareLocal(statement.text), let (name, expression) = delegatedLocal(statement.text) {
                // `val targetSdk: Int by rootProject.extra` reads the extra property of the same name.
                script.locals.append(Definition(name: name, expression: expression, line: statement.line))
                continue
            }
            if mayDeclareLocal(statement.text), let (name, expression) = firstCaptures(localPattern, statement.text) {
                script.locals.append(Definition(name: name, expression: expression, line: statement.line))
                continue
            }
            if let setting = setting(statement) {
                script.settings.append(setting)
                continue
            }
            if let plugin = plugin(statement) {
                script.plugins.append((plugin, statement.line))
                continue
            }
            if statement.text.contains("apply"), let name = pluginClass(statement.text) {
                script.pluginClasses.append((name, statement.line))
                continue
            }
            if statement.text.hasPrefix("apply"), statement.text.contains("from"), let groups = captures(applyFromPattern, statement.text), groups.count == 2 {
                // `rootProject.file("x")` is relative to the root, like `$rootDir/x`.
                script.appliedScripts.append((groups[0].hasPrefix("rootProject") ? "$rootDir/" + groups[1] : groups[1], statement.line))
                continue
            }
            if blocks.contains("dependencies") && !blocks.contains("buildscript"), let project = projectDependency(statement.text) {
                script.projectDependencies.append((project, statement.line))
                continue
            }
            if blocks.contains("dependencies") && !blocks.contains("buildscript"), let declaration = dependency(statement) {
                script.dependencies.append(declaration)
                continue
            }
            if blocks.contains("dependencies") && !blocks.contains("buildscript") && !blocks.contains("constraints"), isUnresolvedDependency(statement.text) {
                script.unresolvedDependencies.append((statement.text, statement.line))
            }
        }
        return script
    }

    // MARK: Settings

    private static let settingNames: [(String, GradleSetting.Name)] = [
        ("targetSdkVersion", .targetSdk), ("targetSdk", .targetSdk), ("minSdkVersion", .minSdk), ("minSdk", .minSdk),
        ("versionCode", .versionCode), ("versionName", .versionName), ("applicationId", .applicationId), ("namespace", .namespace),
        ("compileSdkVersion", .compileSdk), ("compileSdk", .compileSdk),
    ]

    private static let settingPattern = try! NSRegularExpression(
        pattern: #"^((?:[A-Za-z_][A-Za-z0-9_]*\.)*)(targetSdkVersion|targetSdk|minSdkVersion|minSdk|versionCode|versionName|applicationId|namespace|compileSdkVersion|compileSdk)(\s*=\s*|\s*\(\s*|\s+)(.+)$"#)

    /// Blocks whose `targetSdk` is not the app's (lint and test options have their own).
    private static let foreignBlocks: Set<String> = ["lint", "lintOptions", "testOptions", "buildTypes", "subprojects", "allprojects", "buildscript", "sourceSets", "signingConfigs"]

    /// AGP 9's block form: `targetSdk { version = release(36) }` (and `compileSdk { version = release(36) }` in `android`).
    private static let versionBlockPattern = try! NSRegularExpression(pattern: #"^version\s*=\s*(.+)$"#)

    private static func setting(_ statement: GradleStatement) -> GradleSetting? {
        if let block = statement.blocks.last, block == "compileSdk", statement.blocks.dropLast().last == "android",
           let expression = firstCapture(versionBlockPattern, statement.text) {
            return GradleSetting(name: .compileSdk, flavor: nil, expression: expression, line: statement.line)
        }
        if let block = statement.blocks.last, block == "targetSdk" || block == "minSdk",
           let expression = firstCapture(versionBlockPattern, statement.text) {
            let name: GradleSetting.Name = block == "targetSdk" ? .targetSdk : .minSdk
            let path = Array(statement.blocks.dropLast())
            if path.contains(where: { foreignBlocks.contains($0) }) { return nil }
            if path.last == "defaultConfig" { return GradleSetting(name: name, flavor: nil, expression: expression, line: statement.line) }
            if let index = path.lastIndex(of: "productFlavors"), index + 1 < path.count {
                return GradleSetting(name: name, flavor: path[index + 1], expression: expression, line: statement.line)
            }
            return nil
        }
        guard mayNameSetting(statement.text), let groups = captures(settingPattern, statement.text), groups.count == 4 else { return nil }
        let prefix = groups[0].split(separator: ".").map(String.init)
        guard let name = settingNames.first(where: { $0.0 == groups[1] })?.1 else { return nil }
        var expression = groups[3].trimmingBlanks()
        if groups[2].contains("(") {
            guard expression.hasSuffix(")") else { return nil }
            expression = String(expression.dropLast()).trimmingBlanks()
        }
        let path = statement.blocks + prefix
        if path.contains(where: { foreignBlocks.contains($0) }) { return nil }
        if name == .compileSdk {
            // The module's compile SDK is the `android` block's (a convention plugin's extension block counts too);
            // a `compileSdk` in defaultConfig or a flavour is no such thing.
            let inAndroid = path.last == "android" || (path.last.map { $0.contains("Extension") || $0.hasSuffix(".apply") } ?? false)
            return inAndroid ? GradleSetting(name: name, flavor: nil, expression: expression, line: statement.line) : nil
        }
        if path.contains("defaultConfig") {
            return name == .namespace ? nil : GradleSetting(name: name, flavor: nil, expression: expression, line: statement.line)
        }
        if let index = path.lastIndex(of: "productFlavors"), index + 1 < path.count {
            return GradleSetting(name: name, flavor: path[index + 1], expression: expression, line: statement.line)
        }
        if name == .namespace && path.last == "android" {
            return GradleSetting(name: name, flavor: nil, expression: expression, line: statement.line)
        }
        return nil
    }

    // MARK: ext / extra and locals

    private static let extPatterns: [NSRegularExpression] = [
        #"^(?:rootProject\.|project\.)?ext\.([A-Za-z_]\w*)\s*=\s*(.+)$"#,
        #"^(?:rootProject\.|project\.)?(?:ext|extra)\s*\[\s*["']([A-Za-z_][\w.]*)["']\s*\]\s*=\s*(.+)$"#,
        #"^(?:rootProject\.|project\.)?(?:ext|extra)\.set\(\s*["']([A-Za-z_][\w.]*)["']\s*,\s*(.+)\)$"#,
        #"^val\s+([A-Za-z_]\w*)(?:\s*:\s*[A-Za-z_][\w.]*\??)?\s+by\s+(?:rootProject\.|project\.)?extra\s*\(\s*(.+)\s*\)$"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// An entry of an extra-properties block: `set("k", v)`, `this["k"] = v`, `k = v` (Groovy `ext { }`).
    private static let extBlockPattern = try! NSRegularExpression(pattern:
        #"^(?:(?:this\.)?set\(\s*["']([A-Za-z_][\w.]*)["']\s*,\s*(.+)\)|this\s*\[\s*["']([A-Za-z_][\w.]*)["']\s*\]\s*=\s*(.+)|([A-Za-z_]\w*)\s*=\s*(.+))$"#)

    /// `val targetSdk: Int by rootProject.extra`, `val minSdk: String by project`: a local that reads the extra
    /// (or, for `by project`, any) property of its own name.
    private static let delegatedLocalPattern = try! NSRegularExpression(pattern:
        #"^(?:(?:private|internal)\s+)?val\s+([A-Za-z_]\w*)(?:\s*:\s*[A-Za-z_][\w.]*\??)?\s+by\s+((?:rootProject|project)\.(?:extra|ext)|extra|rootProject|project)$"#)

    private static func delegatedLocal(_ text: String) -> (String, String)? {
        guard text.contains(" by "), let groups = captures(delegatedLocalPattern, text), groups.count == 2 else { return nil }
        let name = groups[0], owner = groups[1]
        if owner == "project" || owner == "rootProject" { return (name, "\(owner).findProperty(\"\(name)\")") }
        return (name, "\(owner)[\"\(name)\"]")
    }

    /// A block whose body writes the project's extra properties: Groovy `ext { }` and `rootProject.ext { }`,
    /// Kotlin `extra.apply { }`, `rootProject.extra.apply { }`, `with(extra) { }`, `extensions.extraProperties.apply { }`.
    static func isExtBlock(_ header: String) -> Bool {
        // Every name it can be holds `ext`: a header without it (nearly all, asked for every statement) is no such block.
        guard header.contains("ext") else { return false }
        var name = Substring(header.trimmingBlanks())
        if name.hasPrefix("with("), name.hasSuffix(")") { name = name.dropFirst("with(".count).dropLast() }
        for suffix in [".apply", ".run", ".also"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        for prefix in ["rootProject.", "project.", "this.", "target."] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        return name == "ext" || name == "extra" || name == "extensions.extraProperties" || name == "extraProperties"
    }

    private static let localPattern = try! NSRegularExpression(
        pattern: #"^(?:(?:private|final|const)\s+)*(?:val|var|def)\s+([A-Za-z_]\w*)(?:\s*:\s*[A-Za-z_]\w*\??)?\s*=\s*(.+)$"#)

    private static func extAssignment(_ text: String) -> (String, String)? {
        guard text.contains("ext") else { return nil }  // every pattern names ext or extra
        for pattern in extPatterns {
            if let result = firstCaptures(pattern, text) { return result }
        }
        return nil
    }

    private static func extBlockEntry(_ text: String) -> (String, String)? {
        guard text.contains("=") || text.contains("set("), let groups = captures(extBlockPattern, text) else { return nil }
        for index in stride(from: 0, to: groups.count - 1, by: 2) where !groups[index].isEmpty {
            return (groups[index], groups[index + 1].trimmingBlanks())
        }
        return nil
    }

    // MARK: Plugins

    private static let pluginPatterns: [NSRegularExpression] = [
        #"^apply\s*\(?\s*plugin\s*[:=]\s*["']([\w.\-]+)["']"#,
        #"^id\s*\(?\s*["']([\w.\-]+)["']"#,
        #"^alias\s*\(\s*([A-Za-z_]\w*\.plugins\.[\w.]+)\s*\)"#,
        // An id named by a reference, read through the build logic's symbols: `id(ThunderbirdPlugins.App.androidCompose)`
        // (a `const val`), `id(libs.plugins.android.application.get().pluginId)` (a catalog alias).
        #"^id\s*\(\s*([A-Za-z_][\w.]*?)(?:\.get\(\)\.pluginId)?\s*\)$"#,
        // Convention plugin classes: `pluginManager.apply("com.android.library")`, `apply("…")` in `with(pluginManager)`.
        #"^(?:(?:project\.|target\.)?pluginManager\.)?apply\s*\(\s*["']([\w.\-]+)["']\s*\)$"#,
        // The Kotlin DSL's plugin-id accessors: a bare or backticked id inside `plugins { }` (`java`, `` `android-library` ``,
        // and `android`, Android Gradle Plugin's own id for com.android.application, as kiwix-android writes it).
        #"^`?([A-Za-z][\w\-]*)`?$"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// `apply false` declares a plugin for sub-projects (the root build's habit) without applying it, in each spelling:
    /// `) apply false`, `'8.7.0' apply false`, `) apply(false)` and the Kotlin DSL's chained `.version("8.7.0").apply(false)`.
    private static let applyFalsePattern = try! NSRegularExpression(pattern: #"\bapply\s*(?:\(\s*false\s*\)|\s+false)\s*$"#)

    /// Whether a plugin line only declares the plugin (`alias(libs.plugins.x) apply false`): nothing is applied.
    public static func declaresWithoutApplying(_ text: String) -> Bool {
        text.contains("false") && captures(applyFalsePattern, text) != nil
    }

    /// Gradle applies a plugin given its class as it applies one given its id (`PluginContainer.apply(Class)`,
    /// `PluginManager.apply(Class)`, the Kotlin DSL's `apply<T>()`, Groovy's `apply plugin: T`): each spelling, on the
    /// project, `plugins`, `pluginManager` or a plugin's `target`.
    private static let pluginClassPatterns: [NSRegularExpression] = [
        #"^(?:(?:project|target|this)\.)?(?:plugins|pluginManager)\.apply\s*\(\s*(?:plugin\s*=\s*)?([A-Za-z_][\w.]*)::class(?:\.java)?\s*\)$"#,
        #"^(?:(?:project|target|this)\.)?(?:(?:plugins|pluginManager)\.)?apply\s*<\s*([A-Za-z_][\w.]*)\s*>\s*\(\s*\)$"#,
        #"^(?:(?:project|target|this)\.)?apply\s*\(\s*plugin\s*=\s*([A-Za-z_][\w.]*)::class(?:\.java)?\s*\)$"#,
        #"^apply\s*\(?\s*plugin\s*:\s*([A-Z][\w.]*)\s*\)?$"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The simple name of the class a statement applies as a plugin, if it applies one by class.
    private static func pluginClass(_ text: String) -> String? {
        for pattern in pluginClassPatterns {
            if let written = firstCapture(pattern, text), let name = written.split(separator: ".").last.map(String.init),
               let first = name.first, first.isUppercase, isIdentifier(name) {
                return name
            }
        }
        return nil
    }

    private static func plugin(_ statement: GradleStatement) -> String? {
        let text = statement.text
        if declaresWithoutApplying(text) { return nil }
        // `id` and `alias` only mean a plugin inside `plugins { }`.
        let inPlugins = statement.blocks.contains("plugins")
        for (index, pattern) in pluginPatterns.enumerated() {
            if index > 0 && !inPlugins { continue }
            // The word each pattern requires, looked for first (only that pattern's: every statement of every script
            // passes here, and testing all six words for each pattern was a visible part of parsing one).
            let mayMatch: Bool
            switch index {
            case 0: mayMatch = text.hasPrefix("apply")
            case 1, 3: mayMatch = text.hasPrefix("id")
            case 2: mayMatch = text.hasPrefix("alias")
            case 4: mayMatch = text.contains("apply")
            default: mayMatch = statement.blocks.last == "plugins"
            }
            guard mayMatch else { continue }
            if let groups = captures(pattern, statement.text), let id = groups.first { return id }
        }
        return nil
    }

    // MARK: apply from / project dependencies

    /// `apply from: "../common.gradle"`, `apply(from = "$rootDir/versions.gradle.kts")`, `apply from: rootProject.file('x.gradle')`.
    private static let applyFromPattern = try! NSRegularExpression(
        pattern: #"^apply\s*\(?\s*from\s*[:=]\s*(rootProject\.file\(\s*|file\(\s*)?["']([^"']+)["']\s*\)?\s*\)?$"#)

    static let projectDependencyPatterns: [NSRegularExpression] = [
        #"^[A-Za-z_]\w*\s*\(?\s*project\s*\(\s*(?:path\s*[:=]\s*)?["'](:[\w\-:.]+)["']"#,
        // Convention plugins in Kotlin: `"implementation"(project(":core:ui"))`, `add("api", project(":x"))`.
        #"^["'][A-Za-z_]\w*["']\s*\(?\s*project\s*\(\s*["'](:[\w\-:.]+)["']"#,
        #"^add\s*\(\s*["'][A-Za-z_]\w*["']\s*,\s*project\s*\(\s*["'](:[\w\-:.]+)["']"#,
        #"^[A-Za-z_]\w*\s*\(?\s*(projects\.[\w.]+)"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    private static func projectDependency(_ text: String) -> String? {
        // A statement that does not name `project` is passed by before its first word is read `Character` by `Character`.
        guard text.contains("project") else { return nil }
        var configurationText = Substring(text)
        if configurationText.hasPrefix("add(") { configurationText = configurationText.dropFirst(4) }
        // The first word (what splitting the whole statement on non-word characters gave first).
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        let configuration = configurationText.drop { !isWord($0) }.prefix(while: isWord)
        guard !configuration.isEmpty, isShippingConfiguration(String(configuration)) else { return nil }
        // The first pattern on the bytes when it can tell (a module of a large build declares dozens of these,
        // and an ICU match on an NSString copy of each was a twentieth of `check` on duckduckgo-Android).
        var patterns = projectDependencyPatterns[...]
        switch firstProjectPath(text) {
        case .found(let path): return path
        case .absent: patterns = patterns.dropFirst()
        case .unknown: break
        }
        for pattern in patterns {
            if let path = firstCapture(pattern, text) { return path }
        }
        return nil
    }

    enum ByteMatch: Equatable {
        case found(String)
        case absent
        /// Not decided on the bytes (non-ASCII or control bytes, a first word ending in `project`): ask the regex.
        case unknown
    }

    /// `projectDependencyPatterns[0]` (`implementation(project(":core:ui"))`, `api project(path: ':x')`) matched on the
    /// bytes of a statement of printable ASCII, where `\w` is `[A-Za-z0-9_]` and `\s` a space. Its one ambiguity, the
    /// first word's `\w*` giving back a `project` it ends with (`myproject(":x")`), is left to the regex.
    static func firstProjectPath(_ text: String) -> ByteMatch {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return .unknown }
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }
        func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
        func skipSpaces(_ index: inout Int) { while at(index) == 0x20 { index += 1 } }
        func take(_ word: String, _ index: inout Int) -> Bool {
            let word = Array(word.utf8)
            guard index + word.count <= bytes.count, Array(bytes[index..<(index + word.count)]) == word else { return false }
            index += word.count
            return true
        }
        guard let first = bytes.first, isWord(first), !(first >= 0x30 && first <= 0x39) else { return .absent }
        var index = 1
        while isWord(at(index)) { index += 1 }
        if index > 7, Array(bytes[(index - 7)..<index]) == Array("project".utf8) { return .unknown }
        skipSpaces(&index)
        if at(index) == UInt8(ascii: "(") { index += 1 }
        skipSpaces(&index)
        guard take("project", &index) else { return .absent }
        skipSpaces(&index)
        guard at(index) == UInt8(ascii: "(") else { return .absent }
        index += 1
        skipSpaces(&index)
        var afterPath = index
        if take("path", &afterPath) {
            skipSpaces(&afterPath)
            if at(afterPath) == UInt8(ascii: ":") || at(afterPath) == UInt8(ascii: "=") {
                afterPath += 1
                skipSpaces(&afterPath)
                index = afterPath
            }
        }
        guard at(index) == UInt8(ascii: "\"") || at(index) == UInt8(ascii: "'") else { return .absent }
        index += 1
        guard at(index) == UInt8(ascii: ":") else { return .absent }
        let start = index
        index += 1
        while isWord(at(index)) || at(index) == UInt8(ascii: "-") || at(index) == UInt8(ascii: ":") || at(index) == UInt8(ascii: ".") { index += 1 }
        guard index > start + 1, at(index) == UInt8(ascii: "\"") || at(index) == UInt8(ascii: "'") else { return .absent }
        return .found(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    // MARK: Dependencies

    /// Calls in a `dependencies` block that are not a dependency declaration (`allFeaturesImpl()`,
    /// `implementation(project(":${it}"))`, `featureModules.forEach { … }`): what they add is not known.
    private static let helperCallPattern = try! NSRegularExpression(pattern: #"^([A-Za-z_][\w.]*)\s*\((.*)\)\s*(?:\{ … \})?$"#)
    private static let knownNonDependencyCalls: Set<String> = ["exclude", "because", "version", "strictly", "require", "prefer", "attributes", "capabilities", "constraints", "components", "modules", "reject"]

    private static func isUnresolvedDependency(_ text: String) -> Bool {
        // Test and tooling configurations (`"lintChecks"(project(":lint-rules"))`) add nothing to the app.
        var configurationText = Substring(text)
        if configurationText.hasPrefix("add(") { configurationText = configurationText.dropFirst(4) }
        let configuration = String(configurationText.drop { $0 == "\"" || $0 == "'" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard isShippingConfiguration(configuration) else { return false }
        // A computed in-repo module: `project(":${name}")`, `project(path)`, `projects.findByName`.
        if text.contains("project(") {
            return projectDependency(text) == nil
        }
        guard text.contains("("), let groups = captures(helperCallPattern, text) else {
            // `features.forEach { … }`: a loop that adds something.
            return text.hasSuffix("{ … }") && (text.contains("forEach") || text.contains(".each"))
        }
        let name = groups[0]
        if knownNonDependencyCalls.contains(name) || name.contains(".") { return false }
        // A configuration call with an argument that is not a notation we read is an external dependency in
        // a form we do not parse (a variable); only argument-less calls of other names are helpers.
        let configurationLike = name.hasSuffix("Implementation") || name.hasSuffix("Api") || name.hasSuffix("Only")
            || ["implementation", "api", "kapt", "ksp", "annotationProcessor", "coreLibraryDesugaring", "lintChecks", "classpath", "baselineProfile", "detektPlugins", "add", "wearApp", "testFixturesApi"].contains(name)
        return !configurationLike && groups[1].trimmingBlanks().isEmpty
    }

    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private static let dependencyPattern = try! NSRegularExpression(
        pattern: #"^([A-Za-z_]\w*)\s*\(?\s*(?:(?:platform|enforcedPlatform)\s*\(\s*)?(?:["']([^"'\s$]+:[^"'\s]+)["']|(libs\.[\w.]+))"#)
    private static let mapDependencyPattern = try! NSRegularExpression(
        pattern: #"^([A-Za-z_]\w*)\s*\(?\s*group\s*[:=]\s*["']([^"']+)["']\s*,\s*name\s*[:=]\s*["']([^"']+)["'](?:\s*,\s*version\s*[:=]\s*["']([^"']+)["'])?"#)

    /// Test-only and tooling configurations do not ship in the app.
    private static func isShippingConfiguration(_ name: String) -> Bool {
        !(name.hasPrefix("test") || name.hasPrefix("androidTest") || name == "classpath" || name == "lintChecks" || name.hasPrefix("detekt")
          || name == "baselineProfile" || name == "lintPublish" || name == "kover")
    }

    private static func dependency(_ statement: GradleStatement) -> DependencyDeclaration? {
        let text = statement.text
        if text.contains(":") || text.contains("libs."), let groups = captures(dependencyPattern, text), isShippingConfiguration(groups[0]) {
            let notation = groups[1].isEmpty ? groups[2] : groups[1]
            guard !notation.isEmpty else { return nil }
            return DependencyDeclaration(configuration: groups[0], notation: notation, line: statement.line)
        }
        if text.contains("group"), let groups = captures(mapDependencyPattern, text), isShippingConfiguration(groups[0]) {
            let notation = [groups[1], groups[2], groups[3]].filter { !$0.isEmpty }.joined(separator: ":")
            return DependencyDeclaration(configuration: groups[0], notation: notation, line: statement.line)
        }
        return nil
    }

    // MARK: Literal prefilters

    // Each regex runs only on a statement holding a word it requires (most statements of a build script hold
    // none): ICU matching on an NSString copy of every statement was most of reading Gradle scripts.

    /// `val`, `var` or `def`, which `localPattern` requires.
    private static func mayDeclareLocal(_ text: String) -> Bool {
        text.contains("val") || text.contains("var") || text.contains("def")
    }

    /// A word every name of `settingPattern` contains.
    private static func mayNameSetting(_ text: String) -> Bool {
        text.contains("Sdk") || text.contains("version") || text.contains("applicationId") || text.contains("namespace")
    }

    // MARK: Regex helpers

    /// All capture groups of the first match (an unmatched optional group is ""), or nil without a match.
    package static func captures(_ pattern: NSRegularExpression, _ text: String) -> [String]? {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = pattern.firstMatch(in: text, range: range) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    private static func firstCapture(_ pattern: NSRegularExpression, _ text: String) -> String? {
        captures(pattern, text)?.first.map { $0.trimmingBlanks() }
    }

    private static func firstCaptures(_ pattern: NSRegularExpression, _ text: String) -> (String, String)? {
        guard let groups = captures(pattern, text), groups.count >= 2 else { return nil }
        return (groups[0], groups[1].trimmingBlanks())
    }
}
