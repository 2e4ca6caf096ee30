import Foundation

/// A parsed property list file: its value and, for text formats (XML, old-style), the text, so that
/// findings can point at the line where a key or value is written. Binary plists have no lines.
public struct PlistDocument: Sendable {
    public let value: PlistValue
    /// The file's text when it is XML or old-style; nil for binary.
    public let text: String?

    public init(value: PlistValue, text: String?) {
        self.value = value
        self.text = text
    }

    /// The 1-based line of the first `<key>name</key>` (XML) or `name =` (old-style), if any.
    public func line(ofKey key: String) -> Int? {
        guard let text else { return nil }
        return TextLines.firstLine(in: text) { line in
            line.contains("<key>\(key)</key>") || TextLines.assigns(line, key: key)
        }
    }

    /// The 1-based line of the first line containing `fragment`.
    public func line(containing fragment: String) -> Int? {
        guard let text else { return nil }
        return TextLines.firstLine(in: text) { $0.contains(fragment) }
    }
}

/// Finding lines in text files that Foundation parses without positions.
enum TextLines {
    static func firstLine(in text: String, where matches: (Substring) -> Bool) -> Int? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if matches(line) { return number }
        }
        return nil
    }

    /// `key = …` or `"key" = …` at the start of an old-style plist line (strings files, pbxproj).
    static func assigns(_ line: Substring, key: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for prefix in [key, "\"\(key)\""] where trimmed.hasPrefix(prefix) {
            let rest = trimmed.dropFirst(prefix.count).drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("=") { return true }
        }
        return false
    }
}
