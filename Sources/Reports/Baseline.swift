import Foundation
import Rules

/// Findings a team has accepted for now (`--baseline FILE`): later runs hide them and report only
/// new ones. Entries match by fingerprint (rule + path + offending text), so edits that move a line
/// do not resurface old findings, while a change to the offending text does.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public let rule: String
        public let path: String
        public let fingerprint: String
        /// For people reading the file; not used for matching.
        public let message: String

        public init(rule: String, path: String, fingerprint: String, message: String) {
            self.rule = rule
            self.path = path
            self.fingerprint = fingerprint
            self.message = message
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.rule, a.path, a.fingerprint, a.message) < (b.rule, b.path, b.fingerprint, b.message)
        }
    }

    public static let formatVersion = 1

    /// Sorted.
    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    public static func make(from findings: [Finding]) -> Baseline {
        Baseline(entries: findings.map {
            Entry(rule: $0.rule, path: $0.location.path, fingerprint: $0.fingerprint, message: $0.message)
        })
    }

    /// `{"version":1,"entries":[{"rule","path","fingerprint","message"}]}`, sorted, pretty-printed.
    public func encode() -> Data {
        let document: JSONValue = .object([
            ("version", .int(Self.formatVersion)),
            ("entries", .array(entries.map { entry in
                .object([("rule", .string(entry.rule)), ("path", .string(entry.path)),
                         ("fingerprint", .string(entry.fingerprint)), ("message", .string(entry.message))])
            })),
        ])
        return Data(document.serialized().utf8)
    }

    public static func decode(_ data: Data, file: String) throws(BaselineError) -> Baseline {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw BaselineError(file: file, message: "not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable"))")
        }
        guard let root = object as? [String: Any] else {
            throw BaselineError(file: file, message: "expected a JSON object with \"version\" and \"entries\"")
        }
        guard let version = root["version"] as? Int, version == formatVersion else {
            throw BaselineError(file: file, message: "unsupported \"version\" \(root["version"].map { "\($0)" } ?? "(missing)"); this shipcheck reads version \(formatVersion)")
        }
        guard let list = root["entries"] as? [Any] else {
            throw BaselineError(file: file, message: "\"entries\" must be a list")
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            guard let fields = item as? [String: Any] else {
                throw BaselineError(file: file, message: "entry \(index + 1) is not an object")
            }
            var values: [String: String] = [:]
            for key in ["rule", "path", "fingerprint", "message"] {
                guard let value = fields[key] as? String else {
                    throw BaselineError(file: file, message: "entry \(index + 1) has no string \"\(key)\"")
                }
                values[key] = value
            }
            entries.append(Entry(rule: values["rule"] ?? "", path: values["path"] ?? "",
                                 fingerprint: values["fingerprint"] ?? "", message: values["message"] ?? ""))
        }
        return Baseline(entries: entries)
    }

    /// Hides each finding an entry accounts for. Entries count: two entries with one fingerprint hide
    /// two such findings and a third shows. `fixedEntries` are entries that matched nothing.
    public func apply(to findings: [Finding]) -> (kept: [Finding], hidden: Int, fixedEntries: Int) {
        let split = partition(findings)
        return (split.kept, split.hidden.count, split.fixedEntries)
    }

    /// `apply`, with the hidden findings themselves (SARIF lists them as suppressed).
    public func partition(_ findings: [Finding]) -> (kept: [Finding], hidden: [Finding], fixedEntries: Int) {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[key(entry.rule, entry.fingerprint), default: 0] += 1 }
        var kept: [Finding] = []
        var hidden: [Finding] = []
        for finding in findings {
            let k = key(finding.rule, finding.fingerprint)
            if let count = remaining[k], count > 0 {
                remaining[k] = count - 1
                hidden.append(finding)
            } else {
                kept.append(finding)
            }
        }
        return (kept, hidden, remaining.values.reduce(0, +))
    }

    private func key(_ rule: String, _ fingerprint: String) -> String { rule + "\u{0}" + fingerprint }
}

/// A baseline file that cannot be used; names the file.
public struct BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
