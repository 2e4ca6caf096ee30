// With Foundation imported, `hasPrefix`/`hasSuffix` on a Substring resolve to Foundation's StringProtocol
// versions, which bridge through NSString and CFStringFind: on a 30,000-file tree the file-name tests of the
// inspectors spent a tenth of the run there. These byte comparisons are more specific, so the module's calls on
// Substrings (file names, path segments) pick them. Paths and suffixes are compared as written (no Unicode
// normalisation), as the file system stores them.
extension Substring {
    func hasSuffix(_ suffix: String) -> Bool {
        let tail = suffix.utf8
        let bytes = utf8
        guard bytes.count >= tail.count else { return false }
        return bytes.suffix(tail.count).elementsEqual(tail)
    }

    func hasPrefix(_ prefix: String) -> Bool {
        let head = prefix.utf8
        let bytes = utf8
        guard bytes.count >= head.count else { return false }
        return bytes.prefix(head.count).elementsEqual(head)
    }
}
