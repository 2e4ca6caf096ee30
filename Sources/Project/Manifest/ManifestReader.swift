import Foundation
import StoreLocale
import YAML

/// Reads `shipcheck.yml` (documented key by key in docs/manifest.md).
public enum ManifestReader {
    /// The manifest's file name at the project root.
    public static let fileName = "shipcheck.yml"

    static let topKeys = ["app", "stores", "paths", "facts", "review", "rules", "exclude", "ignore"]
    static let severities = ["error", "warning", "info", "off"]
    /// Prefixes of a reference to a secret kept outside the repository.
    static let secretReferences = ["env:", "secret:"]

    /// Parses the manifest at `path` (absolute); `relativePath` names it in errors.
    /// Throws every problem found (unknown keys with suggestions, wrong types), with file:line:column.
    public static func read(path: String, relativePath: String) throws(ManifestError) -> Manifest {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ManifestError(errors: [YAMLError(file: relativePath, mark: nil, message: "cannot read the manifest: \(reason(error))")])
        }
        return try parse(data: data, file: relativePath)
    }

    /// Parses manifest bytes; `file` names the manifest in errors and in the locations it records.
    public static func parse(data: Data, file: String) throws(ManifestError) -> Manifest {
        let root: Node?
        do {
            root = try YAMLParser.parse(data: data, file: file)
        } catch {
            throw ManifestError(errors: [error])
        }
        var manifest = Manifest(file: file)
        guard let root, !root.isNull else { return manifest }
        let diagnostics = Diagnostics(file: file, source: String(decoding: data, as: UTF8.self))
        let reader = ManifestFields(file: file, diagnostics: diagnostics)
        reader.read(NodeReader(node: root, diagnostics: diagnostics), into: &manifest)
        if !diagnostics.errors.isEmpty {
            throw ManifestError(errors: diagnostics.errors.sorted { ($0.mark ?? Mark(line: 0, column: 0)) < ($1.mark ?? Mark(line: 0, column: 0)) })
        }
        return manifest
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
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
        if let facts = top["facts"]?.mapping() {
            for (name, value) in facts.entries {
                if let fact = fact(name: name, value) {
                    manifest.facts.append(fact)
                    manifest.locations["facts.\(name)"] = fact.evidence.first?.location
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
                if glob.trimmingCharacters(in: .whitespaces).isEmpty {
                    item.error("an exclude pattern cannot be empty")
                } else if glob.hasPrefix("/") || glob.split(separator: "/").contains("..") {
                    item.error("exclude patterns are relative to the project root, got \"\(glob)\"")
                } else {
                    manifest.exclude.append(glob)
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
                if glob.trimmingCharacters(in: .whitespaces).isEmpty { pathNode.error("an ignore path cannot be empty") } else { globs.append(Glob(glob)) }
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
