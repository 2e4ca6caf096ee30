import Foundation

/// Turns a setting's expression into a literal when it is one, or names one we can read: a version
/// catalog entry, an `ext`/`extra` value of this or an enclosing project (or of a script it applies with
/// `apply from:`), a `gradle.properties` value, a local `val`/`def`, or a `const val` in buildSrc /
/// build-logic (`Versions.TARGET_SDK`). Anything computed stays unresolved: a guess would be worse than "unknown".
struct GradleValueResolver: Sendable {
    struct Scope: Sendable {
        let path: String
        let definitions: [GradleScript.Definition]
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
    /// Kotlin constants of buildSrc and build-logic.
    var constants = KotlinConstants()

    static let maxDepth = 8
    static let maxExpressionBytes = 1_000

    func resolve(_ expression: String) -> (value: String, at: SourceLocation?)? {
        resolve(expression, depth: 0, at: nil)
    }

    private func resolve(_ raw: String, depth: Int, at: SourceLocation?) -> (value: String, at: SourceLocation?)? {
        // No build value is longer; unwrapping a hostile 40,000-character `((((…` costs its length squared.
        guard depth < Self.maxDepth, raw.utf8.count <= Self.maxExpressionBytes else { return nil }
        let expression = Self.unwrap(raw)
        if let literal = Self.literal(expression) { return (literal, at) }
        if let accessor = Self.capture(Self.catalogVersion, expression), let catalog,
           let entry = catalog.catalog.version(accessor: accessor) {
            return (entry.value, SourceLocation(path: catalog.path, line: entry.line))
        }
        if let name = Self.capture(Self.extReference, expression) ?? Self.capture(Self.interpolation, expression) {
            return lookupName(name, depth: depth, includeLocals: !expression.contains("ext") && !expression.contains("extra"))
        }
        if let name = Self.capture(Self.propertyReference, expression) {
            // Gradle's `project.property(…)`/`findProperty(…)` find extra properties of the project and its
            // parents before gradle.properties (`extra.set("targetSdkVersion", 33)` in the root script).
            return lookupName(name, depth: depth, includeLocals: false)
        }
        if Self.isIdentifier(expression) {
            return lookupName(expression, depth: depth, includeLocals: true)
                ?? lookupConstant(expression, depth: depth)
        }
        if Self.isQualifiedName(expression) {
            return lookupConstant(expression, depth: depth)
        }
        return nil
    }

    private func lookupConstant(_ name: String, depth: Int) -> (value: String, at: SourceLocation?)? {
        guard depth < Self.maxDepth, let constant = constants.lookup(name) else { return nil }
        let at = SourceLocation(path: constant.path, line: constant.line)
        // A constant naming another constant (`const val TARGET = COMPILE`) is read in its own file's terms.
        let inner = Self.unwrap(constant.expression)
        if let literal = Self.literal(inner) { return (literal, at) }
        if Self.isIdentifier(inner) || Self.isQualifiedName(inner) {
            return lookupConstant(inner, depth: depth + 1).map { ($0.value, $0.at ?? at) }
        }
        return nil
    }

    private func lookupName(_ name: String, depth: Int, includeLocals: Bool) -> (value: String, at: SourceLocation?)? {
        if includeLocals, let local = locals.last(where: { $0.name == name }) {
            return resolve(local.expression, depth: depth + 1, at: SourceLocation(path: file, line: local.line))
        }
        for scope in extScopes {
            if let definition = scope.definitions.last(where: { $0.name == name }) {
                return resolve(definition.expression, depth: depth + 1, at: SourceLocation(path: scope.path, line: definition.line))
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
            for suffix in [".get()", ".toInt()", ".toInteger()", ".toString()", ".toLong()", ".orNull", ".orElse(null)", "!!", " as Integer", " as int", " as Int", " as Int?", " as String", " as String?", ".asInt()"] where text.hasSuffix(suffix) {
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

    private static let catalogVersion = try! NSRegularExpression(pattern: #"^(?:project\.|rootProject\.)?libs\.versions\.([\w.]+)$"#)
    private static let extReference = try! NSRegularExpression(pattern:
        #"^(?:(?:rootProject|project)\.)?(?:ext\.|ext\.get\(\s*["']|ext\s*\[\s*["']|extra\s*\[\s*"|extra\.get\(\s*"|extra\.)([A-Za-z_][\w.]*)["']?\s*[\])]?$|^(?:rootProject|project)\.([A-Za-z_]\w*)$"#)
    private static let interpolation = try! NSRegularExpression(pattern: #"^"\$\{?([A-Za-z_]\w*)\}?"$"#)
    private static let propertyReference = try! NSRegularExpression(pattern:
        #"^(?:(?:rootProject|project)\.)?(?:property|findProperty|properties\.get)\(\s*["']([\w.\-]+)["']\s*\)$|^(?:(?:rootProject|project)\.)?properties\s*\[\s*["']([\w.\-]+)["']\s*\]$|^providers\.gradleProperty\(\s*"([\w.\-]+)"\s*\)$"#)

    /// The first non-empty capture group.
    private static func capture(_ pattern: NSRegularExpression, _ text: String) -> String? {
        GradleScript.captures(pattern, text)?.first { !$0.isEmpty }
    }
}
