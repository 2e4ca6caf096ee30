/// The lines of a text as `split(separator: "\n", omittingEmptySubsequences:)` gives them, found on the
/// UTF-8 bytes instead of Character by Character: Gradle scripts, lock files, workflows and manifests are
/// split into lines by several inspectors each, and breaking them into grapheme clusters was most of that.
/// The slices are the same: a line feed is a Character of its own except right after a carriage return
/// ("\r\n" is one Character, which is not "\n"), so such a line feed does not end a line here either.
extension Substring {
    package func lineSlices(omittingEmpty: Bool = false) -> [Substring] {
        let text = self
        let found: [Substring]? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var lines: [Substring] = []
            var lineStart = 0
            func add(_ end: Int) {
                if omittingEmpty, end == lineStart { return }
                let from = text.utf8.index(text.startIndex, offsetBy: lineStart)
                let to = text.utf8.index(from, offsetBy: end - lineStart)
                lines.append(text[from..<to])
            }
            for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\n") && (i == 0 || bytes[i - 1] != UInt8(ascii: "\r")) {
                add(i)
                lineStart = i + 1
            }
            add(bytes.count)
            return lines
        }
        return found ?? text.split(separator: "\n", omittingEmptySubsequences: omittingEmpty)
    }
}

extension String {
    package func lineSlices(omittingEmpty: Bool = false) -> [Substring] { self[...].lineSlices(omittingEmpty: omittingEmpty) }
}
