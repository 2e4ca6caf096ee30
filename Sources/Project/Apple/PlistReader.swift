import Foundation
import Formats

/// Reads property lists (XML, binary, old-style OpenStep: Info.plist, .entitlements, .xcprivacy,
/// InfoPlist.strings, project.pbxproj) through Foundation, turning every failure into a `PlistReadError`
/// that names the file and, when Foundation says it, the line.
public enum PlistReader {
    /// Files larger than this are refused rather than loaded: no real plist comes near it.
    public static let maxBytes = 32 << 20

    public static func read(_ file: ProjectFile) -> Result<PlistDocument, PlistReadError> {
        if file.size > maxBytes {
            return .failure(PlistReadError(path: file.path, line: nil,
                                           message: "property list of \(file.size) bytes is over the \(maxBytes)-byte limit; skipped"))
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .failure(PlistReadError(path: file.path, line: nil, message: "could not be read"))
        }
        return parse(data, path: file.path)
    }

    /// A `.strings` file: one that holds nothing but whitespace, comments or a byte-order mark is a valid,
    /// empty table (React Native's templates and Xcode's localization export write such files), not an
    /// unreadable input.
    public static func readStrings(_ file: ProjectFile) -> Result<PlistDocument, PlistReadError> {
        if file.size <= maxBytes, let data = FileManager.default.contents(atPath: file.absolutePath), isEmptyStrings(data) {
            return .success(PlistDocument(value: .dictionary([:]), text: String(decoding: data, as: UTF8.self)))
        }
        return read(file)
    }

    /// Only whitespace, `//` and `/* */` comments and a UTF-8 or UTF-16 byte-order mark (UTF-16 text is
    /// judged by its ASCII bytes, the zero bytes skipped).
    static func isEmptyStrings(_ data: Data) -> Bool {
        let bytes = [UInt8](data).filter { $0 != 0 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF && $0 != 0xFE && $0 != 0xFF }
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            return false
        }
        return true
    }

    /// Parses bytes already read; `path` names the file in errors.
    public static func parse(_ data: Data, path: String) -> Result<PlistDocument, PlistReadError> {
        if data.isEmpty {
            return .failure(PlistReadError(path: path, line: nil, message: "empty file, not a property list"))
        }
        let bytes = [UInt8](data)
        if GitLFSPointer.isPointer(bytes) { return .failure(PlistReadError(path: path, line: nil, message: "not read: " + GitLFSPointer.problemMessage)) }
        if bytes.starts(with: Array("bplist0".utf8)) {
            // Binary plists never reach Foundation (its Linux reader crashes on a set); see BinaryPlistDecoder.
            if let problem = BinaryPlistBounds.problem(in: bytes) {
                return .failure(PlistReadError(path: path, line: nil, message: "not a usable binary property list: it \(problem); regenerate the file"))
            }
            switch BinaryPlistDecoder.decode(bytes) {
            case .success(let value): return .success(PlistDocument(value: value, text: nil))
            case .failure(let failure):
                return .failure(PlistReadError(path: path, line: nil, message: "not a usable binary property list: it \(failure.message); regenerate the file"))
            }
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            // Info.plists built with INFOPLIST_PREPROCESS hold C preprocessor lines (`#ifdef`, `#endif`):
            // blank them (keeping line numbers and both branches) and try once more.
            if let stripped = withoutPreprocessorLines(data),
               let retried = try? PropertyListSerialization.propertyList(from: stripped, options: [], format: &format) {
                object = retried
            } else {
                let (line, reason) = describe(error)
                // Foundation quotes the offending byte, which may be a control character: keep one printable line.
                let printable = String(reason.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                return .failure(PlistReadError(path: path, line: line, message: "not a valid property list: \(printable); fix or regenerate the file (Xcode can open it to show the error)"))
            }
        }
        guard let value = PlistValue(foundation: object) else {
            return .failure(PlistReadError(path: path, line: nil, message: "holds a value that is not a property list type"))
        }
        let text = format == .binary ? nil : String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16)
        return .success(PlistDocument(value: value, text: text))
    }

    /// The XML text with `#if…`/`#else`/`#endif`/`#include`/`#define` lines blanked, or nil when there are none.
    static func withoutPreprocessorLines(_ data: Data) -> Data? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let directives = ["#if", "#else", "#elif", "#endif", "#include", "#define", "#undef"]
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard directives.contains(where: { trimmed.hasPrefix($0) }) else { return line }
            changed = true
            return ""
        }
        return changed ? Data(lines.joined(separator: "\n").utf8) : nil
    }

    /// Foundation's reason, and the line it names ("… at line 12"), if any.
    static func describe(_ error: Error) -> (line: Int?, reason: String) {
        let nsError = error as NSError
        let reason = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
        var line: Int?
        if let range = reason.range(of: "at line ") {
            let digits = reason[range.upperBound...].prefix { $0.isNumber }
            line = Int(digits)
        }
        return (line, reason)
    }
}

/// A property list that could not be used: the file, the line if known, and why.
public struct PlistReadError: Error, Sendable, Hashable {
    public let path: String
    public let line: Int?
    public let message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var problem: InputProblem {
        InputProblem(location: SourceLocation(path: path, line: line), message: message)
    }
}
