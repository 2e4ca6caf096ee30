import Project
import YAML

/// The tables of the checks that read built archives, decoded once at load. (What a binary's imports show is
/// not here: `kind: binary_symbols` tables are the archive inspector's, `BinarySymbolTable`.)

/// `{ xcode: "26.0", sdks: { iphoneos: "26.0", … } }`; versions compared component by component.
struct UploadSDKMinimum: Sendable {
    let xcode: [Int]
    let sdks: [String: [Int]]

    init(_ table: Table) throws(TableError) {
        guard let xcode = table.value["xcode"]?.scalar.flatMap(Self.components), let pairs = table.value["sdks"]?.mapping else {
            throw TableError(table, table.value, "expected `xcode` (a version) and `sdks` (platform → version)")
        }
        var sdks: [String: [Int]] = [:]
        for pair in pairs {
            guard let platform = pair.key.scalar, let version = pair.value.scalar.flatMap(Self.components) else {
                throw TableError(table, pair.key, "each SDK maps a platform name (iphoneos) to a version (26.0)")
            }
            sdks[platform] = version
        }
        self.xcode = xcode
        self.sdks = sdks
    }

    static func components(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// DTXcode is four digits, major twice: `1620` is 16.2, `2600` 26.0, `2610` 26.1.
    static func xcodeVersion(_ raw: String) -> [Int]? {
        guard raw.count == 4, let number = Int(raw) else { return nil }
        return [number / 100, number / 10 % 10, number % 10]
    }

    /// `iphoneos18.2` → (`iphoneos`, [18, 2]).
    static func sdk(_ name: String) -> (String, [Int])? {
        guard let start = name.firstIndex(where: \.isNumber), let version = components(String(name[start...])) else { return nil }
        return (String(name[..<start]), version)
    }

    /// Component by component, a missing one counting as 0 (26 = 26.0).
    static func less(_ a: [Int], _ b: [Int]) -> Bool {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x < y }
        }
        return false
    }

    static func text(_ version: [Int]) -> String {
        var parts = version
        while parts.count > 2, parts.last == 0 { parts.removeLast() }
        return parts.map(String.init).joined(separator: ".")
    }
}
