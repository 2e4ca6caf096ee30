import Foundation
import Support
import Formats

/// Turns a setting's expression into a literal when it is one, or names one we can read: a version
/// catalog entry, an `ext`/`extra` value of this or an enclosing project (or of a script it applies with
/// `apply from:`), a `gradle.properties` value, a local `val`/`def`, or a `const val` in buildSrc /
/// build-logic (`Versions.TARGET_SDK`). Anything computed stays unresolved: a guess would be worse than "unknown".
struct GradleValueResolver: Sendable {
    struct Scope: Sendable {
        let path: String
        let definitions: [GradleScript.Definition]
        /// The defining script's own locals: `val code = 1110` then `extra.apply { set("versionCode", code) }`
        /// is read in that script's terms, not the reader's.
        var locals: [GradleScript.Definition] = []
    }

    /// The names an expression is read against: a script's file and its locals.
    private struct Context {
        let file: String
        let locals: [GradleScript.Definition]
    }

    struct PropertiesScope: Sendable {
        let path: String
        let properties: GradleProperties
    }

    /// This script's file and its local literals.
    let file: String
    let locals: [GradleScript.Definition]
    /// `ext` values of this module and then of each enclosing project, nearest first.
    let extScopes: [Scope]
    /// `gradle.properties` files, nearest first.
    let properties: [PropertiesScope]
    let catalog: (path: String, catalog: VersionCatalog)?
    /// `.properties` files the build logic names by a literal (`file("config.properties")`) and loads into a
    /// `Properties`: what `props.getProperty("TARGET_SDK")` reads, when exactly one of them has the key.
    var loadedProperties: [PropertiesScope] = []
    /// Catalogs under other names (`mihonx` from `versionCatalogs { create("mihonx") { from(files(…)) } }`).
    var namedCatalogs: [String: (path: String, catalog: VersionCatalog)] = [:]
    /// Kotlin constants of buildSrc and build-logic.
    var constants = KotlinConstants()

    static let maxDepth = 8
    static let maxExpressionBytes = 1_000

    /// The literal an expression comes to, and where that literal is written when it is not the expression
    /// itself. One table of names serves every setting: the script's locals, then `ext`/`extra` values of the
    /// project, the scripts and convention plugins it applies and each enclosing project, then
    /// `gradle.properties`, then the Kotlin constants of the build logic; version catalogs by accessor.
    func resolve(_ expression: String) -> (value: String, at: SourceLocation?)? {
        resolve(expression, in: Context(file: file, locals: locals), depth: 0, at: nil)
    }

    private func resolve(_ raw: String, in context: Context, depth: Int, at: SourceLocation?) -> (value: String, at: SourceLocation?)? {
        // No build value is longer; unwrapping a hostile 40,000-character `((((…` costs its length squared.
        guard depth < Self.maxDepth, raw.utf8.count <= Self.maxExpressionBytes else { return nil }
        var expression = Self.unwrap(raw)
        // `rootProject.extra["targetSdk"] as? Int ?: 34`: the value when the left side is known. The fallback is
        // not taken: the left side may come from outside the repository (`-P`, the environment).
        if let elvis = Self.topLevelElvis(expression) { expression = Self.unwrap(String(expression[..<elvis])) }
        if let literal = Self.literal(expression) { return (literal, at) }
        if let (catalogName, accessor) = Self.catalogReference(expression), let catalog = catalog(named: catalogName),
           let entry = catalog.catalog.version(accessor: accessor) {
            return (entry.value, SourceLocation(path: catalog.path, line: entry.line))
        }
        if let name = Self.capture(Self.extReference, expression) ?? Self.capture(Self.interpolation, expression) {
            return lookupName(name, in: context, depth: depth, includeLocals: !expression.contains("ext") && !expression.contains("extra"))
        }
        if let name = Self.capture(Self.propertyReference, expression) {
            // Gradle's `project.property(…)`/`findProperty(…)` find extra properties of the project and its
            // parents before gradle.properties (`extra.set("targetSdkVersion", 33)` in the root script).
            return lookupName(name, in: context, depth: depth, includeLocals: false)
        }
        if let key = Self.capture(Self.loadedPropertyReference, expression) {
            return loadedProperty(key)
        }
        if Self.isIdentifier(expression) {
            return lookupName(expression, in: context, depth: depth, includeLocals: true)
                ?? lookupConstant(expression, depth: depth)
        }
        if Self.isQualifiedName(expression) {
            return lookupConstant(expression, depth: depth)
        }
        return nil
    }

    /// A key of the `.properties` files the build logic loads, when exactly one of them has it.
    private func loadedProperty(_ key: String) -> (value: String, at: SourceLocation?)? {
        let holders = loadedProperties.compactMap { scope in scope.properties.values[key].map { (scope.path, $0) } }
        guard holders.count == 1, let (path, entry) = holders.first else { return nil }
        return (entry.value, SourceLocation(path: path, line: entry.line))
    }

    private func catalog(named name: String) -> (path: String, catalog: VersionCatalog)? {
        name == "libs" ? (catalog ?? namedCatalogs[name]) : namedCatalogs[name]
    }

    private func lookupConstant(_ name: String, depth: Int) -> (value: String, at: SourceLocation?)? {
        guard depth < Self.maxDepth, let constant = constants.lookup(name) else { return nil }
        let at = SourceLocation(path: constant.path, line: constant.line)
        // A constant naming another constant (`const val TARGET = COMPILE`) is read in its own file's terms:
        // a sibling of the same object first.
        let inner = Self.unwrap(constant.expression)
        if let literal = Self.literal(inner) { return (literal, at) }
        if Self.isIdentifier(inner) || Self.isQualifiedName(inner) {
            let owner = constant.name.split(separator: ".").dropLast().joined(separator: ".")
            let sibling = owner.isEmpty ? nil : lookupConstant(owner + "." + inner, depth: depth + 1)
            return (sibling ?? lookupConstant(inner, depth: depth + 1)).map { ($0.value, $0.at ?? at) }
        }
        // A value the build logic loads from a `.properties` file it names (`props.getProperty("targetSdk")`).
        if let key = Self.capture(Self.loadedPropertyReference, inner) {
            return loadedProperty(key)
        }
        return nil
    }

    private func lookupName(_ name: String, in context: Context, depth: Int, includeLocals: Bool) -> (value: String, at: SourceLocation?)? {
        if includeLocals, let local = context.locals.last(where: { $0.name == name }) {
            // A local read in its own script, without itself (`val targetSdk: Int by rootProject.extra`).
            let rest = Context(file: context.file, locals: context.locals.filter { $0 != local })
            return resolve(local.expression, in: rest, depth: depth + 1, at: SourceLocation(path: context.file, line: local.line))
        }
        for scope in extScopes {
            if let definition = scope.definitions.last(where: { $0.name == name }) {
                return resolve(definition.expression, in: Context(file: scope.path, locals: scope.locals), depth: depth + 1,
                               at: SourceLocation(path: scope.path, line: definition.line))
            }
        }
        return lookupProperty(name)
    }

    private func lookupProperty(_ name: String) -> (value: String, at: SourceLocation?)? {
        for scope in properties {
            if let entry = scope.properties.values[name] {
                return (entry.value, SourceLocation(path: scope.path, line: entry.line))
            }
        }
        return nil
    }

    // MARK: Expression shapes

    /// Strips conversions and parentheses that do not change a literal: `.get().toInt()`, `as Integer`,
    /// `Integer.parseInt(…)`, `(…)`, `!!`.
    static func unwrap(_ expression: String) -> String {
        var text = expression.trimmingBlanks()
        var changed = true
        while changed {
            changed = false
            // `?.toInt()` before `.toInt()`, which would leave the `?` behind.
            for suffix in ["?.toInt()", "?.toString()", ".get()", ".toInt()", ".toInteger()", ".toString()", ".toLong()", ".orNull", ".orElse(null)", "!!", " as Integer", " as int", " as Int", " as Int?", " as String", " as String?", ".asInt()",
                           " as? Int", " as? String", ".requiredVersion", ".displayName"] where text.hasSuffix(suffix) {
                text = String(text.dropLast(suffix.count)).trimmingBlanks()
                changed = true
            }
            for call in ["release(", "Integer.parseInt(", "Integer.valueOf(", "String.valueOf(", "("] where text.hasPrefix(call) && text.hasSuffix(")") {
                let inner = String(text.dropFirst(call.count).dropLast())
                if balanced(inner) { text = inner.trimmingBlanks(); changed = true }
            }
        }
        return text
    }

    private static func balanced(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1; if depth < 0 { return false } }
        }
        return depth == 0
    }

    /// A number, or a quoted string without interpolation.
    static func literal(_ text: String) -> String? {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return text }
        // Kotlin's digit groups: `versionCode = 2_00_002_01`.
        if text.contains("_"), text.first?.isNumber == true, text.last?.isNumber == true,
           text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "_") }) {
            return text.filter { $0 != "_" }
        }
        if text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" {
            let inner = text.dropFirst().dropLast()
            if first == "\"" && inner.contains("$") { return nil }
            if inner.contains(first) { return nil }
            return String(inner)
        }
        return nil
    }

    /// `Versions.TARGET_SDK`, `Config.Android.targetSdk`.
    static func isQualifiedName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { isIdentifier(String($0)) }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `libs.versions.targetSdk`, `mihonx.versions.android.sdk.target`, `libs.findVersion("targetSdk")` (a
    /// convention plugin's `VersionCatalogsExtension`), `versionCatalogs.named("libs").findVersion("x")`.
    private static let catalogVersion = try! NSRegularExpression(pattern:
        #"^(?:project\.|rootProject\.)?([A-Za-z_]\w*)\.versions\.([\w.]+)$|^(?:(?:project\.)?(?:extensions\.getByType<VersionCatalogsExtension>\(\)|versionCatalogs)\.(?:named|find)\(\s*"([A-Za-z_]\w*)"\s*\)(?:\.get\(\))?|([A-Za-z_]\w*))\.findVersion\(\s*"([\w.\-]+)"\s*\)$"#)

    /// The catalog name and version accessor an expression reads, if it reads one.
    static func catalogReference(_ expression: String) -> (catalog: String, accessor: String)? {
        guard expression.contains("ersion"), let groups = GradleScript.captures(catalogVersion, expression) else { return nil }
        if !groups[0].isEmpty { return (groups[0], groups[1]) }
        let name = groups[2].isEmpty ? groups[3] : groups[2]
        return name.isEmpty ? nil : (name, groups[4])
    }

    /// The index of a `?:` outside parentheses and quotes, if any.
    static func topLevelElvis(_ text: String) -> String.Index? {
        var depth = 0
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
            } else if character == ":" && previous == "?" && depth == 0 {
                return text.index(before: index)
            }
            previous = character
        }
        return nil
    }
    private static let extReference = try! NSRegularExpression(pattern:
        #"^(?:(?:rootProject|project)\.)?(?:ext\.|ext\.get\(\s*["']|ext\s*\[\s*["']|extra\s*\[\s*"|extra\.get\(\s*"|extra\.)([A-Za-z_][\w.]*)["']?\s*[\])]?$|^(?:rootProject|project)\.([A-Za-z_]\w*)$"#)
    private static let interpolation = try! NSRegularExpression(pattern: #"^"\$\{?([A-Za-z_]\w*)\}?"$"#)
    private static let propertyReference = try! NSRegularExpression(pattern:
        #"^(?:(?:rootProject|project)\.)?(?:property|findProperty|properties\.get)\(\s*["']([\w.\-]+)["']\s*\)$|^(?:(?:rootProject|project)\.)?properties\s*\[\s*["']([\w.\-]+)["']\s*\]$|^providers\.gradleProperty\(\s*"([\w.\-]+)"\s*\)$|^(?:(?:rootProject|project)\.)?properties\.([A-Za-z_]\w*)$"#)

    /// `configProperties.getProperty("TARGET_SDK")`, `props.getProperty("VERSION_CODE", "1")`; never `System.getProperty`.
    private static let loadedPropertyReference = try! NSRegularExpression(pattern:
        #"^(?!System\.)[A-Za-z_][\w.]*\.getProperty\(\s*"([\w.\-]+)"\s*(?:,[^()]*)?\)$"#)

    /// The first non-empty capture group.
    private static func capture(_ pattern: NSRegularExpression, _ text: String) -> String? {
        GradleScript.captures(pattern, text)?.first { !$0.isEmpty }
    }
}
