import Foundation
import YAML

/// One store's metadata languages, read from a `*_locales` table of rules/metadata-locales.yml:
/// the codes it lists, old codes and what replaced them, known mistakes and what the store expects
/// instead, and folder names that are not locales.
public struct LocaleTable: Sendable {
    public let store: Store
    /// Codes as the store spells them, in table order.
    public let codes: [String]
    /// Old code → its modern code (App Store only today).
    public let legacy: [String: String]
    /// A code people write by mistake → what the store expects (one or more; none for `und`).
    public let corrections: [String: [String]]
    public let specialFolders: [String]

    private let codeByKey: [String: String]
    private let legacyByKey: [String: String]
    private let correctionsByKey: [String: [String]]
    private let specialKeys: Set<String>

    public init(store: Store, codes: [String], legacy: [String: String] = [:],
                corrections: [String: [String]] = [:], specialFolders: [String] = []) {
        self.store = store
        self.codes = codes
        self.legacy = legacy
        self.corrections = corrections
        self.specialFolders = specialFolders
        codeByKey = Dictionary(codes.map { ($0.localeKey, $0) }, uniquingKeysWith: { first, _ in first })
        legacyByKey = Dictionary(legacy.map { ($0.key.localeKey, $0.value) }, uniquingKeysWith: { first, _ in first })
        correctionsByKey = Dictionary(corrections.map { ($0.key.localeKey, $0.value) }, uniquingKeysWith: { first, _ in first })
        specialKeys = Set(specialFolders.map { $0.lowercased() })
    }

    static let tableKeys = ["codes", "legacy", "corrections", "special_folders"]

    /// Reads a table's `value:`; mistakes (unknown keys, duplicate codes, targets the store does not
    /// list) are recorded in the reader's diagnostics and the entry is left out.
    public init(store: Store, reader: NodeReader) {
        var codes: [String] = []
        var legacy: [String: String] = [:]
        var corrections: [String: [String]] = [:]
        var special: [String] = []
        if let map = reader.mapping(allowed: Self.tableKeys, required: ["codes"]) {
            var seen: Set<String> = []
            for item in map["codes"]?.sequence() ?? [] {
                guard let code = item.string() else { continue }
                guard LocaleCode(code) != nil else {
                    item.error("\"\(code)\" is not a locale code (language[-Script][-REGION])")
                    continue
                }
                guard seen.insert(code.localeKey).inserted else {
                    item.error("duplicate code \"\(code)\"")
                    continue
                }
                codes.append(code)
            }
            let known = Set(codes.map(\.localeKey))
            for (key, value) in map["legacy"]?.mapping()?.entries ?? [] {
                guard let modern = value.string() else { continue }
                guard known.contains(modern.localeKey) else {
                    value.error("legacy code \"\(key)\" maps to \"\(modern)\", which is not in codes")
                    continue
                }
                legacy[key] = modern
            }
            for (key, value) in map["corrections"]?.mapping()?.entries ?? [] {
                guard let targets = value.stringList() else { continue }
                let unknown = targets.filter { !known.contains($0.localeKey) }
                guard unknown.isEmpty else {
                    value.error("correction for \"\(key)\" names \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), not in codes")
                    continue
                }
                if known.contains(key.localeKey) {
                    value.error("\"\(key)\" is a valid code of this store; it cannot need a correction")
                    continue
                }
                corrections[key] = targets
            }
            special = map["special_folders"]?.stringList() ?? []
        }
        self.init(store: store, codes: codes, legacy: legacy, corrections: corrections, specialFolders: special)
    }

    /// The store's own spelling of `code`, case-insensitively.
    public func canonical(_ code: String) -> String? { codeByKey[code.localeKey] }

    public func isSpecial(folder: String) -> Bool { specialKeys.contains(folder.lowercased()) }

    /// The store's code for what `code` most likely means: case and `_` fixed, a legacy code
    /// modernised, a known single-answer mistake corrected, extra parts dropped (`ja_JP` → `ja` on
    /// the App Store, `zh-Hans-CN` → `zh-CN` on Play), or a bare language with exactly one code
    /// (`ja` → `ja-JP` on Play). Nil when the store has no code for it or the answer is ambiguous.
    public func normalize(_ code: String) -> String? {
        if let exact = canonical(code) { return exact }
        if let modern = legacyByKey[code.localeKey] { return modern }
        if let targets = correctionsByKey[code.localeKey] { return targets.count == 1 ? targets[0] : nil }
        guard let parsed = LocaleCode(code) else { return nil }
        for candidate in parsed.candidates.dropFirst() {
            if let exact = canonical(candidate) { return exact }
            if let modern = legacyByKey[candidate.localeKey] { return modern }
        }
        if parsed.script == nil, parsed.region == nil {
            let same = sameLanguage(as: parsed.language)
            if same.count == 1 { return same[0] }
        }
        return nil
    }

    /// Codes of this store for `language` (`pt` → pt-BR, pt-PT), in table order.
    public func sameLanguage(as language: String) -> [String] {
        let language = language.lowercased()
        return codes.filter { LocaleCode($0)?.language == language }
    }

    /// How the store treats a metadata folder called `folder`.
    public func judge(folder: String) -> FolderVerdict {
        if isSpecial(folder: folder) { return .special }
        // Case does not matter (deliver compares folder names case-insensitively); `_` does.
        let hyphenated = !folder.contains("_")
        if hyphenated, let code = canonical(folder) { return .valid(code) }
        if hyphenated, let modern = legacyByKey[folder.localeKey] { return .legacy(modern: modern) }
        var suggestions: [String] = []
        func add(_ codes: [String]) {
            for code in codes where !suggestions.contains(code) { suggestions.append(code) }
        }
        if let targets = correctionsByKey[folder.localeKey] {
            // A listed mistake names the whole answer, even when that answer is "nothing".
            add(targets)
            return .invalid(suggestions: suggestions)
        }
        // A confident normalisation (`en_GB` → en-GB) is the answer; else every code of the language.
        if let normalized = normalize(folder) { return .invalid(suggestions: [normalized]) }
        if let language = LocaleCode(folder)?.language { add(sameLanguage(as: language)) }
        return .invalid(suggestions: suggestions)
    }

    /// What the other store calls `code` (a code of this store): `zh-Hans` → `zh-CN`, `he` ↔ `iw-IL`,
    /// `no` ↔ `no-NO`, `ja` ↔ `ja-JP`. Several when the other store splits it (`zh-Hant` → zh-TW,
    /// zh-HK); the other store's codes for the same language when nothing closer exists.
    public func map(_ code: String, to other: LocaleTable) -> [String] {
        let own = normalize(code) ?? code
        if let exact = other.canonical(own) { return [exact] }
        if let targets = other.correctionsByKey[own.localeKey], !targets.isEmpty { return targets }
        if let normalized = other.normalize(own) { return [normalized] }
        if let language = LocaleCode(own)?.language { return other.sameLanguage(as: language) }
        return []
    }

    /// The best of `supported` for someone whose locale is `userLocale`: the exact code, else one
    /// with the same language and script (scripts inferred, so `zh-TW` finds `zh-Hant`), else the
    /// same language, else `default`. Among several of one language, the user's region wins, then a
    /// region of the same CLDR parent (`es-419` prefers `es-MX` over `es-ES`). Norwegian `no`, `nb`
    /// and `nn` count as one language, as the stores treat them (Play's no-NO, Apple's no).
    public static func resolve(userLocale: String, supported: [String], default fallback: String?) -> String? {
        if let exact = supported.first(where: { $0.localeKey == userLocale.localeKey }) { return exact }
        let user = LikelyLocale(userLocale)
        let options = supported.map { ($0, LikelyLocale($0)) }
        if let user {
            let sameScript = options.filter { $0.1?.language == user.language && $0.1?.script == user.script }
            if let match = closestRegion(sameScript, to: user) { return match }
            let sameLanguage = options.filter { $0.1?.language == user.language }
            if let match = closestRegion(sameLanguage, to: user) { return match }
        }
        return fallback
    }

    /// The user's own region, else one in the same CLDR parent region (419: Latin America), else the first.
    private static func closestRegion(_ options: [(String, LikelyLocale?)], to user: LikelyLocale) -> String? {
        if let region = user.region, let match = options.first(where: { $0.1?.region == region }) { return match.0 }
        if let group = user.region.flatMap(LikelyLocale.parentRegion),
           let match = options.first(where: { $0.1?.region.flatMap(LikelyLocale.parentRegion) == group }) {
            return match.0
        }
        return options.first?.0
    }

    /// The English name of a code (`pt-BR` → "Portuguese (Brazil)"), from Foundation's locale data.
    public static func displayName(_ code: String, in displayLocale: String = "en") -> String? {
        guard LocaleCode(code) != nil else { return nil }
        let name = Locale(identifier: displayLocale).localizedString(forIdentifier: code.replacingUnderscores())
        return name == "Unknown language" ? nil : name
    }
}

/// A code with its likely script filled in (`zh-TW` → Hant, `iw` → he), for matching.
private struct LikelyLocale {
    let language: String
    let script: String?
    let region: String?

    /// Norwegian Bokmål and Nynorsk are matched as Norwegian (`no`), the code both stores list.
    static let sameLanguage: [String: String] = ["nb": "no", "nn": "no"]
    /// CLDR's parentLocales for Spanish: these regions inherit from es-419 (Latin America and the US).
    static let latinAmerica: Set<String> = ["419", "AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX",
                                            "NI", "PA", "PE", "PR", "PY", "SV", "US", "UY", "VE"]

    static func parentRegion(_ region: String) -> String? {
        latinAmerica.contains(region) ? "419" : nil
    }

    init?(_ code: String) {
        guard let given = LocaleCode(code) else { return nil }
        let maximal = Locale.Language(identifier: code.replacingUnderscores()).maximalIdentifier
        guard let parsed = LocaleCode(maximal) ?? LocaleCode(code) else { return nil }
        language = Self.sameLanguage[parsed.language] ?? parsed.language
        script = parsed.script
        region = given.region ?? parsed.region
    }
}
