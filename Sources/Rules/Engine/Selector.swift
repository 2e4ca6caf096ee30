import Project
import StoreLocale

/// What a `given:` selects from the project: one subject (a value with its place and labels) per match.
///
///     <store>.locales.*.<field>          a field of every locale (App Store `default/` included as locale "default")
///     <store>.locales.*.changelogs.*     the changelog that ships, per locale (labels `version`, `release_note`)
///     <store>.root.<field>               an App Store root file (copyright, primary_category, …)
///     <store>.review.<field>             an App Store review_information file
///     <store>.folders                    every sub-folder of every tree (label `special` = true|false)
///     <store>.files                      every file the uploader sends from a tree, once (label `field`: `name`,
///                                        `changelogs/<version>`, `copyright`, `review_information/<name>`)
///     apple.plists.*.<key>               a key of every Info.plist that ships (test bundles excluded)
///     apple.apps.*.<key>                 a key of every application's Info.plist (no extensions, no frameworks)
///     android.permissions.*              every <uses-permission> of the merged release manifests that ship
///                                        (`AndroidPart.shippedPermissions`; the Android inspector declares
///                                        `android.modules.*.permissions.*`, the same per module)
///     dependencies.*                     every resolved dependency (label `ecosystem`)
///
/// `<store>` is `appstore`, `play`, `fdroid` or `*` (all). A tree is selected for the store that reads it
/// (`MetadataTree.judgement(by:)`). A plist `<key>` may hold `*` (`*UsageDescription`): then only the keys that
/// are set match. A named field or key is also selected where it is missing (`Subject.isAbsent`), so `present`
/// can say so; every other check sees only the values that exist.
public struct Selector: Sendable, Equatable, CustomStringConvertible {
    public enum Part: Sendable, Equatable {
        case localeField(String)
        case changelogs
        case root(String)
        case review(String)
        case folders
        case files
        /// `apple.plists.*.<key>` (`appsOnly` false) or `apple.apps.*.<key>`.
        case plistKey(String, appsOnly: Bool)
        case permissions
        case dependencies
        /// A selector an inspector provides (`Inspector.selectors`), named by its whole text.
        case provided(SelectorDeclaration)
    }

    /// The store whose metadata trees are selected; nil: every store (and for the non-metadata parts).
    public let store: Store?
    public let part: Part
    public let text: String

    public var description: String { text }

    public static let grammar = "<appstore|play|fdroid|*>.locales.*.<field>, <store>.locales.*.changelogs.*, <store>.root.<field>, <store>.review.<field>, <store>.folders, <store>.files, apple.plists.*.<key>, apple.apps.*.<key>, android.permissions.* or dependencies.*"

    public init(store: Store?, part: Part, text: String) {
        self.store = store
        self.part = part
        self.text = text
    }

    /// - Parameter provided: the inspectors' selectors by text (`InspectorRegistry.selectors`), tried first.
    public static func parse(_ text: String, provided: [String: SelectorDeclaration] = [:]) throws(ExpressionError) -> Selector {
        if let declaration = provided[text] { return Selector(store: nil, part: .provided(declaration), text: text) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, parts.count >= 2 else {
            throw ExpressionError(message: "a selector has the form \(grammar)", offset: 0)
        }
        let rest = Array(parts.dropFirst())
        let offset = first.count + 1
        switch first {
        case "apple":
            guard rest.count >= 3, rest[0] == "plists" || rest[0] == "apps", rest[1] == "*" else {
                throw ExpressionError(message: "write apple.plists.*.<key> or apple.apps.*.<key>", offset: offset)
            }
            // A plist key may itself hold dots (`com.apple.developer.…`): everything after `*.` is the key.
            let key = rest.dropFirst(2).joined(separator: ".")
            guard isPlistKey(key) else {
                throw ExpressionError(message: "expected an Info.plist key after \(first).\(rest[0]).*. (e.g. NSCameraUsageDescription or *UsageDescription)", offset: offset + rest[0].count + 3)
            }
            return Selector(store: nil, part: .plistKey(key, appsOnly: rest[0] == "apps"), text: text)
        case "android":
            guard rest == ["permissions", "*"] else { throw ExpressionError(message: "write android.permissions.*", offset: offset) }
            return Selector(store: nil, part: .permissions, text: text)
        case "dependencies":
            guard rest == ["*"] else { throw ExpressionError(message: "write dependencies.*", offset: offset) }
            return Selector(store: nil, part: .dependencies, text: text)
        default:
            break
        }
        let store: Store?
        if first == "*" { store = nil } else if let s = Store(rawValue: first) { store = s } else {
            throw ExpressionError(message: "unknown store or collection \"\(first)\"; expected appstore, play, fdroid, *, apple, android or dependencies", offset: 0)
        }
        switch rest.first {
        case "locales":
            guard rest.count >= 3, rest[1] == "*" else {
                throw ExpressionError(message: "write \(first).locales.*.<field>", offset: offset)
            }
            if rest.count == 4, rest[2] == "changelogs", rest[3] == "*" {
                return Selector(store: store, part: .changelogs, text: text)
            }
            guard rest.count == 3, isField(rest[2]) else {
                throw ExpressionError(message: "expected a field name after locales.*. (e.g. keywords, title)", offset: offset + 10)
            }
            return Selector(store: store, part: .localeField(rest[2]), text: text)
        case "root", "review":
            guard rest.count == 2, isField(rest[1]) else {
                throw ExpressionError(message: "write \(first).\(rest[0]).<field>", offset: offset)
            }
            return Selector(store: store, part: rest[0] == "root" ? .root(rest[1]) : .review(rest[1]), text: text)
        case "folders", "files":
            guard rest.count == 1 else { throw ExpressionError(message: "nothing may follow .\(rest[0])", offset: offset + rest[0].count) }
            return Selector(store: store, part: rest[0] == "folders" ? .folders : .files, text: text)
        default:
            throw ExpressionError(message: "unknown part \"\(rest.first ?? "")\"; a selector has the form \(grammar)", offset: offset)
        }
    }

    /// The selector a `fields:` entry stands for: `description` → `*.locales.*.description`, `changelogs` →
    /// `*.locales.*.changelogs.*`, `root.copyright` → `*.root.copyright`, `review.notes` → `*.review.notes`.
    /// The rule's `stores` then narrow `*`, as for any selector.
    public static func metadataField(_ field: String) -> Selector {
        if field.hasPrefix("root.") { return Selector(store: nil, part: .root(String(field.dropFirst(5))), text: "*.\(field)") }
        if field.hasPrefix("review.") { return Selector(store: nil, part: .review(String(field.dropFirst(7))), text: "*.\(field)") }
        if field == "changelogs" { return Selector(store: nil, part: .changelogs, text: "*.locales.*.changelogs.*") }
        return Selector(store: nil, part: .localeField(field), text: "*.locales.*.\(field)")
    }

    static func isField(_ s: String) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    static func isPlistKey(_ s: String) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "*" }
    }

    /// Every label a selected subject may carry, for the `{{placeholders}}` a rule with `given:` may use.
    public static let labelNames: Set<String> = [
        "store", "tree", "field", "locale", "version", "special", "key", "file", "target", "permission", "ecosystem", "name",
    ]

    /// The labels this selector's subjects carry (what `where:` may read, with `value`).
    public var labels: Set<String> {
        let tree: Set<String> = ["store", "tree", "consumer"]
        switch part {
        case .localeField: return tree.union(["field", "locale"])
        case .changelogs: return tree.union(["field", "locale", "version", "release_note", "note"])
        case .root, .review: return tree.union(["field"])
        case .folders: return tree.union(["special"])
        case .files: return tree.union(["field", "locale", "version"])
        case .plistKey: return ["file", "target", "plist", "key"]
        case .permissions: return ["permission", "file"]
        case .dependencies: return ["name", "version", "ecosystem", "file"]
        case .provided(let declaration): return declaration.labels
        }
    }

    /// The subjects this selector picks from the project, limited to `stores`, in tree/locale/file order.
    public func subjects(in project: ProjectModel, stores: Set<Store>) -> [Subject] {
        switch part {
        case .plistKey(let key, let appsOnly): return plistSubjects(key: key, appsOnly: appsOnly, project: project)
        case .permissions: return permissionSubjects(project)
        case .dependencies: return dependencySubjects(project)
        case .provided(let declaration):
            return declaration.select(project)
        default: return metadataSubjects(project, stores: stores)
        }
    }

    private func metadataSubjects(_ project: ProjectModel, stores: Set<Store>) -> [Subject] {
        var subjects: [Subject] = []
        // A tree is selected for the store that judges it (its consumer, or Play for a supply tree nobody is
        // known to upload); `store` in the labels is that store. The changelog part picks only the note that
        // ships (MetadataReleaseNotes): older notes never reach a store.
        let candidates: Set<Store> = store.map { stores.isEmpty || stores.contains($0) ? [$0] : [] } ?? (stores.isEmpty ? Set(Store.allCases) : stores)
        let versionCode = MetadataReleaseNotes.versionCode(project.facts)
        for tree in project.metadata {
            // Release notes have their own consumer when a workflow sends an F-Droid tree's notes to Play.
            guard !candidates.isEmpty, let judging = tree.judgingStore(among: candidates, field: part == .changelogs ? "changelogs" : nil) else { continue }
            var base = ["store": judging.store.rawValue, "tree": tree.name, "consumer": tree.consumer.name]
            switch part {
            case .localeField(let field):
                guard tree.uploads(field: field, to: judging.store) else { continue }
                base["field"] = field
                // `default/` first, then each locale: its own value, nothing when it inherits `default/`'s (that
                // value is judged once, at `default/`), and a missing file where it has neither.
                if let defaults = tree.defaults, let value = defaults.fields[field], !value.inherited {
                    subjects.append(Subject(value: value.text, location: value.location, labels: base.merging(["locale": defaults.code]) { $1 }))
                }
                for locale in tree.locales {
                    let labels = base.merging(["locale": locale.code]) { $1 }
                    if let value = locale.fields[field] {
                        if !value.inherited { subjects.append(Subject(value: value.text, location: value.location, labels: labels)) }
                    } else {
                        subjects.append(.absent(at: RelativePath.join(locale.location.path, "\(field).txt"), labels: labels))
                    }
                }
            case .changelogs:
                guard tree.uploads(field: "changelogs", to: judging.store) else { continue }
                base["field"] = "changelogs"
                let notes = tree.shippingChangelogs(versionCode: versionCode)
                for locale in tree.locales {
                    guard let (choice, value) = notes[locale.code] else { continue }
                    var labels = base
                    labels["locale"] = locale.code
                    labels["version"] = choice.key
                    // The file as the tree's layout names it: `changelogs/72.txt`, GPP's `release-notes/en-US/default.txt`, `whatsnew-en-US`.
                    labels["note"] = tree.layout == .fastlane ? "changelogs/\(choice.key).txt"
                        : String(value.location.path.dropFirst(tree.path.isEmpty ? 0 : min(value.location.path.count, tree.path.count + 1)))
                    labels["release_note"] = choice.reason + Self.sentToPlay(tree, judging: judging.store)
                    subjects.append(Subject(value: value.text, location: value.location, labels: labels))
                }
            case .root(let field):
                guard tree.uploads(field: "root.\(field)") else { continue }
                base["field"] = field
                if let value = tree.rootFields[field] {
                    subjects.append(Subject(value: value.text, location: value.location, labels: base))
                } else {
                    subjects.append(.absent(at: RelativePath.join(tree.path, "\(field).txt"), labels: base))
                }
            case .review(let field):
                guard tree.uploads(field: "review.\(field)") else { continue }
                base["field"] = field
                if let value = tree.reviewInformation[field] {
                    subjects.append(Subject(value: value.text, location: value.location, labels: base))
                } else {
                    subjects.append(.absent(at: RelativePath.join(RelativePath.join(tree.path, "review_information"), "\(field).txt"), labels: base))
                }
            case .folders:
                for folder in tree.folders {
                    var labels = base
                    labels["special"] = folder.isSpecial ? "true" : "false"
                    subjects.append(Subject(value: folder.name, location: folder.location, labels: labels))
                }
            case .files:
                // Each value once: a locale's own files and `default/`'s (an inherited copy is `default/`'s file),
                // the note that ships (an old note is history no store receives), root and review files.
                let notes = tree.uploads(field: "changelogs", to: judging.store) ? tree.shippingChangelogs(versionCode: versionCode) : [:]
                for locale in tree.locales + (tree.defaults.map { [$0] } ?? []) {
                    let labels = base.merging(["locale": locale.code]) { $1 }
                    for (field, value) in locale.fields.sorted(by: { $0.key < $1.key }) where !value.inherited && tree.uploads(field: field, to: judging.store) {
                        subjects.append(Subject(value: value.text, location: value.location, labels: labels.merging(["field": field]) { $1 }))
                    }
                    if let (choice, value) = notes[locale.code] {
                        subjects.append(Subject(value: value.text, location: value.location,
                                                labels: labels.merging(["field": "changelogs/\(choice.key)", "version": choice.key]) { $1 }))
                    }
                }
                for (field, value) in tree.rootFields.sorted(by: { $0.key < $1.key }) {
                    subjects.append(Subject(value: value.text, location: value.location, labels: base.merging(["field": field]) { $1 }))
                }
                for (field, value) in tree.reviewInformation.sorted(by: { $0.key < $1.key }) {
                    subjects.append(Subject(value: value.text, location: value.location,
                                            labels: base.merging(["field": "review_information/\(field)"]) { $1 }))
                }
            case .plistKey, .permissions, .dependencies, .provided:
                break
            }
        }
        // The live console texts (--console), judged by the same rules as the files that hold them.
        return subjects + ConsoleListingSubjects.subjects(for: part, stores: candidates, project: project)
    }

    /// ", sent to Google Play by <file:line>" when Play judges a note because a workflow sends it there.
    static func sentToPlay(_ tree: MetadataTree, judging: Store) -> String {
        guard judging == .play, tree.consumer.store != .play, let sender = tree.consumer.releaseNotesSentToPlay.first else { return "" }
        return ", sent to Google Play by \(sender.location)"
    }

    /// Test bundles are never uploaded; `apps` keeps only application targets (an extension or framework has
    /// its own plist but answers no app-level question).
    private func plistSubjects(key: String, appsOnly: Bool, project: ProjectModel) -> [Subject] {
        let plists = project.infoPlists.filter { !$0.isTestBundle && (!appsOnly || Self.isApplication($0)) }.sorted { $0.location < $1.location }
        let glob = key.contains("*") ? Glob(key) : nil
        var subjects: [Subject] = []
        for plist in plists {
            let base = ["file": Self.describe(plist, key: key), "target": plist.target ?? "", "plist": plist.location.path]
            if let glob {
                for name in plist.strings.keys.sorted() where glob.matches(name) {
                    subjects.append(Subject(value: plist.strings[name] ?? "", location: plist.location(ofKey: name),
                                            labels: base.merging(["key": name, "file": Self.describe(plist, key: name)]) { $1 }))
                }
            } else if let value = plist.strings[key] {
                subjects.append(Subject(value: value, location: plist.location(ofKey: key), labels: base.merging(["key": key]) { $1 }))
            } else if plist.keyLines[key] == nil {
                subjects.append(Subject(value: "", location: plist.location, labels: base.merging(["key": key]) { $1 }, isAbsent: true))
            }
        }
        return subjects
    }

    /// The app's permissions as the `android.permission.<NAME>` facts have them: the merged release manifests of
    /// the app modules of the Android part, not every manifest in the tree (a library module the app does not
    /// depend on, an F-Droid flavour, a sample, a permission the app removes with `tools:node="remove"` never ship).
    private func permissionSubjects(_ project: ProjectModel) -> [Subject] {
        project.parts[AndroidPart.self].shippedPermissions.map { permission in
            Subject(value: permission.name, location: permission.location,
                    labels: ["permission": permission.name, "file": permission.location.path])
        }
    }

    private func dependencySubjects(_ project: ProjectModel) -> [Subject] {
        project.dependencies.sorted { $0.location < $1.location }.map { dependency in
            Subject(value: dependency.name, location: dependency.location, labels: [
                "name": dependency.name, "version": dependency.version ?? "", "ecosystem": dependency.ecosystem.rawValue,
                "file": dependency.location.path,
            ])
        }
    }

    /// An application's plist: an application target when the Xcode project says what it is.
    static func isApplication(_ plist: InfoPlistFile) -> Bool {
        guard let type = plist.productType else { return true }
        return type == "com.apple.product-type.application" || type.hasPrefix("com.apple.product-type.application.")
    }

    /// The plist as a person finds it: the file, or the build setting of the target that generates it.
    static func describe(_ plist: InfoPlistFile, key: String) -> String {
        if plist.isGenerated {
            // A generator spec (project.yml, Project.swift, app.json) may write the key itself, not as a build setting.
            guard plist.location.path.hasSuffix("project.pbxproj") else { return "\(plist.location.path) (\(key) of target \(plist.target ?? "?"))" }
            return "\(plist.location.path) (INFOPLIST_KEY_\(key) of target \(plist.target ?? "?"))"
        }
        return plist.location.path
    }
}
