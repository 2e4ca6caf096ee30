import Foundation
import Support

/// `const val` (and plain `val`) literals declared in buildSrc / build-logic Kotlin files, by the name a
/// build script uses for them: `object Versions { const val TARGET_SDK = 35 }` is `Versions.TARGET_SDK`,
/// a top-level `const val TARGET_SDK = 35` is `TARGET_SDK`. Only declarations at the top level or inside
/// `object` (and `companion object`) blocks count: a `val` inside a function is not a constant.
package struct KotlinConstants: Sendable {
    package struct Constant: Sendable, Equatable {
        /// Qualified by the enclosing objects (`Config.Android.targetSdk`).
        package let name: String
        package let expression: String
        package let path: String
        package let line: Int
        /// The file's `package` (`breezy.buildlogic`), or "" without one: `breezy.buildlogic.AndroidConfig.TARGET_SDK`
        /// names the same constant as `AndroidConfig.TARGET_SDK` under an import.
        var package: String = ""
    }

    package var constants: [Constant] = []
    /// Extensions a build-logic plugin registers, by the name build scripts reach them with:
    /// `extensions.create("AppConfiguration", ConfigExtension::class.java, …)` is `AppConfiguration` → `ConfigExtension`.
    package var extensionClasses: [String: String] = [:]

    package init() {}

    package mutating func add(text: String, path: String) {
        var package = ""
        for statement in GradleStatements.split(text).statements {
            if statement.blocks.isEmpty, statement.text.hasPrefix("package ") {
                package = String(statement.text.dropFirst("package ".count)).trimmingBlanks()
                continue
            }
            if statement.text.contains("extensions.create"), let groups = GradleScript.captures(Self.extensionCreation, statement.text) {
                let (name, type) = groups[0].isEmpty ? (groups[3], groups[2]) : (groups[0], groups[1])
                if !name.isEmpty, !type.isEmpty { extensionClasses[name] = type }
                continue
            }
            // An extension's value as its class sets it: `targetSdk.convention(props.getProperty("targetSdk").toInt())`
            // (or `.set(…)`) in the class body or its `init`, which is what `AppConfiguration.targetSdk.get()` reads
            // unless a build script sets it again (proton-mail-android's app-configuration.properties).
            if statement.text.contains(".convention(") || statement.text.contains(".set("),
               let owner = Self.extensionClass(statement.blocks),
               let groups = GradleScript.captures(Self.conventionCall, statement.text), groups.count == 2 {
                constants.append(Constant(name: owner + "." + groups[0], expression: groups[1].trimmingBlanks(), path: path,
                                          line: statement.line, package: package))
                continue
            }
            // Every declaration reads `val`: a statement without it is passed by before its blocks are split into
            // words and the pattern is run (most statements of a convention plugin's class body).
            guard statement.text.contains("val"), let objects = Self.objectPath(statement.blocks),
                  let groups = GradleScript.captures(Self.declaration, statement.text), groups.count == 2 else { continue }
            let name = (objects + [groups[0]]).joined(separator: ".")
            constants.append(Constant(name: name, expression: groups[1].trimmingBlanks(), path: path, line: statement.line, package: package))
        }
    }

    /// The constant a reference names: the full qualified name, else (for an imported name) the only
    /// constant whose name ends with it.
    package func lookup(_ reference: String) -> Constant? {
        // `AppConfiguration.targetSdk`: the property of the class the extension of that name is made of.
        if let dot = reference.firstIndex(of: "."), let type = extensionClasses[String(reference[..<dot])] {
            let name = type + reference[dot...]
            if let exact = constants.first(where: { $0.name == name }) { return exact }
        }
        if let exact = constants.first(where: { $0.name == reference }) { return exact }
        if let qualified = constants.first(where: { !$0.package.isEmpty && $0.package + "." + $0.name == reference }) { return qualified }
        let suffix = "." + reference
        let candidates = constants.filter { $0.name.hasSuffix(suffix) }
        return candidates.count == 1 ? candidates[0] : nil
    }

    private static let declaration = try! NSRegularExpression(pattern:
        #"^(?:(?:private|internal|public|const|override)\s+)*val\s+([A-Za-z_]\w*)(?:\s*:\s*[A-Za-z_][\w.]*\??)?\s*=\s*(.+)$"#)

    /// `extensions.create("Name", Type::class.java` or `extensions.create<Type>("Name"`.
    private static let extensionCreation = try! NSRegularExpression(pattern:
        #"extensions\.create(?:\(\s*"([A-Za-z_]\w*)"\s*,\s*([A-Za-z_]\w*)::class|<\s*([A-Za-z_]\w*)\s*>\s*\(\s*"([A-Za-z_]\w*)")"#)

    /// `name.convention(value)` or `name.set(value)`, the whole statement.
    private static let conventionCall = try! NSRegularExpression(pattern:
        #"^(?:this\.)?([A-Za-z_]\w*)\.(?:convention|set)\((.+)\)$"#)

    /// The class whose body (or `init` block) a statement stands in, when it is a class: `abstract class
    /// ConfigExtension(project: Project)` → `ConfigExtension`; nil inside a function or any other block.
    private static func extensionClass(_ blocks: [String]) -> String? {
        guard let first = blocks.first, blocks.dropFirst().allSatisfy({ $0 == "init" }) else { return nil }
        let words = first.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let index = words.firstIndex(of: "class"), index + 1 < words.count,
              words[..<index].allSatisfy({ ["abstract", "open", "internal", "public"].contains($0) }) else { return nil }
        let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The object names around a declaration, or nil when any enclosing block is not an object (a class
    /// body, a function, a Gradle block).
    private static func objectPath(_ blocks: [String]) -> [String]? {
        var names: [String] = []
        for block in blocks {
            let words = block.split(whereSeparator: { $0 == " " || $0 == "\t" })
                .filter { !["private", "internal", "public", "data"].contains($0) }
            if words.first == "companion" && words.dropFirst().first == "object" {
                if words.count > 2 { names.append(String(words[2])) }
                continue
            }
            guard words.first == "object", words.count >= 2 else { return nil }
            names.append(String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }
}
