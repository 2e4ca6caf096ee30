import Foundation

/// The readable text of a local copy of the privacy policy (`paths.privacy_policy`): HTML without
/// its markup, Markdown without its syntax, plain text as is. Good enough to ask "does it name the
/// app?"; not a renderer.
public enum PrivacyPolicyText {
    public enum Format: Sendable, Equatable {
        case html, markdown, plain

        /// By extension: .html/.htm/.xhtml, .md/.markdown; anything else is plain text.
        public init(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "html", "htm", "xhtml": self = .html
            case "md", "markdown", "mdown": self = .markdown
            default: self = .plain
            }
        }
    }

    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let file: String
        public let message: String

        public var description: String { "\(file): \(message)" }
    }

    public static let maxBytes = 4 << 20

    /// The text of a local copy the inspector loaded (`ProjectModel.privacyPolicyDocument`).
    public static func text(of document: LoadedDocument) throws(ReadError) -> String {
        switch document.content {
        case .unreadable(let reason):
            throw ReadError(file: document.path, message: reason)
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ReadError(file: document.path, message: "not UTF-8 text")
            }
            return extract(text, format: Format(path: document.path))
        }
    }

    /// Whether `paths.privacy_policy` names a published page rather than a local copy.
    public static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    public static func extract(_ text: String, format: Format) -> String {
        switch format {
        case .html: return HTMLText.text(of: text)
        case .markdown: return markdownText(text)
        case .plain: return text
        }
    }

    /// Drops Markdown syntax that would split words from names: link targets, emphasis marks, heading marks.
    static func markdownText(_ text: String) -> String {
        var result = text
        // [label](url) and ![alt](url) keep their label.
        result = result.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        result = result.replacingOccurrences(of: #"(?m)^\s{0,3}#{1,6}\s*"#, with: "", options: .regularExpression)
        result = result.replacingOccurrences(of: #"[*_`~]+"#, with: "", options: .regularExpression)
        return result
    }
}

/// HTML to text: scripts, styles and comments removed, tags become spaces, entities decoded.
enum HTMLText {
    static func text(of html: String) -> String {
        var result = html
        result = result.replacingOccurrences(of: #"(?s)<!--.*?-->"#, with: " ", options: .regularExpression)
        result = result.replacingOccurrences(of: #"(?is)<(script|style|noscript|template)\b[^>]*>.*?</\1\s*>"#, with: " ", options: .regularExpression)
        // A tag holds no `<`: `[^<>]` keeps a page of 50,000 unclosed `<` linear (`[^>]*` rescanned to the end).
        result = result.replacingOccurrences(of: #"<[^<>]*>"#, with: " ", options: .regularExpression)
        return decodeEntities(result)
    }

    /// The entities a policy page uses in practice; numeric ones cover every other character.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "©", "reg": "®",
        "trade": "™", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "ndash": "–", "mdash": "—", "hellip": "…",
    ]

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            guard let semicolon = rest[afterAmp...].prefix(12).firstIndex(of: ";") else {
                output += "&"
                rest = rest[afterAmp...]
                continue
            }
            let name = rest[afterAmp..<semicolon]
            if let decoded = decode(name) {
                output += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output += "&"
                rest = rest[afterAmp...]
            }
        }
        output += rest
        return output
    }

    private static func decode(_ name: Substring) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[String(name)]
    }
}
