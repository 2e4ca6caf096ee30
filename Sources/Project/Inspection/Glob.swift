/// A path pattern from the manifest's `exclude`, matched against paths relative to the root.
///
/// `*` matches within one path segment, `?` one character, `**` any number of whole segments (zero
/// included), so `Pods/**` matches the folder `Pods` and everything below it. A pattern without a `/`
/// matches a name at any depth (`*.generated.swift`), as in `.gitignore`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Substring]
    private let anyDepth: Bool

    public init(_ pattern: String) {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        self.pattern = pattern
        self.anyDepth = !text.contains("/")
        self.segments = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    public var description: String { pattern }

    /// Whether the file or folder at `path` is matched (a folder matched by `X/**` is matched itself).
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if anyDepth, let name = parts.last, segments.count == 1 {
            return segments[0] == "**" || Glob.matchSegment(Array(segments[0].utf8), Array(name.utf8))
        }
        return Glob.match(segments[...], parts[...])
    }

    /// Segment by segment, tracking every pattern position still possible (an NFA), so ten `**` against a deep
    /// path cost patterns × segments, not the exponential of backtracking.
    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        let pattern = Array(pattern)
        var states = [Bool](repeating: false, count: pattern.count + 1)
        states[0] = true
        closeOverStars(&states, pattern)
        for part in path {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            var any = false
            for position in pattern.indices where states[position] {
                if pattern[position] == "**" {
                    next[position] = true; any = true
                } else if matchSegment(Array(pattern[position].utf8), Array(part.utf8)) {
                    next[position + 1] = true; any = true
                }
            }
            guard any else { return false }
            closeOverStars(&next, pattern)
            states = next
        }
        return states[pattern.count]
    }

    /// A `**` may match no segment: a live position before it makes the one after it live too.
    private static func closeOverStars(_ states: inout [Bool], _ pattern: [Substring]) {
        for position in pattern.indices where states[position] && pattern[position] == "**" {
            states[position + 1] = true
        }
    }

    /// `*` and `?` within one segment, on UTF-8 bytes (a `?` matches one byte of a non-ASCII name).
    static func matchSegment(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        var pi = 0, si = 0
        var starP = -1, starS = 0
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == s[si] {
                pi += 1; si += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                starP = pi; starS = si; pi += 1
            } else if starP >= 0 {
                pi = starP + 1; starS += 1; si = starS
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
