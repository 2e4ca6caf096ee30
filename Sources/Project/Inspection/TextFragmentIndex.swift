import Support

/// Where each `in_text` fragment (lower-case ASCII) first occurs in a text, any case, in one pass.
///
/// The pass tries at each byte only the fragments that start with it, and compares against the fragments'
/// bytes laid end to end in one array: the loop touches no struct holding strings or arrays, whose copy
/// retains and releases each of them (reading a `SourceScanner.TextFragment` per candidate byte was a third
/// of `check` on the small iOS trees, since every `a` and `d` of every source file starts a fragment).
/// A byte is tried only when it and the next, folded (`| 0x20`), begin some fragment (one bit in a table of
/// pairs), and lines are counted only up to a place found: most texts hold no fragment, and most of their
/// bytes cost a load and a test.
struct TextFragmentIndex: Sendable {
    /// One fragment's first place: its offset in the fragments given, and the 1-based line it stands on.
    struct Place: Sendable, Equatable {
        let fragment: Int
        let start: Int
        let line: Int
        let lineStart: Int
    }

    /// The fragments' bytes end to end: fragment i is `bytes[bounds[i]..<bounds[i + 1]]`.
    private let bytes: [UInt8]
    private let bounds: [Int]
    /// Any byte, either case → `candidates[buckets[byte]..<buckets[byte + 1]]`: the fragments starting with it,
    /// in the order given.
    private let buckets: [Int]
    private let candidates: [Int]
    /// Bit `(first | 0x20) << 8 | (second | 0x20)` is set when some fragment starts with those two bytes folded
    /// (any second byte for a one-byte fragment). Folding with `| 0x20` keeps every match of
    /// `asciiLowercased` (it only ever adds 0x20 to A–Z), so the table never hides a place; it may let through
    /// a pair no fragment starts with, which the comparison then rejects.
    private let pairs: [UInt64]

    /// `fragments`: non-empty, lower-case ASCII.
    init(_ fragments: [[UInt8]]) {
        var bytes: [UInt8] = []
        var bounds = [0]
        for fragment in fragments {
            bytes += fragment
            bounds.append(bytes.count)
        }
        var buckets = [0]
        var candidates: [Int] = []
        for byte in 0...255 {
            let lower = StringSearch.asciiLowercased(UInt8(byte))
            candidates += fragments.indices.filter { fragments[$0].first == lower }
            buckets.append(candidates.count)
        }
        self.bytes = bytes
        self.bounds = bounds
        self.buckets = buckets
        self.candidates = candidates
        var pairs = [UInt64](repeating: 0, count: 1024)
        for fragment in fragments where !fragment.isEmpty {
            let first = Int(fragment[0] | 0x20) << 8
            let seconds = fragment.count > 1 ? [Int(fragment[1] | 0x20)] : Array(0...255)
            for second in seconds { pairs[(first | second) >> 6] |= 1 << UInt64((first | second) & 63) }
        }
        self.pairs = pairs
    }

    /// The first place of each fragment whose `searched` entry is true, in text order (fragments found at the same
    /// place in the order given). Stops once every searched fragment is found.
    func firstPlaces(in text: UnsafeBufferPointer<UInt8>, searched: [Bool]) -> [Place] {
        var pending = searched
        var left = pending.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard left > 0 else { return [] }
        var places: [Place] = []
        bytes.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeBufferPointer { bounds in
                buckets.withUnsafeBufferPointer { buckets in
                    candidates.withUnsafeBufferPointer { candidates in
                        pending.withUnsafeMutableBufferPointer { pending in
                          pairs.withUnsafeBufferPointer { pairs in
                            // Lines are counted up to `counted` when a place is found.
                            var line = 1
                            var lineStart = 0
                            var counted = 0
                            var k = 0
                            let last = text.count - 1
                            while k < text.count {
                                let c = text[k]
                                let pair = Int(c | 0x20) << 8 | Int((k < last ? text[k + 1] : 0) | 0x20)
                                if pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0, c != 0x0A, buckets[Int(c)] != buckets[Int(c) + 1] {
                                    while counted < k {
                                        if text[counted] == 0x0A {
                                            line += 1
                                            lineStart = counted + 1
                                        }
                                        counted += 1
                                    }
                                    for i in buckets[Int(c)]..<buckets[Int(c) + 1] {
                                        let fragment = candidates[i]
                                        guard pending[fragment] else { continue }
                                        let start = bounds[fragment]
                                        let count = bounds[fragment + 1] - start
                                        guard k + count <= text.count else { continue }
                                        var n = 1
                                        while n < count, StringSearch.asciiLowercased(text[k + n]) == bytes[start + n] { n += 1 }
                                        guard n == count else { continue }
                                        pending[fragment] = false
                                        left -= 1
                                        places.append(Place(fragment: fragment, start: k, line: line, lineStart: lineStart))
                                    }
                                    if left == 0 { break }
                                }
                                k += 1
                            }
                          }
                        }
                    }
                }
            }
        }
        return places
    }
}
