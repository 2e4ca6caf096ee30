import Foundation

extension Substring {
    /// `trimmingCharacters(in: .whitespaces)` with the same result, on the bytes when the ends are ASCII
    /// (Gradle, lock files, workflows: nearly every line). Foundation's character set was a visible cost of
    /// the readers that trim every line; it is asked only when a trimmed end is not ASCII (a no-break space).
    func trimmingBlanks() -> String {
        let bytes = utf8
        var start = bytes.startIndex
        while start != bytes.endIndex, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        var end = bytes.endIndex
        while end != start {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        if start != bytes.endIndex, bytes[start] >= 0x80 { return trimmingCharacters(in: .whitespaces) }
        if end != start, bytes[bytes.index(before: end)] >= 0x80 { return trimmingCharacters(in: .whitespaces) }
        return String(self[start..<end])
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, on the bytes when the ends are ASCII (see `Substring.trimmingBlanks`).
    func trimmingBlanks() -> String { self[...].trimmingBlanks() }
}
