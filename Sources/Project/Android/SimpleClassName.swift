extension AndroidInspector {
    /// `net.example.gradle.AppPlugin` → `AppPlugin`: the last non-empty piece between dots, as
    /// `split(separator: ".").last` reads it (the whole name when it has none). An ASCII name is read on its bytes:
    /// the `Character` split ran for every plugin of every module's convention plugins (thunderbird-android: 1% of
    /// `check`), and in ASCII each `Character` is one byte.
    static func simpleClassName(_ name: String) -> String {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return name.split(separator: ".").last.map(String.init) ?? name }
        guard let last = bytes.lastIndex(where: { $0 != UInt8(ascii: ".") }) else { return name }
        let end = bytes.index(after: last)
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: ".")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(name[start..<end])
    }
}
