import Foundation

/// Reads the build settings of an xcconfig file with its `#include`s (and `#include?`), as Xcode does: later
/// assignments win; conditional ones (`KEY[sdk=…]`) count as the plain key unless that is set too. Only files of
/// the walk are read (never outside the root), each at most once per chain, to a bounded depth.
enum XcconfigReader {
    static let maxBytes = 1 << 20
    static let maxDepth = 16

    static func settings(of path: String, files: [String: ProjectFile]) -> [String: String] {
        var result: [String: String] = [:]
        var visiting: Set<String> = []
        read(path, files: files, into: &result, visiting: &visiting, depth: 0)
        return result
    }

    private static func read(_ path: String, files: [String: ProjectFile], into result: inout [String: String],
                             visiting: inout Set<String>, depth: Int) {
        guard depth < maxDepth, !visiting.contains(path), let file = files[path], file.size <= maxBytes,
              let data = FileManager.default.contents(atPath: file.absolutePath) else { return }
        visiting.insert(path)
        defer { visiting.remove(path) }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var conditional: Set<String> = []
        for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(line[line.index(after: open)..<close])
                if included.hasPrefix("/") || included.hasPrefix("<") { continue }
                if let target = XcodeFileTree.join(folder, included) {
                    read(target, files: files, into: &result, visiting: &visiting, depth: depth + 1)
                }
                continue
            }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            // A condition (`KEY[sdk=macosx*]`) holds an `=` of its own: the assignment's is after the last `]`.
            var afterCondition = line.startIndex
            if let open = line.firstIndex(of: "["), line.firstIndex(of: "=").map({ open < $0 }) ?? false,
               let close = line[open...].firstIndex(of: "]") {
                afterCondition = line.index(after: close)
            }
            guard let equals = line[afterCondition...].firstIndex(of: "=") else { continue }
            let rawKey = line[..<equals].trimmingCharacters(in: .whitespaces)
            let key = String(rawKey.prefix { $0 != "[" })
            guard !key.isEmpty else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            if key != rawKey {
                if result[key] != nil && !conditional.contains(key) { continue }
                conditional.insert(key)
            } else {
                conditional.remove(key)
            }
            result[key] = value.trimmingCharacters(in: .whitespaces)
        }
    }
}
