/// Tuist's `Project.swift` is Swift, and shipcheck never runs project code: it reads only the string literal
/// pairs a manifest writes for Info.plist keys (`"NSCameraUsageDescription": "Scans receipts…"`, also with
/// `.string("…")`) and `INFOPLIST_KEY_*` settings (`"INFOPLIST_KEY_NSCameraUsageDescription": "…"`). Which target
/// a pair belongs to is not known, and values built in code are not seen, so the spec is always marked as not
/// fully evaluated. Bounded: the first 20,000 literals.
enum TuistManifestScanner {
    static func read(path: String, text: String) -> ProjectSpec {
        var spec = ProjectSpec(path: path)
        var target = ProjectSpec.Target(name: "Project.swift", productType: nil, line: nil)
        target.generatesInfoPlist = true
        let literals = stringLiterals(text, limit: 20_000)
        for (index, literal) in literals.enumerated() where index + 1 < literals.count {
            let next = literals[index + 1]
            // `"Key": "value"` or `"Key": .string("value")`: only a colon (and `.string(`) between the two.
            let between = text.utf8[literal.end..<next.start].filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
            guard between == Array(":".utf8) || between == Array(":.string(".utf8) else { continue }
            var key = literal.value
            if key.hasPrefix(XcodeGenSpecReader.prefix) { key.removeFirst(XcodeGenSpecReader.prefix.count) }
            guard isPlistKey(key) else { continue }
            target.keys[key] = next.value
            target.keyLines[key] = literal.line
        }
        spec.targets = [target]
        spec.unevaluated = [(nil, "\(path) is Swift, which shipcheck does not run; only its string literals were read")]
        return spec
    }

    /// `NSCameraUsageDescription`, `UIBackgroundModes`, `CFBundleDisplayName`: a capital letter, then letters,
    /// digits and `_` (no spaces, no dots).
    static func isPlistKey(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isUppercase, text.utf8.count <= 100 else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    struct Literal {
        let value: String
        /// Byte offsets of the opening quote and just after the closing one.
        let start: String.UTF8View.Index
        let end: String.UTF8View.Index
        let line: Int
    }

    /// Double-quoted one-line literals outside `//` comments (escapes kept as written; a value only has to be non-empty).
    static func stringLiterals(_ text: String, limit: Int) -> [Literal] {
        var literals: [Literal] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        var line = 1
        while index < utf8.endIndex, literals.count < limit {
            let byte = utf8[index]
            if byte == 0x0A { line += 1; index = utf8.index(after: index); continue }
            if byte == 0x2F, utf8.index(after: index) < utf8.endIndex, utf8[utf8.index(after: index)] == 0x2F {
                while index < utf8.endIndex, utf8[index] != 0x0A { index = utf8.index(after: index) }
                continue
            }
            guard byte == 0x22 else { index = utf8.index(after: index); continue }
            let start = index
            var cursor = utf8.index(after: index)
            var closed = false
            while cursor < utf8.endIndex, utf8[cursor] != 0x0A {
                if utf8[cursor] == 0x5C { cursor = utf8.index(after: cursor); if cursor == utf8.endIndex { break } }
                else if utf8[cursor] == 0x22 { closed = true; break }
                cursor = utf8.index(after: cursor)
            }
            guard closed else { index = cursor; continue }
            let value = String(decoding: utf8[utf8.index(after: start)..<cursor], as: UTF8.self)
            let end = utf8.index(after: cursor)
            literals.append(Literal(value: value, start: start, end: end, line: line))
            index = end
        }
        return literals
    }
}
