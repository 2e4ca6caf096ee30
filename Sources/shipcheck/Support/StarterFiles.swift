import Foundation
import Project
import Reports
import Rules
import StoreLocale

/// What `shipcheck init` writes: a `shipcheck.yml` filled in from what inspection found (app name,
/// developer, stores, metadata folders), every fact the checklists read listed and commented with its
/// detected value, and a GitHub Actions workflow that uses the shipcheck action. Pure: text from values.
enum StarterFiles {
    /// What inspection found that the starter manifest states.
    struct Detected {
        var appName: (value: String, from: String)?
        var developer: (value: String, from: String)?
        var stores: [Store] = []
        var appstoreMetadata: [String] = []
        var playMetadata: [String] = []
    }

    static func detect(_ project: ProjectModel) -> Detected {
        var detected = Detected()
        let appstoreTrees = project.metadata.filter { $0.store == .appstore }
        let playTrees = project.metadata.filter { $0.store == .play }
        detected.appstoreMetadata = appstoreTrees.map(\.path).sorted()
        detected.playMetadata = playTrees.map(\.path).sorted()
        detected.stores = [Store.appstore, .play].filter { project.facts[$0.factName]?.value.isTruthy == true }

        // The name as on the listing: App Store name.txt, then Play title.txt, then the app target's plist.
        let listingName = appstoreTrees.lazy.compactMap { field("name", in: $0) }.first
            ?? playTrees.lazy.compactMap { field("title", in: $0) }.first
        if let listingName {
            detected.appName = (listingName.text, listingName.location.path)
        } else if let plist = project.infoPlists.first(where: { !$0.isTestBundle && ($0.productType ?? "").hasSuffix(".application") }) {
            let name = [plist.strings["CFBundleDisplayName"], plist.strings["CFBundleName"]].compactMap { $0 }
                .first { !$0.contains("$(") && !$0.isEmpty }
            if let name { detected.appName = (name, plist.location.path) } else if let target = plist.target { detected.appName = (target, plist.location.path) }
        }
        // The seller: the App Store copyright line without its year and sign ("2026 Example Labs GmbH").
        for tree in appstoreTrees {
            if let copyright = tree.rootFields["copyright"], let holder = copyrightHolder(copyright.text) {
                detected.developer = (holder, copyright.location.path)
                break
            }
        }
        return detected
    }

    /// A field of the tree's en-US locale, else of the first locale that has it.
    static func field(_ name: String, in tree: MetadataTree) -> MetadataValue? {
        let locales = tree.locales.sorted { ($0.code == "en-US" ? 0 : 1, $0.code) < ($1.code == "en-US" ? 0 : 1, $1.code) }
        return locales.lazy.compactMap { $0.fields[name] }.first { !$0.text.isEmpty }
    }

    /// `© 2024-2026 Example Inc.` → `Example Inc.`; nil when nothing but a year is left.
    static func copyrightHolder(_ text: String) -> String? {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        while true {
            let before = rest
            for prefix in ["Copyright", "copyright", "©", "(c)", "(C)"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "-" || $0 == "–" || $0.isNumber }
            if rest == before { break }
        }
        let holder = rest.trimmingCharacters(in: .whitespaces)
        return holder.isEmpty ? nil : holder
    }

    // MARK: shipcheck.yml

    static func manifest(_ detected: Detected, project: ProjectModel, checklists: [Checklist]) -> String {
        var lines = [
            "# yaml-language-server: $schema=\(ProjectLinks.manifestSchema)",
            "# shipcheck.yml: what you state about the app instead of letting shipcheck guess (docs/manifest.md).",
            "# Filled in from what `shipcheck init` found; every key is optional. `shipcheck facts` shows what is detected.",
            detected.appName == nil && detected.developer == nil ? "# app:" : "app:",
        ]
        if let name = detected.appName {
            lines.append("  name: \(quoted(name.value))   # from \(name.from); as on the store listing")
        } else {
            lines.append("  # name: My App   # as on the store listing (not found in fastlane metadata or the Xcode project)")
        }
        if let developer = detected.developer {
            lines.append("  developer: \(quoted(developer.value))   # from \(developer.from); the seller on the listing")
        } else {
            lines.append("  # developer: My Company   # the seller / developer name on the listing (not found)")
        }
        if detected.stores.isEmpty {
            lines.append("# stores: [appstore, play]   # no Xcode project, Android app or store metadata found")
        } else {
            lines.append("stores: [\(detected.stores.map(\.rawValue).joined(separator: ", "))]   # detected; list only the stores you ship to")
        }
        // One tree per store is stated; several are listed commented, for the team to keep the ones its
        // uploader reads (stating them all would freeze a guess).
        let stated = detected.appstoreMetadata.count == 1 || detected.playMetadata.count == 1
        lines.append(stated ? "paths:   # the metadata folder found; remove a line to let shipcheck discover it" : "# paths:")
        lines += pathLines("appstore_metadata", detected.appstoreMetadata, example: "fastlane/metadata", active: stated)
        lines += pathLines("play_metadata", detected.playMetadata, example: "fastlane/metadata/android", active: stated)
        lines.append("  # data_safety: play/data-safety.csv      # the Play Console Data safety CSV export")
        lines.append("  # privacy_policy: https://example.com/privacy   # a file in the project or its published URL")

        let factsHeader = lines.count
        lines.append("# facts:   # what the checklists read; a stated fact wins over detection")
        var valueLines = 0
        let catalog = FactCatalog(checklists: checklists)
        for name in factNames(checklists, stores: detected.stores) {
            guard let fact = project.facts[name] else {
                // Not detected: named, with no value proposed (a guessed `true` would state what nobody checked);
                // a comment inside the comment, so that switching the block on leaves it a comment.
                let declaration = catalog.declaration(for: name)
                let type = declaration.map { $0.types.map(\.rawValue).joined(separator: " or ") }.map { " (\($0))" } ?? ""
                let doc = declaration.map { "; " + $0.doc } ?? ""
                lines.append("#   # \(name)\(type): not detected\(doc)".split(whereSeparator: \.isNewline).joined(separator: " "))
                continue
            }
            let place = fact.evidence.first.map { " at \($0.location)" } ?? ""
            let note = "detected \(fact.value)\(place)".split(whereSeparator: \.isNewline).joined(separator: " ")
            if name == PrivacyURLDetector.factName, case .string(let url) = fact.value, isStoreListing(url) {
                // A store page is not a privacy policy: do not suggest stating it as one.
                lines.append("#   \(name): \"https://example.com/privacy\"   # the link found, \(url), is a store listing, not a privacy policy")
                valueLines += 1
                continue
            }
            lines.append("#   \(name): \(yamlValue(fact.value))   # \(note)")
            valueLines += 1
        }
        // Nothing detected: the block switched on must still be a mapping.
        if valueLines == 0 { lines[factsHeader] = "# facts: {}   # what the checklists read; a stated fact wins over detection" }
        lines += [
            "# review:   # App Review sign-in; never the password itself",
            "#   demo_user: env:DEMO_USER",
            "#   demo_password: env:DEMO_PASSWORD",
            "#   notes: Sign in with the demo account.",
            "#   play_app_access: Use the demo account; no 2FA.",
        ]
        let ruleIDs = checklists.flatMap(\.rules).filter { !$0.isManual }.map(\.id)
        let skipExample = ruleIDs.first { $0 == "metadata.keywords-bytes" } ?? ruleIDs.first ?? "metadata"
        let severityExample = checklists.first { $0.name == "privacy-manifest" }?.name ?? checklists.first?.name ?? "metadata"
        lines += [
            "# rules:",
            "#   skip: [\(skipExample)]",
            "#   severity: { \(severityExample): error }",
            "# ignore:   # findings silenced here, each with its reason (counted as suppressed in every report)",
            "#   - rule: \(skipExample)",
            "#     paths: [\"fastlane/metadata/legacy/**\"]",
            "#     reason: \"Old listing kept for reference; not uploaded.\"",
            "# exclude: [\"**/Generated/**\"]   # Pods, Carthage and node_modules are already read only for SDKs",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The facts the loaded checklists' `when` and `expect` read, less the stores (stated by `stores:`).
    /// An App Store or Google Play listing page (what a "privacy" link in the metadata sometimes is).
    static func isStoreListing(_ url: String) -> Bool {
        guard let host = URL(string: url)?.host?.lowercased() else { return false }
        return ["apps.apple.com", "itunes.apple.com", "play.google.com", "appgallery.huawei.com", "f-droid.org"].contains(host)
    }

    /// The facts the rules for `stores` read (every store's when none was detected): an iOS-only project is
    /// not offered Android facts.
    static func factNames(_ checklists: [Checklist], stores: [Store] = []) -> [String] {
        var names: Set<String> = []
        let wanted = Set(stores)
        for rule in checklists.flatMap(\.rules) where wanted.isEmpty || rule.stores.isEmpty || !Set(rule.stores).isDisjoint(with: wanted) {
            names.formUnion(rule.when?.factNames ?? [])
            if case .expect(let expression) = rule.kind { names.formUnion(expression.factNames) }
        }
        return names.filter { !$0.hasPrefix("store.") }.sorted()
    }

    /// `  key: "path"` for a single folder (commented unless `active`); several folders commented, with a note.
    private static func pathLines(_ key: String, _ paths: [String], example: String, active: Bool) -> [String] {
        switch paths.count {
        case 0: return ["  # \(key): \(example)"]
        case 1: return [(active ? "  " : "  # ") + "\(key): \(quoted(paths[0]))"]
        default:
            return ["  # \(key): [\(paths.map(quoted).joined(separator: ", "))]   # \(paths.count) found: keep the ones your uploader reads"]
        }
    }

    /// A fact value as the manifest reads it back (a string quoted, so that it stays a string).
    static func yamlValue(_ value: FactValue) -> String {
        switch value {
        case .bool, .number: return value.description
        case .string(let text): return quoted(text)
        case .list(let items): return "[" + items.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    // MARK: the GitHub workflow

    static func workflow(projectPath: String) -> String {
        """
        # shipcheck on every pull request and on main: findings on the diff, the report in the job summary,
        # SARIF in the Security tab (code scanning). docs: \(ProjectLinks.repository)/blob/main/docs/ci.md
        name: shipcheck
        on:
          pull_request:
          push:
            branches: [main]
        permissions:
          contents: read
          security-events: write   # the SARIF upload to code scanning; remove with upload-sarif: false
        jobs:
          shipcheck:
            runs-on: ubuntu-24.04
            steps:
              - uses: actions/checkout@v5
              # No release tags yet: this follows the default branch. For repeatable runs pin a commit
              # (@ and its 40-hex id); see docs/ci.md, "Pinning the action".
              - uses: \(ProjectLinks.actionRepository)@\(ProjectLinks.actionVersion)
                with:
                  path: \(quoted(projectPath))
                  fail-on: error          # or warning, or never (report only)

        """
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
