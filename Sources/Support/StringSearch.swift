import Foundation

/// `contains(_:)` and `trimmingCharacters(in:)` for every string of the Project module, on UTF-8 and
/// Unicode scalars.
///
/// Foundation's versions bridge the Swift string to an NSString on every call and search or trim its
/// UTF-16 copy (`CFStringFindWithOptionsAndLocale`, `-[NSString getCharacters:range:]`): in profiles of
/// `check` on real Android and iOS trees, the line-by-line reading of Gradle scripts, workflows, Fastfiles,
/// READMEs and lock files through them was the largest single cost after the source scan. Declared in this
/// module with the same signatures, these shadow Foundation's for every caller here, so the readers keep
/// their code as written. The answers are Foundation's for what these readers look for (ASCII markers,
/// whitespace): a literal search, where an empty needle is not contained; trimming by Unicode scalar.
extension StringProtocol {
    /// Whether `other`'s UTF-8 bytes occur in this string's (false for an empty `other`, as Foundation says).
    package func contains(_ other: String) -> Bool {
        guard !other.isEmpty else { return false }
        if let found = utf8.withContiguousStorageIfAvailable({ haystack in StringSearch.occurs(other, in: haystack) }) {
            return found
        }
        let copy = Array(utf8)
        return copy.withUnsafeBufferPointer { StringSearch.occurs(other, in: $0) }
    }
}

extension StringProtocol {
    /// Where `needle`'s UTF-8 bytes first occur in this string; nil for an empty needle. Foundation's `range(of:)` for
    /// the ASCII markers the readers look for (a path segment, a key), found with `memchr` and `memcmp` instead of
    /// through an NSString copy of the string (a per-file cost when the string is a walked file's path).
    package func utf8Range(of needle: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var needle = needle
        let offset: Int? = needle.withUTF8 { needle in
            utf8.withContiguousStorageIfAvailable { StringSearch.firstOffset(of: needle, in: $0) }
                ?? Array(utf8).withUnsafeBufferPointer { StringSearch.firstOffset(of: needle, in: $0) }
        }
        guard let offset else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8.count)
    }
}

extension StringProtocol {
    /// Whether `lowercased` (lower-case ASCII) occurs in this string with ASCII letters of any case: what
    /// `lowercased().contains(_:)` answers for ASCII markers, without a lower-cased copy of every line.
    package func containsIgnoringASCIICase(_ lowercased: String) -> Bool {
        containsIgnoringASCIICase(bytes: Array(lowercased.utf8))
    }

    /// The same with the needle's bytes made once by the caller (a marker searched in every line of a file).
    package func containsIgnoringASCIICase(bytes needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return false }
        if let found = utf8.withContiguousStorageIfAvailable({ StringSearch.occursIgnoringASCIICase(needle, in: $0) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { StringSearch.occursIgnoringASCIICase(needle, in: $0) }
    }
}

// On the two concrete types (more specific than Foundation's `StringProtocol` method, so that a test
// module importing both sees no ambiguity).
extension String {
    /// This string without the leading and trailing scalars that `set` holds.
    package func trimmingCharacters(in set: CharacterSet) -> String { StringSearch.trimming(self[...], set) }
}

extension Substring {
    /// This string without the leading and trailing scalars that `set` holds.
    package func trimmingCharacters(in set: CharacterSet) -> String { StringSearch.trimming(self, set) }
}

// `trimmingCharacters(in: .whitespaces)` for the readers that trim every line: on the bytes.
extension Substring {
    /// `trimmingCharacters(in: .whitespaces)` with the same result, on the bytes when the ends are ASCII
    /// (Gradle, lock files, workflows: nearly every line). The trim above asks `CharacterSet` of every scalar,
    /// a visible cost of the readers that trim every line; it is used only when a trimmed end is not ASCII
    /// (a no-break space).
    package func trimmingBlanks() -> String {
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
    package func trimmingBlanks() -> String { self[...].trimmingBlanks() }
}

/// `public` for the reason `WordBytes` is: so that `asciiLowercased` is inlined in the other modules' byte loops.
public enum StringSearch {
    /// A–Z as a–z, every other byte as it is: ASCII case folding on UTF-8 (no other byte of UTF-8 is a letter A–Z).
    @inlinable
    package static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `bytes` equal `needle` (lower-case ASCII) with ASCII letters of any case.
    package static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        guard bytes.count == needle.utf8CodeUnitCount else { return false }
        let lower = needle.utf8Start
        for i in 0..<bytes.count where asciiLowercased(bytes[i]) != lower[i] { return false }
        return true
    }

    /// Whether `bytes` end with `needle` (lower-case ASCII) with ASCII letters of any case.
    package static func hasSuffixIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return equalsIgnoringASCIICase(UnsafeBufferPointer(rebasing: bytes[(bytes.count - count)...]), needle)
    }

    package static func trimming(_ text: Substring, _ set: CharacterSet) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, set.contains(scalars[start]) { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard set.contains(scalars[last]) else { break }
            end = last
        }
        return String(text[start..<end])
    }

    /// Whether any of `needles` (lower-case ASCII bytes, none empty) occurs in `haystack` with its ASCII
    /// upper-case letters folded: `needles.contains { occursIgnoringASCIICase($0, in: haystack) }` in one pass,
    /// a byte tried only when it folds to some needle's first byte (a few markers looked for in every release-job
    /// file were a pass each).
    package static func occursAnyIgnoringASCIICase(_ needles: [[UInt8]], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var firsts = [Bool](repeating: false, count: 256)
        for needle in needles {
            guard let first = needle.first else { continue }
            firsts[Int(first)] = true
        }
        var start = 0
        while start < haystack.count {
            let byte = asciiLowercased(haystack[start])
            if firsts[Int(byte)] {
                for needle in needles where needle.first == byte && needle.count <= haystack.count - start {
                    var k = 1
                    while k < needle.count, asciiLowercased(haystack[start + k]) == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
            }
            start += 1
        }
        return false
    }

    /// `needle` (lower-case ASCII bytes) in `haystack` with its ASCII upper-case letters folded.
    package static func occursIgnoringASCIICase(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var start = 0
        while start <= haystack.count - needle.count {
            if asciiLowercased(haystack[start]) == first {
                var k = 1
                while k < needle.count, asciiLowercased(haystack[start + k]) == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    package static func occurs(_ needle: String, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var needle = needle
        return needle.withUTF8 { occurs($0, in: haystack) }
    }

    /// A byte search: `memchr` to each candidate first byte, then `memcmp`. An empty needle does not occur
    /// (as Foundation's `contains` says).
    package static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` (the same search); nil for an empty needle.
    package static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress, let first = needle.first,
              needle.count <= haystack.count else { return nil }
        let last = haystack.count - needle.count
        var i = 0
        while i <= last, let hit = memchr(base + i, Int32(first), last - i + 1) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needleBase, needle.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
