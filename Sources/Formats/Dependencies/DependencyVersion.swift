/// A dependency version as lock files write it (`5.9.1`, `v4.4.0`, `2.30910.0`), compared part by part as
/// numbers. Branch names and revision hashes are not versions: `init` gives nil, and a check then says the
/// version is not known rather than guess. A numeric build suffix counts as a further part, as pub orders
/// versions (`0.8.9+1` follows `0.8.9`: the image_picker_ios release that added its manifest).
public struct DependencyVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int]
    public let text: String

    public init?(_ text: String) {
        var body = Substring(text.trimmingCharactersOfSpace())
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        // `1.2.3-beta.1` and `1.2.3+build` compare by their release part, except a numeric build (`+1`).
        var build: Substring?
        if let plus = body.firstIndex(of: "+") {
            let suffix = body[body.index(after: plus)...]
            if !suffix.isEmpty, suffix.utf8.count <= 9, suffix.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { build = suffix }
            body = body[..<plus]
        }
        if let cut = body.firstIndex(of: "-") { body = body[..<cut]; build = nil }
        var pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !pieces.isEmpty, pieces.count <= 6 else { return nil }
        // `0.8.9+1` compares as `0.8.9.0.1`: after every `0.8.9.x` release part, before `0.8.10`.
        if let build {
            while pieces.count < 4 { pieces.append("0") }
            pieces.append(build)
        }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.count <= 9, piece.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(piece) else { return nil }
            parts.append(value)
        }
        self.parts = parts
        self.text = text
    }

    public var description: String { text }

    /// Missing parts count as zero: `5.9` == `5.9.0`.
    public static func < (a: DependencyVersion, b: DependencyVersion) -> Bool {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let x = index < a.parts.count ? a.parts[index] : 0
            let y = index < b.parts.count ? b.parts[index] : 0
            if x != y { return x < y }
        }
        return false
    }

    public static func == (a: DependencyVersion, b: DependencyVersion) -> Bool { !(a < b) && !(b < a) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}

private extension String {
    func trimmingCharactersOfSpace() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
