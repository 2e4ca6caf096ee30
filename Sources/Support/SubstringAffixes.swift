import Foundation

// With Foundation imported, `hasPrefix`/`hasSuffix` on a Substring resolve to Foundation's StringProtocol
// versions, which bridge through NSString and CFStringFind: on a 30,000-file tree the file-name tests of the
// inspectors spent a tenth of the run there. These byte comparisons are more specific, so the module's calls on
// Substrings (file names, path segments) pick them. Paths and suffixes are compared as written (no Unicode
// normalisation), as the file system stores them.
extension Substring {
    package func hasSuffix(_ suffix: String) -> Bool {
        var suffix = suffix
        return suffix.withUTF8 { tail in
            utf8.withContiguousStorageIfAvailable { bytes in
                tail.count <= bytes.count && (tail.isEmpty || memcmp(bytes.baseAddress! + (bytes.count - tail.count), tail.baseAddress!, tail.count) == 0)
            } ?? utf8.suffix(tail.count).elementsEqual(tail)
        }
    }

    package func hasPrefix(_ prefix: String) -> Bool {
        var prefix = prefix
        return prefix.withUTF8 { head in
            utf8.withContiguousStorageIfAvailable { bytes in
                head.count <= bytes.count && (head.isEmpty || memcmp(bytes.baseAddress!, head.baseAddress!, head.count) == 0)
            } ?? (utf8.count >= head.count && utf8.prefix(head.count).elementsEqual(head))
        }
    }
}
