import Foundation
import StoreLocale
import YAML
import Support
import Formats

/// Reads `shipcheck.yml` (documented key by key in docs/manifest.md).
public enum ManifestReader {
    /// The manifest's file name at the project root.
    public static let fileName = "shipcheck.yml"

    static let topKeys = ["app", "stores", "paths", "facts", "review", "rules", "exclude", "ignore", "archives"]
    static let severities = ["error", "warning", "info", "off"]
    static let archiveExtensions: Set<String> = ["ipa", "xcarchive", "app", "aab", "apk"]
    /// Prefixes of a reference to a secret kept outside the repository.
    static let secretReferences = ["env:", "secret:"]

    /// A manifest is a page of YAML; anything bigger is refused before it is read.
    public static let maxBytes = 1 << 20

    /// Parses the manifest at `path` (absolute); `relativePath` names it in errors. With `root`, a manifest
    /// that is a link to a file outside the root is refused unread. A link to itself, a folder, a FIFO or a
    /// file over `maxBytes` is an error, never silently skipped.
    /// Throws every problem found (unknown keys with suggestions, wrong types), with file:line:column.
    public static func read(path: String, relativePath: String, root: String? = nil) throws(ManifestError) -> Manifest {
        let bytes: [UInt8]
        do {
            bytes = try RootedPath.readRegularFile(path, limit: maxBytes, insideRoot: root)
        } catch {
            throw ManifestError(errors: [YAMLError(file: relativePath, mark: nil, message: "cannot read the manifest: \(error.message)")])
        }
        return try parse(data: Data(bytes), file: relativePath)
    }

    /// Parses manifest bytes; `file` names the manifest in errors and in the locations it records.
    public static func parse(data: Data, file: String) throws(ManifestError) -> Manifest {
        let root: Node?
        do {
            root = try YAMLParser.parse(data: data, file: file)
        } catch {
            throw ManifestError(errors: redactingSecrets([error], source: String(decoding: data, as: UTF8.self)))
        }
        var manifest = Manifest(file: file)
        guard let root, !root.isNull else { return manifest }
        let diagnostics = Diagnostics(file: file, source: String(decoding: data, as: UTF8.self))
        let reader = ManifestFields(file: file, diagnostics: diagnostics)
        reader.read(NodeReader(node: root, diagnostics: diagnostics), into: &manifest)
        if !diagnostics.errors.isEmpty {
            throw ManifestError(errors: redactingSecrets(diagnostics.errors.sorted { ($0.mark ?? Mark(line: 0, column: 0)) < ($1.mark ?? Mark(line: 0, column: 0)) },
                                                         source: String(decoding: data, as: UTF8.self)))
        }
        return manifest
    }

    /// At most this many stated facts are reported wrong: a page of them is enough to see the pattern.
    static let maxFactProblems = 20

    /// The facts the manifest states, each judged by `problem` against what the loaded checklists declare (an
    /// unknown name with the nearest known one, a closed family's misspelt member, a value of another type), every
    /// problem thrown at the fact's name with a caret. The file (`path`, read as `read` reads it) is read again
    /// only when there is a problem, for the snippets.
    public static func checkStatedFacts(_ manifest: Manifest, path: String, root: String? = nil,
                                        problem: (Fact) -> String?) throws(ManifestError) {
        var found: [(Fact, String)] = []
        for fact in manifest.facts {
            guard let message = problem(fact) else { continue }
            found.append((fact, message))
            if found.count == maxFactProblems { break }
        }
        guard !found.isEmpty else { return }
        let text = (try? RootedPath.readRegularFile(path, limit: maxBytes, insideRoot: root)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let diagnostics = Diagnostics(file: manifest.file, source: text)
        for (fact, message) in found {
            let location = manifest.factNameLocations[fact.name] ?? fact.evidence.first?.location
            let mark = location.flatMap { place in place.line.map { Mark(line: $0, column: place.column ?? 1) } }
            diagnostics.add(message, at: mark, path: "facts.\(fact.name)")
        }
        throw ManifestError(errors: redactingSecrets(diagnostics.errors, source: text))
    }

    /// Errors with every literal password kept out: a `demo_password` (or a misspelling of it) may hold the
    /// real password, and an error snippet or a quoted value would print it into CI logs.
    static func redactingSecrets(_ errors: [YAMLError], source: String) -> [YAMLError] {
        let secrets = SecretLines(source)
        guard !secrets.isEmpty else { return errors }
        return errors.map { error in
            let snippet = error.snippet.flatMap { secrets.touches($0) || error.mark.map { secrets.lines.contains($0.line) } == true ? nil : $0 }
            return YAMLError(file: error.file, mark: error.mark, path: error.path, message: secrets.redacted(error.message), snippet: snippet)
        }
    }
}

/// The lines of a manifest that hold a password-like key (`demo_password`, `demo_pasword`, `passwd`, `pwd`)
/// and the values written there, found on the raw text so that even a document that does not parse is covered.
/// Every line of the `review:` section is secret whatever its keys are spelt (`demo_pw`, `demo_secret`, a
/// YAML-escaped `demo_p\x61ssword`, a list): the sign-in for App Review lives there, so its values are never
/// quoted in an error.
struct SecretLines {
    var lines: Set<Int> = []
    var values: [String] = []

    var isEmpty: Bool { lines.isEmpty }

    /// Key fragments of `demo_password` and its misspellings (`demo_pasword`, `passwd`, `pwd`, `demo_psswd`).
    static let keyFragments = ["pas", "pwd", "psw", "pssw"]

    init(_ source: String) {
        var inSecret: Int?
        var inReview = false
        for (offset, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
            let body = raw.dropFirst(indent)
            // The review section: from a top-level `review:` key to the next top-level line.
            if indent == 0, !body.isEmpty, !body.hasPrefix("#") {
                let key = Self.unescaped(String(body.prefix { $0 != ":" })).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                inReview = key == "review" && body.contains(":")
            }
            if inReview, !body.isEmpty {
                lines.insert(offset + 1)
                let afterKey = body.firstIndex(of: ":").map { body[body.index(after: $0)...] } ?? body
                values.append(contentsOf: Self.words(body.hasPrefix("-") ? body : afterKey))
                continue
            }
            // A value continued on more-indented lines (a block scalar, a flow list over lines) is secret too.
            if let open = inSecret, !body.isEmpty, indent > open {
                lines.insert(offset + 1)
                values.append(contentsOf: Self.words(body))
                continue
            }
            inSecret = nil
            let lower = Self.unescaped(String(body)).lowercased()
            guard Self.keyFragments.contains(where: lower.contains) else { continue }
            for part in lower.indices where lower[part] == ":" {
                let key = lower[..<part].split(whereSeparator: { " ,{[\t\"'".contains($0) }).last.map(String.init) ?? ""
                guard Self.keyFragments.contains(where: key.contains) else { continue }
                lines.insert(offset + 1)
                inSecret = indent
                let offsetInBody = lower.distance(from: lower.startIndex, to: part)
                let after = body.dropFirst(offsetInBody + 1).prefix { $0 != "," && $0 != "}" && $0 != "#" }
                values.append(contentsOf: Self.words(after))
            }
        }
        // Short or common values (`true`, `no`) would blank unrelated words in messages.
        values = values.filter { $0.count >= 4 && !["true", "false", "null"].contains($0.lowercased()) && !$0.hasPrefix("env:") && !$0.hasPrefix("secret:") }
    }

    /// `\xNN`, `\uNNNN` and `\UNNNNNNNN` escapes (double-quoted YAML) decoded, so `"demo_p\x61ssword"` reads as a password key.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let kind = scalars.first, let width = ["x": 2, "u": 4, "U": 8][Character(kind)] else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let digits = String(String.UnicodeScalarView(scalars.dropFirst().prefix(width)))
            guard digits.count == width, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            out.unicodeScalars.append(decoded)
            scalars = scalars.dropFirst(1 + width)
        }
        return out
    }

    /// The value text without brackets and quotes, whole and word by word.
    static func words(_ text: Substring) -> [String] {
        let cleaned = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t[]\"'|>-"))
        return [cleaned] + cleaned.split(whereSeparator: { " ,[]\"'".contains($0) }).map(String.init)
    }

    func touches(_ text: String) -> Bool {
        values.contains { text.contains($0) } || Self.keyFragments.contains { text.lowercased().contains($0) }
    }

    func redacted(_ message: String) -> String {
        values.sorted { $0.count > $1.count }.reduce(message) { $0.replacingOccurrences(of: $1, with: "•••") }
    }
}

/// The key-by-key reading of a manifest document; every mismatch goes to `diagnostics`.
private struct ManifestFields {
    let file: String
    let diagnostics: Diagnostics

    func location(_ node: NodeReader) -> SourceLocation {
        SourceLocation(path: file, line: node.mark.line, column: node.mark.column)
    }

    func read(_ root: NodeReader, into manifest: inout Manifest) {
        guard let top = root.mapping(allowed: ManifestReader.topKeys) else { return }
        if let app = top["app"]?.mapping(allowed: ["name", "developer"]) {
            manifest.appName = app["name"]?.string()
            manifest.developer = app["developer"]?.string()
        }
        if let stores = top["stores"] {
            manifest.locations["stores"] = location(stores)
            manifest.stores = Set(items(stores).compactMap { $0.oneOf(Store.allCases.map(\.rawValue)).flatMap(Store.init(rawValue:)) })
        }
        if let paths = top["paths"]?.mapping(allowed: ["appstore_metadata", "play_metadata", "fdroid_metadata", "data_safety", "privacy_policy"]) {
            manifest.paths.appstoreMetadata = paths["appstore_metadata"].map { items($0).compactMap(relativePath) } ?? []
            manifest.paths.playMetadata = paths["play_metadata"].map { items($0).compactMap(relativePath) } ?? []
            manifest.paths.fdroidMetadata = paths["fdroid_metadata"].map { items($0).compactMap(relativePath) } ?? []
            for key in ["appstore_metadata", "play_metadata", "fdroid_metadata"] {
                if let node = paths[key] { manifest.locations["paths.\(key)"] = location(node) }
            }
            manifest.paths.dataSafety = paths["data_safety"].flatMap(relativePath)
            manifest.paths.privacyPolicy = paths["privacy_policy"].flatMap(privacyPolicy)
        }
        if let factsReader = top["facts"], let facts = factsReader.mapping() {
            var names: [String: Mark] = [:]
            for pair in factsReader.node.mapping ?? [] {
                if let name = pair.key.scalar, names[name] == nil { names[name] = pair.key.mark }
            }
            for (name, value) in facts.entries {
                if let fact = fact(name: name, value) {
                    manifest.facts.append(fact)
                    manifest.locations["facts.\(name)"] = fact.evidence.first?.location
                    if let mark = names[name] { manifest.factNameLocations[name] = SourceLocation(path: file, line: mark.line, column: mark.column) }
                }
            }
        }
        if let review = top["review"]?.mapping(allowed: ["demo_user", "demo_password", "notes", "play_app_access"]) {
            manifest.review.demoUser = review["demo_user"]?.string()
            manifest.review.demoPassword = review["demo_password"].flatMap(password)
            manifest.review.notes = review["notes"]?.string()
            manifest.review.playAppAccess = review["play_app_access"]?.string()
        }
        if let rules = top["rules"]?.mapping(allowed: ["skip", "severity"]) {
            if let skip = rules["skip"] {
                manifest.locations["rules.skip"] = location(skip)
                for item in items(skip) {
                    guard let id = item.string() else { continue }
                    manifest.skip.append(id)
                    manifest.locations["rules.skip.\(id)"] = location(item)
                }
            }
            if let severity = rules["severity"]?.mapping() {
                for (id, value) in severity.entries {
                    guard let level = value.oneOf(ManifestReader.severities) else { continue }
                    manifest.severity[id] = level
                    manifest.locations["rules.severity.\(id)"] = location(value)
                }
            }
        }
        if let ignore = top["ignore"] { manifest.ignores = ignores(ignore) }
        if let exclude = top["exclude"] {
            manifest.locations["exclude"] = location(exclude)
            for item in items(exclude) {
                guard let glob = item.string() else { continue }
                if glob.trimmingBlanks().isEmpty {
                    item.error("an exclude pattern cannot be empty")
                } else if glob.hasPrefix("/") || glob.split(separator: "/").contains("..") {
                    item.error("exclude patterns are relative to the project root, got \"\(glob)\"")
                } else {
                    manifest.exclude.append(glob)
                }
            }
        }
        if let archives = top["archives"] {
            manifest.locations["archives"] = location(archives)
            for item in items(archives) {
                guard let path = relativePath(item) else { continue }
                let kind = (path as NSString).pathExtension.lowercased()
                if !ManifestReader.archiveExtensions.contains(kind) {
                    item.error("an archive is an .ipa, .xcarchive, .app, .aab or .apk, got \"\(path)\"")
                } else {
                    manifest.archives.append(path)
                    manifest.locations["archives.\(path)"] = location(item)
                }
            }
        }
    }

    /// A scalar as a one-item list, or the items of a list: people write `stores: play`.
    func items(_ node: NodeReader) -> [NodeReader] {
        if node.node.scalar != nil { return [node] }
        return node.sequence() ?? []
    }

    /// A path inside the project: relative, and not climbing out with `..`.
    func relativePath(_ node: NodeReader) -> String? {
        guard let text = node.string() else { return nil }
        if text.hasPrefix("/") || text.hasPrefix("~") || text.split(separator: "/").contains("..") {
            node.error("paths are relative to the project root and stay inside it, got \"\(text)\"")
            return nil
        }
        return text
    }

    /// The privacy policy: a file in the project or the URL where it is published.
    func privacyPolicy(_ node: NodeReader) -> String? {
        guard let text = node.node.scalar, text.hasPrefix("https://") || text.hasPrefix("http://") else { return relativePath(node) }
        return text
    }

    /// `env:NAME` or `secret:NAME`; a literal password is refused without echoing it (no snippet).
    func password(_ node: NodeReader) -> String? {
        guard let text = node.string() else { return nil }
        for prefix in ManifestReader.secretReferences where text.hasPrefix(prefix) {
            let name = text.dropFirst(prefix.count)
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "/" }) {
                return text
            }
        }
        diagnostics.add(YAMLError(file: file, mark: node.mark, path: node.path,
                                  message: "demo_password must be a reference such as env:DEMO_PASSWORD; never commit the password; use env:NAME",
                                  snippet: nil))
        return nil
    }

    /// `12`, `-3`, `1.5`: a plain decimal number (not `0x10`, `1e3`, `inf` or a version such as `1.2.3`).
    func isDecimal(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// A stated fact: plain true/false → bool, a plain number → number, any other scalar (and every quoted
    /// one) → string, a list of scalars → list.
    func fact(name: String, _ node: NodeReader) -> Fact? {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            node.error("a fact name is a dotted word such as account.creation, got \"\(name)\"")
            return nil
        }
        let value: FactValue
        switch node.node.content {
        case .scalar(let text):
            if node.node.isNull {
                node.error("expected true, false, a number, a 'string' or a list for fact \(name), got null")
                return nil
            }
            if node.node.style == .plain, let bool = ["true": true, "false": false][text] {
                value = .bool(bool)
            } else if node.node.style == .plain, isDecimal(text), let number = Double(text), number.isFinite {
                value = .number(number)
            } else {
                value = .string(text)
            }
        case .sequence:
            guard let list = node.stringList() else { return nil }
            value = .list(list)
        case .mapping:
            node.error("expected true, false, a number, a 'string' or a list for fact \(name), got a mapping")
            return nil
        }
        let evidence = Evidence(location: location(node), snippet: "\(name): \(value)")
        return Fact(name: name, value: value, source: .stated, evidence: [evidence])
    }
}

extension ManifestFields {
    /// `ignore:`: a list of `{rule, paths, reason}`; the reason is required, so that every silenced finding
    /// says why. Rule names are checked against the loaded checklists by the command line.
    func ignores(_ node: NodeReader) -> [IgnoreEntry] {
        var entries: [IgnoreEntry] = []
        for item in node.sequence() ?? [] {
            guard let map = item.mapping(allowed: ["rule", "paths", "reason"], required: ["rule", "reason"]) else { continue }
            let rules = map["rule"].map { items($0).compactMap { $0.string() } } ?? []
            var globs: [Glob] = []
            for pathNode in map["paths"].map(items) ?? [] {
                guard let glob = relativePath(pathNode) else { continue }
                if glob.trimmingBlanks().isEmpty { pathNode.error("an ignore path cannot be empty") } else { globs.append(Glob(glob)) }
            }
            guard let reasonNode = map["reason"], let reason = reasonNode.string() else { continue }
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                reasonNode.error("an ignore entry needs a reason: say why these findings do not apply")
                continue
            }
            if rules.isEmpty, let ruleNode = map["rule"] { ruleNode.error("an ignore entry names a rule id or checklist name") }
            guard !rules.isEmpty else { continue }
            entries.append(IgnoreEntry(rules: rules, paths: globs, reason: reason, location: location(item)))
        }
        return entries
    }
}

/// Every problem found in a manifest.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public let errors: [YAMLError]

    public init(errors: [YAMLError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
