import Foundation
import Project

/// Purpose string checks over the app's Info.plists and generated `INFOPLIST_KEY_*` keys: missing
/// (ITMS-90683), vague (guideline 5.1.1(ii)), untranslated. Test bundles are never uploaded and are skipped. An empty
/// purpose string (ITMS-90738) is `present` over `apple.plists.*.*UsageDescription` (rules/purpose-strings.yml).
enum PurposeStringChecks {
    static var all: [CheckFunction] { [missing.judgingEitherInput, vague, localized] }

    static let keysOption = OptionSpec("keys", .table, required: true, decode: TableError.decoder(PurposeKeys.init), doc: "API signal fact -> Info.plist keys that satisfy it")

    /// ITMS-90683, one policy judged on either input (`from:`): a protected API is used and no Info.plist that
    /// ships with the code sets a key that satisfies it. `from: source` reads the code, plugins and Info.plists of
    /// the project; `from: archive` each binary's uses (the archive inspector's `SymbolHit`s, from the checklists'
    /// `kind: binary_symbols` tables) against the built Info.plist of the bundle it ships in (`ArchivePurposeEvidence`).
    static let missing = CheckFunction(
        name: "purpose_strings.missing",
        summary: "Each protected API used in Swift/Objective-C code, or by a Flutter plugin or React Native module the app depends on (or, `from: archive`, imported by a binary of a built archive), has its purpose string in an app Info.plist",
        options: [keysOption,
                  OptionSpec("plugins", .table, decode: TableError.decoder(PluginAPIs.init),
                             doc: "Flutter plugins and React Native modules -> the purpose_api signals their iOS code uses, each row with its documentation"),
                  JudgedInput.option],
        subjects: .none,
        reads: [.table("keys"), .family(.purposeDeclared), .fact(.appleProjectSpecUnevaluated), .fact(.applePodfilePreprocessorDefinitions)]
    ) { invocation in
        guard let table = invocation.decoded("keys", as: PurposeKeys.self) else { return [] }
        if JudgedInput.isArchive(invocation) {
            let project = invocation.context.project
            return ArchivePurposeEvidence.missing(table, project.symbolHits(fromArchive: true), project.archives)
        }
        let project = invocation.context.project
        let plists = project.infoPlists.filter { !$0.isTestBundle }
        let facts = invocation.facts
        let plugins = invocation.decoded("plugins", as: PluginAPIs.self).map {
            PluginUses($0, project: project, plists: plists, definitions: facts[.applePodfilePreprocessorDefinitions])
        }
        // A generator's spec shipcheck did not read in full (an include, an xcconfig, Swift code) may set the
        // key: then the absence is not evidence, and the finding is a warning that says what was not read.
        let unread = facts[.appleProjectSpecUnevaluated].flatMap { fact -> String? in
            guard fact.value.isTruthy else { return nil }
            let parts = fact.evidence.prefix(3).map { "\($0.location): \($0.snippet)" }
            return " as far as shipcheck could read: the project generator's spec was not fully evaluated (\(parts.joined(separator: "; "))), so the key may be set there"
        }
        return table.entries.compactMap { entry in
            let declared = entry.keys.contains(where: { isDeclared($0, plists: plists, facts: facts) })
            guard let use = FirstUse(of: FactName(entry.signal, inTable: "keys"), in: project, facts: facts) else {
                // No code of the app's own: a plugin or native module the app depends on, whose documentation says it
                // uses the API. Indirect (the dependency is not the binary), so a warning. The plugin is built into
                // every iOS app target of its app, and each target ships its own Info.plist: a key in another
                // target's plist does not count for this one.
                guard let plugin = plugins?.first(entry.signal) else { return nil }
                let why = " (the evidence is a dependency, not code shipcheck read: the plugin's native iOS code uses the API"
                    + " and is built into the app, so this is a warning; if the app never calls that part of the plugin, the key is still"
                    + " what App Store Connect's scan of the binary looks for)"
                if declared {
                    guard !entry.keys.contains(where: { facts.stated(FactFamily.purposeDeclared.member($0)) != nil }),
                          let lacking = plugin.appBundles.first(where: { bundle in
                              !entry.keys.contains { bundleDeclares($0, bundle: bundle, plists: plists) }
                          }), let path = lacking.infoPlist else { return nil }
                    let others = plists.filter { plist in entry.keys.contains { plist.strings[$0].map { !isBlank($0) } ?? false } }
                        .map(\.location.path).sorted()
                    return CheckResult(location: SourceLocation(path: path), evidence: plugin.snippet, values: [
                        "key": entry.keys[0], "keys": entry.keys.joined(separator: " or "), "evidence": plugin.described, "api": entry.signal,
                        "unread": (unread ?? "") + " for \(lacking.described), whose Info.plist is \(path) (\(others.prefix(3).joined(separator: ", "))"
                            + " \(others.count == 1 ? "sets" : "set") it for another target, and each target ships only its own)" + why,
                    ], severity: .warning)
                }
                return CheckResult(location: plugin.location, evidence: plugin.snippet, values: [
                    "key": entry.keys[0], "keys": entry.keys.joined(separator: " or "), "evidence": plugin.described, "api": entry.signal,
                    "unread": (unread ?? "") + why,
                ], severity: .warning)
            }
            guard !declared else { return nil }
            // Only a translation sets it: its own case, graded lower (the text exists; the Info.plist key is what
            // is missing, and iOS shows the translation only in place of a key the Info.plist has).
            let translated = plists.flatMap(\.localizations).filter { strings in
                entry.keys.contains { strings.strings[$0].map { !isBlank($0) } ?? false }
            }.map(\.location.path).sorted()
            let localizedOnly = translated.isEmpty ? nil
                : " (only InfoPlist.strings translations set it: \(translated.prefix(3).joined(separator: ", "))\(translated.count > 3 ? " and \(translated.count - 3) more" : ""); they replace the value of a key the Info.plist has and cannot add one, so add the key itself to the Info.plist)"
            // Only the key an older SDK read is set: App Store Connect's scan has asked for that key (its ITMS-90683
            // names NSCalendarsUsageDescription), so the upload can pass, while iOS 17 and later refuse the access.
            let supersededOnly = entry.superseded.first { isDeclared($0, plists: plists, facts: facts) }.map(entry.supersededNote)
            return CheckResult(location: use.location, evidence: use.snippet, values: [
                "key": entry.keys[0], "keys": entry.keys.joined(separator: " or "), "evidence": use.described, "api": entry.signal,
                "unread": (unread ?? "") + (localizedOnly ?? "") + (supersededOnly ?? ""),
            ], severity: unread == nil && localizedOnly == nil && supersededOnly == nil ? nil : .warning)
        }
    }

    /// Over the purpose strings `given:` selects (`apple.plists.*.*UsageDescription`); an empty one is `present`'s.
    static let vague = CheckFunction(
        name: "purpose_strings.vague",
        summary: "Purpose strings are real explanations: long enough, no placeholder words, not only filler",
        options: [
            OptionSpec("words", .table, required: true, decode: TableError.decoder(VagueWords.init), doc: "`placeholders` (vague anywhere) and `filler` (vague when alone)"),
            OptionSpec("min_length", .int, required: true, doc: "shortest acceptable purpose string, in characters"),
        ],
        subjects: .required
    ) { invocation in
        guard let words = invocation.decoded("words", as: VagueWords.self) else { return [] }
        let minLength = invocation.options.int("min_length") ?? 12
        return invocation.subjects.compactMap { subject in
            let text = subject.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, let reason = vagueness(of: text, words: words, minLength: minLength) else { return nil }
            let key = subject.labels["key"] ?? ""
            return CheckResult(location: subject.location, evidence: "\(key) = \"\(subject.value)\"",
                               values: ["value": text, "reason": reason])
        }
    }

    static let localized = CheckFunction(
        name: "purpose_strings.localized",
        summary: "Each InfoPlist.strings translates every purpose string its Info.plist sets",
        options: [keysOption],
        subjects: .none
    ) { invocation in
        guard let table = invocation.decoded("keys", as: PurposeKeys.self) else { return [] }
        var results: [CheckResult] = []
        for plist in invocation.context.project.infoPlists where !plist.isTestBundle {
            let development = developmentLanguage(of: plist)
            let keys = plist.strings.filter { table.isPurposeKey($0.key) && !isBlank($0.value) }.keys.sorted()
            // One finding per Info.plist (a bundle), listing each translation and the keys it lacks (an empty
            // RN-template file lacks them all): an app with 40 languages gets one note, not 40.
            var lacking: [(localization: InfoPlistStrings, missing: [String])] = []
            for localization in plist.localizations.sorted(by: { $0.location < $1.location })
            where localization.language != development && localization.language != "Base" {
                let missing = keys.filter { localization.strings[$0] == nil }
                if !missing.isEmpty { lacking.append((localization, missing)) }
            }
            guard let first = lacking.first, let firstKey = first.missing.first else { continue }
            let allMissing = Set(lacking.flatMap(\.missing)).sorted()
            let one = lacking.count == 1
            let languages = lacking.map { entry in
                entry.missing.count == allMissing.count ? entry.localization.language
                    : "\(entry.localization.language) (\(entry.missing.joined(separator: ", ")))"
            }
            let shown = languages.prefix(12).joined(separator: ", ") + (languages.count > 12 ? " and \(languages.count - 12) more" : "")
            results.append(CheckResult(location: first.localization.location, evidence: allMissing.joined(separator: ", "), values: [
                "key": firstKey, "keys": allMissing.joined(separator: ", "), "count": String(allMissing.count),
                "strings": allMissing.count == 1 ? "purpose string" : "purpose strings",
                "file": one ? first.localization.location.path : "\(lacking.count) InfoPlist.strings files",
                "language": one ? first.localization.language : shown,
                "folders": lacking.map { $0.localization.location.path }.joined(separator: ", "),
                "plist": plist.location.path, "lack": one ? "lacks" : "lack", "those": one ? "that language" : "those languages",
            ]))
        }
        return results
    }

    // MARK: - Helpers

    /// The first place a plugin or native module the iOS app depends on uses each API, per its table row: a
    /// dependency (pubspec.lock / yarn.lock / package-lock.json, else pubspec.yaml) listed beside an app Info.plist
    /// (the lock's folder holds one), and for a `podfile_macros` API, the Podfile's definition that compiles it in.
    struct PluginUses {
        struct Use {
            let location: SourceLocation
            let snippet: String
            let described: String
            /// The iOS app bundles of the app folder that holds the dependency (its `ios/` Xcode project): each links the plugin.
            let appBundles: [AppleBundle]
        }

        var uses: [String: Use] = [:]

        /// - Parameter definitions: the `apple.podfile.preprocessor_definitions` fact.
        init(_ table: PluginAPIs, project: ProjectModel, plists: [InfoPlistFile], definitions: Fact?) {
            guard !plists.isEmpty else { return }
            for dependency in project.dependencies.sorted(by: { $0.location < $1.location }) where !dependency.isDevelopmentOnly {
                let ecosystem: String
                switch dependency.ecosystem {
                case .pub: ecosystem = "pub"
                case .npm: ecosystem = "npm"
                default: continue
                }
                guard let row = table.rows.first(where: { $0.package == dependency.name && $0.ecosystem == ecosystem }) else { continue }
                // The lock's folder is the app's (ios/ under it holds the Info.plist); a lock elsewhere is another package's.
                let folder = dependency.location.path.split(separator: "/").dropLast().joined(separator: "/")
                guard plists.contains(where: { folder.isEmpty || $0.location.path.hasPrefix(folder + "/") }) else { continue }
                let version = dependency.version.map { " \($0)" } ?? ""
                let iosFolder = folder.isEmpty ? "ios/" : folder + "/ios/"
                // Plugins and native modules are iOS pods: never linked into a watchOS app of the same project (BlueWallet's).
                let appBundles = project.appleBundles.filter {
                    $0.kind == .app && $0.location.path.hasPrefix(iosFolder) && $0.infoPlist != nil && $0.isBuilt(forAnyOf: ["iOS", "iPadOS"])
                }
                let kind = ecosystem == "pub" ? "the Flutter plugin" : "the React Native module"
                for api in row.apis where uses[api] == nil {
                    uses[api] = Use(location: dependency.location, snippet: "\(dependency.name)\(version)",
                                    described: "\(kind) \(dependency.name)\(version) at \(dependency.location), whose documentation asks for it: \(row.source)",
                                    appBundles: appBundles)
                }
                for (macro, api) in row.podfileMacros where uses[api] == nil {
                    guard let definitions, case .list(let values) = definitions.value, values.contains("\(macro)=1"),
                          let evidence = definitions.evidence.first(where: { $0.snippet.contains("\(macro)=1") }) else { continue }
                    uses[api] = Use(location: evidence.location, snippet: evidence.snippet,
                                    described: "\(kind) \(dependency.name)\(version) with \(macro)=1 at \(evidence.location), whose documentation asks for it: \(row.source)",
                                    appBundles: appBundles)
                }
            }
        }

        func first(_ api: String) -> Use? { uses[api] }
    }

    /// Whether one bundle ships `key`: a non-empty value in its own Info.plist (INFOPLIST_FILE), or a generated
    /// `INFOPLIST_KEY_<key>` of its own.
    static func bundleDeclares(_ key: String, bundle: AppleBundle, plists: [InfoPlistFile]) -> Bool {
        if bundle.generatedInfoPlistKeys.contains(key) { return true }
        guard let path = bundle.infoPlist, let plist = plists.first(where: { $0.location.path == path && !$0.isGenerated }) else {
            // Its plist is not in the tree (generated at build, outside the root): not known, so not reported.
            return true
        }
        if key.hasSuffix("Dictionary") { return plist.keyLines[key] != nil }
        return plist.strings[key].map { !isBlank($0) } ?? false
    }

    /// A stated `purpose.<Key>.declared` decides; otherwise a non-empty value in any app plist does. A
    /// `…Dictionary` key (NSLocationTemporaryUsageDescriptionDictionary) holds purpose strings by purpose key,
    /// not a string: the plist writing it counts (the inspector keeps only scalars, but the key's line).
    static func isDeclared(_ key: String, plists: [InfoPlistFile], facts: CheckFacts) -> Bool {
        if let stated = facts.stated(FactFamily.purposeDeclared.member(key)) { return stated.value.isTruthy }
        if key.hasSuffix("Dictionary") { return plists.contains { $0.keyLines[key] != nil } }
        return plists.contains { plist in plist.strings[key].map { !isBlank($0) } ?? false }
    }

    static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Why a purpose string is vague, or nil. A build-setting reference (`$(CAMERA_REASON)`) cannot be judged.
    static func vagueness(of text: String, words: VagueWords, minLength: Int) -> String? {
        if text.contains("$(") || text.contains("${") { return nil }
        let lowered = text.lowercased()
        for placeholder in words.placeholders where containsWord(placeholder.lowercased(), in: lowered) {
            return "it contains the placeholder \"\(placeholder)\""
        }
        let tokens = lowered.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if !tokens.isEmpty, tokens.allSatisfy(words.filler.contains) {
            return "it says that access is needed but not why"
        }
        if text.count < minLength {
            return "it is \(text.count) characters, under the \(minLength) needed to explain the use"
        }
        return nil
    }

    /// `word` (one or more words) on word boundaries in `text`; both lowercased.
    static func containsWord(_ word: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && !(after?.isLetter ?? false) && !(after?.isNumber ?? false) {
                return true
            }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    /// The plist's development language: its `CFBundleDevelopmentRegion`, or `en` when that is a build variable.
    static func developmentLanguage(of plist: InfoPlistFile) -> String {
        guard let region = plist.strings["CFBundleDevelopmentRegion"], !region.contains("$") else { return "en" }
        return region
    }
}
