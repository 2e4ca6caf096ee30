/// A locale code split into its BCP-47-like parts, accepting the spellings people use in folder
/// names (`en_GB`, `zh_Hant_HK`, `PT-br`). Parts are canonically cased: `zh`, `Hant`, `HK`, `419`.
struct LocaleCode: Sendable, Hashable {
    let language: String
    let script: String?
    let region: String?

    init?(_ text: String) {
        let parts = text.replacingUnderscores().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else { return nil }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isASCIILetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, (part.count == 2 && part.allSatisfy(\.isASCIILetter)) || (part.count == 3 && part.allSatisfy(\.isASCIIDigit)) {
                region = part.uppercased()
            } else {
                return nil
            }
        }
        self.language = first.lowercased()
        self.script = script
        self.region = region
    }

    /// The store codes this one could stand for, most specific first: `zh-Hans-CN` → zh-Hans-CN,
    /// zh-Hans, zh-CN, zh.
    var candidates: [String] {
        var list: [String] = []
        if let script, let region { list.append("\(language)-\(script)-\(region)") }
        if let script { list.append("\(language)-\(script)") }
        if let region { list.append("\(language)-\(region)") }
        list.append(language)
        return list
    }
}

extension String {
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }

    /// The key codes are looked up by: lowercased, `_` as `-`.
    var localeKey: String { replacingUnderscores().lowercased() }
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
