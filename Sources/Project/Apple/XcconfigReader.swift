import Foundation

/// A build setting an `.xcconfig` file sets, with the line that sets it.
public struct XcconfigSetting: Sendable, Hashable {
    public let value: String
    public let location: SourceLocation
}

/// Reads the build settings of an `.xcconfig` file as Xcode does: `KEY = value` lines, `//` comments,
/// `#include "other.xcconfig"` (and `#include?`, which may be missing) resolved against the including file's folder
/// and read in place, so a later line overrides an earlier one, included or not. A conditional setting
/// (`KEY[sdk=iphoneos*]`) counts as the plain key unless that is set too, as in the pbxproj reader.
/// Only files the walk listed are read (`read` answers nil for anything else), so nothing outside the root is.
enum XcconfigReader {
    /// Includes nest at most this deep; a cycle stops at the first repeat.
    static let maxDepth = 8
    /// A file larger than this is not a hand-written build configuration: skipped.
    static let maxBytes = 1 << 20

    static func settings(path: String, read: (String) -> [UInt8]?) -> [String: XcconfigSetting] {
        var plain: [String: XcconfigSetting] = [:]
        var conditional: [String: XcconfigSetting] = [:]
        var visiting: Set<String> = []
        collect(path: path, depth: 0, read: read, visiting: &visiting, plain: &plain, conditional: &conditional)
        return conditional.merging(plain) { _, own in own }
    }

    private static func collect(path: String, depth: Int, read: (String) -> [UInt8]?, visiting: inout Set<String>,
                                plain: inout [String: XcconfigSetting], conditional: inout [String: XcconfigSetting]) {
        guard depth <= maxDepth, !visiting.contains(path), let bytes = read(path), bytes.count <= maxBytes else { return }
        visiting.insert(path)
        defer { visiting.remove(path) }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("#include") {
                // `#include "a.xcconfig"` / `#include? "a.xcconfig"`: a path in quotes, relative to this file's folder.
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                guard !included.hasPrefix("/"), !included.hasPrefix("<"),
                      let resolved = XcodeFileTree.join(folder, included) else { continue }
                collect(path: resolved, depth: depth + 1, read: read, visiting: &visiting, plain: &plain, conditional: &conditional)
                continue
            }
            // The `=` after the key and its condition (`KEY[sdk=iphoneos*] = value` has one inside the brackets).
            let bracket = trimmed.firstIndex(of: "["), firstEquals = trimmed.firstIndex(of: "=")
            let conditioned = bracket != nil && firstEquals != nil && bracket! < firstEquals!
            let afterCondition = (conditioned ? trimmed.firstIndex(of: "]").map { trimmed.index(after: $0) } : nil) ?? trimmed.startIndex
            guard let equals = trimmed[afterCondition...].firstIndex(of: "=") else { continue }
            let rawKey = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let key = String(rawKey.prefix { $0 != "[" })
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            let setting = XcconfigSetting(value: value.hasSuffix(";") ? String(value.dropLast()) : value,
                                          location: SourceLocation(path: path, line: index + 1))
            if key == rawKey { plain[key] = setting } else { conditional[key] = setting }
        }
    }
}
