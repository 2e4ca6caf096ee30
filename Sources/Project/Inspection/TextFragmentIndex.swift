import Support

/// Where each `in_text` fragment (lower-case ASCII) first occurs in a text, any case, in one pass.
///
/// The pass tries at each byte only the fragments that start with it, and compares against the fragments'
/// bytes laid end to end in one array: the loop touches no struct holding strings or arrays, whose copy
/// retains and releases each of them (reading a `SourceScanner.TextFragment` per candidate byte was a third
/// of `check` on the small iOS trees, since every `a` and `d` of every source file starts a fragment).
/// When every fragment is at least `minimumSkipWindow` bytes long, the pass skips as Wu and Manber's multi-pattern
/// search does: it looks at the last three bytes of a window as long as the shortest fragment, and a table says
/// how far the window may move before a fragment could end in it (most triples of a source file are in no
/// fragment, so most windows move nearly their whole length and most bytes are never read; with pairs, common
/// ones such as `de`, `te`, `co` and `re` are in the built-in fragments and held most windows back). Otherwise a
/// byte is tried only when it and the next, folded (`| 0x20`), begin some fragment (one bit in a table of pairs). Either way
/// lines are counted only up to a place found: most texts hold no fragment.
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
    /// The skip pass's window: the shortest fragment's length (0: fragments too short to skip, the pair pass runs).
    private let window: Int
    /// Triple `a b c` (by `blockKey`) → how far a window ending in `a b c` may move without passing the end of a
    /// place: `window - 1 - j` for the smallest such distance over every fragment whose first `window` bytes hold
    /// a triple of that key ending at offset j, else `window - 2`. Zero: a fragment may start at the window's
    /// first byte. Triples that share a key share the smallest shift, so a key can hold a window back, never let
    /// it pass a place.
    private let shifts: [UInt8]

    /// Windows shorter than this skip too little to pay for the table.
    static let minimumSkipWindow = 4

    /// The key of three bytes in the shift table: the low five bits of each (the same for both cases of a letter, as
    /// `asciiLowercased` only adds 0x20; letters have distinct keys, other bytes share theirs with some letter).
    @inline(__always)
    static func blockKey(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        Int(a & 0x1F) << 10 | Int(b & 0x1F) << 5 | Int(c & 0x1F)
    }

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
        // The shortest fragment's length, capped so a shift fits a byte.
        let shortest = min(fragments.map(\.count).min() ?? 0, 255)
        if shortest >= Self.minimumSkipWindow {
            var shifts = [UInt8](repeating: UInt8(shortest - 2), count: 1 << 15)
            for fragment in fragments {
                for j in 2..<shortest {
                    let key = Self.blockKey(fragment[j - 2], fragment[j - 1], fragment[j])
                    shifts[key] = min(shifts[key], UInt8(shortest - 1 - j))
                }
            }
            self.window = shortest
            self.shifts = shifts
        } else {
            self.window = 0
            self.shifts = []
        }
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
                            // Lines are counted up to `counted` when a place is found.
                            var line = 1
                            var lineStart = 0
                            var counted = 0
                            /// Tries the fragments starting with the byte at `k` (a place is recorded for each match).
                            @inline(__always) func tryPlace(_ k: Int) {
                                let c = text[k]
                                guard c != 0x0A, buckets[Int(c)] != buckets[Int(c) + 1] else { return }
                                for i in buckets[Int(c)]..<buckets[Int(c) + 1] {
                                    let fragment = candidates[i]
                                    guard pending[fragment] else { continue }
                                    let start = bounds[fragment]
                                    let count = bounds[fragment + 1] - start
                                    guard k + count <= text.count else { continue }
                                    var n = 1
                                    while n < count, StringSearch.asciiLowercased(text[k + n]) == bytes[start + n] { n += 1 }
                                    guard n == count else { continue }
                                    // Lines counted only now, up to the place: a candidate that is no place (most are)
                                    // counted them up to itself, which came to nearly every byte of every file.
                                    while counted < k {
                                        if text[counted] == 0x0A {
                                            line += 1
                                            lineStart = counted + 1
                                        }
                                        counted += 1
                                    }
                                    pending[fragment] = false
                                    left -= 1
                                    places.append(Place(fragment: fragment, start: k, line: line, lineStart: lineStart))
                                }
                            }
                            if window > 0 {
                                // Skipping: `end` is the last byte of a window of `window` bytes.
                                shifts.withUnsafeBufferPointer { shifts in
                                    var end = window - 1
                                    while end < text.count {
                                        let shift = Int(shifts[Self.blockKey(text[end - 2], text[end - 1], text[end])])
                                        if shift > 0 {
                                            end += shift
                                            continue
                                        }
                                        tryPlace(end - window + 1)
                                        if left == 0 { break }
                                        end += 1
                                    }
                                }
                                return
                            }
                            pairs.withUnsafeBufferPointer { pairs in
                                let last = text.count - 1
                                var k = 0
                                while k < text.count {
                                    let pair = Int(text[k] | 0x20) << 8 | Int((k < last ? text[k + 1] : 0) | 0x20)
                                    if pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 {
                                        tryPlace(k)
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
