/// The last components of a relative path, found from its end: what `path.split(separator: "/")` gives
/// at its tail (empty components skipped), without splitting the whole path. Per-file path tests run for
/// every walked file, so they look only at the names they need.
package enum PathComponents {
    /// Up to `count` components, the last one first.
    package static func last(_ count: Int, of path: String) -> [Substring] {
        var found: [Substring] = []
        found.reserveCapacity(count)
        let utf8 = path.utf8
        var end = utf8.endIndex
        while found.count < count, end > utf8.startIndex {
            let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/"))
            let start = slash.map { utf8.index(after: $0) } ?? utf8.startIndex
            if start < end { found.append(path[start..<end]) }
            guard let slash else { break }
            end = slash
        }
        return found
    }

    /// Whether any component (empty ones skipped) satisfies `test`, looked at from the first.
    package static func contains(in path: String, where test: (Substring) -> Bool) -> Bool {
        var rest = path[...]
        while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
            let part = rest[..<slash]
            if !part.isEmpty, test(part) { return true }
            rest = rest[rest.utf8.index(after: slash)...]
        }
        return !rest.isEmpty && test(rest)
    }
}

extension PathComponents {
    /// Whether splitting `path` on "/" would drop nothing and fold nothing: no empty component (no leading,
    /// trailing or doubled slash) and, when `dots` is false, no `.` or `..` component. The empty path is plain.
    package static func isPlain(_ path: String, dots: Bool) -> Bool {
        var length = 0      // of the current component
        var dotsOnly = true // the current component is made of dots only
        var first = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (!dots && dotsOnly && length <= 2) { return false }
                length = 0
                dotsOnly = true
                first = false
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { dotsOnly = false }
            }
        }
        if length == 0 { return first }
        return dots || !(dotsOnly && length <= 2)
    }
}
