import Formats

/// The metadata part of the release model as facts, so `shipcheck facts` shows it with its evidence:
///
///     metadata.<tree path>.consumer       appstore | play | fdroid | unknown   (evidence: why)
///     metadata.<tree path>.release_notes  which changelog ships per locale, and why
///     metadata.<tree path>.release_notes_sent_to_play  a workflow or script sends the notes of a tree
///                                         another store reads to Google Play (evidence: the line)
///
/// Computed after every inspector ran: the release note depends on `android.version_code`.
public enum MetadataFacts {
    static let evidenceLimit = 5

    public static func facts(_ trees: [MetadataTree], facts: FactStore) -> [Fact] {
        let versionCode = MetadataReleaseNotes.versionCode(facts)
        var result: [Fact] = []
        for tree in trees {
            let key = "metadata.\(tree.path.isEmpty ? "." : tree.path)"
            result.append(Fact(name: "\(key).consumer", value: .string(tree.consumer.name),
                               source: tree.consumer.stated ? .stated : .detected,
                               evidence: tree.consumer.evidence.isEmpty
                                   ? [Evidence(location: SourceLocation(path: tree.path), snippet: "no upload of this folder found (no Fastfile supply call, Supplyfile, upload action or F-Droid sign)")]
                                   : tree.consumer.store == nil && !tree.consumer.unresolvedUploads.isEmpty
                                   ? tree.consumer.unresolvedUploads.map { Evidence(location: $0.location, snippet: "may upload this folder: \($0.snippet)") }
                                   : tree.consumer.store == nil
                                   ? tree.consumer.evidence.map { Evidence(location: $0.location, snippet: "uploads another folder: \($0.snippet)") }
                                   : tree.consumer.evidence))
            result += uploadFacts(tree, key: key)
            guard tree.store != .appstore else { continue }
            if !tree.consumer.releaseNotesSentToPlay.isEmpty {
                result.append(Fact(name: "\(key).release_notes_sent_to_play", value: .bool(true), source: .detected,
                                   evidence: tree.consumer.releaseNotesSentToPlay))
            }
            guard tree.uploads(field: "changelogs") else {
                result.append(Fact(name: "\(key).release_notes", value: .string("none: the upload skips changelogs (skip_upload_changelogs)"),
                                   source: .detected, evidence: tree.consumer.evidence))
                continue
            }
            // Locales grouped by the note chosen and the reason: `changelogs/72.txt (the note for android.version_code 72): en-US, de-DE`.
            let noteName: (ReleaseNoteChoice, MetadataValue) -> String = { choice, value in
                tree.layout == .fastlane ? "changelogs/\(choice.key).txt" : String(value.location.path.dropFirst(tree.path.isEmpty ? 0 : tree.path.count + 1))
            }
            var groups: [String: [String]] = [:]
            var evidence: [Evidence] = []
            let notes = tree.shippingChangelogs(versionCode: versionCode)
            for locale in tree.locales {
                guard let (choice, value) = notes[locale.code] else { continue }
                let name = tree.layout == .fastlane ? "changelogs/\(choice.key).txt" : "\(choice.key)"
                groups["\(name) (\(choice.reason))", default: []].append(locale.code)
                if evidence.count < evidenceLimit { evidence.append(Evidence(location: value.location, snippet: noteName(choice, value))) }
            }
            guard !groups.isEmpty else { continue }
            let entries = groups.sorted { $0.key < $1.key }.map { note, locales in
                "\(note): \(locales.count > 6 ? "\(locales.count) locales" : locales.joined(separator: " "))"
            }
            result.append(Fact(name: "\(key).release_notes", value: .list(entries), source: .detected, evidence: evidence))
        }
        return result
    }

    /// How the tree reaches its store, per upload: the chain of the call, the run, and each value's source
    /// (`metadata.<path>.upload`); uploads whose folder could not be resolved (`upload_unresolved`); what a
    /// release job does to the tree first (`uploaded_locales`, `changed_before_upload`); other stores reading it.
    static func uploadFacts(_ tree: MetadataTree, key: String) -> [Fact] {
        var facts: [Fact] = []
        let consumer = tree.consumer
        // F-Droid's build server reads the tree from the app's source (fdroidserver update.py,
        // insert_localized_app_metadata): every file, whatever Play's lanes skip.
        var chains = consumer.uploadChains
        var evidence = Array(consumer.evidence.prefix(evidenceLimit))
        let fdroid = consumer.store == .fdroid && !consumer.stated ? consumer.evidence : consumer.alsoReadBy[.fdroid] ?? []
        if let sign = fdroid.first {
            chains.append("\(tree.path.isEmpty ? "." : tree.path) ← fdroidserver builds from the source (update.py insert_localized_app_metadata) ← \(sign.snippet) (\(sign.location)): every file")
            if !evidence.contains(sign) { evidence.append(sign) }
        }
        if !chains.isEmpty {
            facts.append(Fact(name: "\(key).upload", value: .list(chains), source: .detected, evidence: evidence))
        }
        if !consumer.unresolvedUploads.isEmpty {
            facts.append(Fact(name: "\(key).upload_unresolved", value: .list(consumer.unresolvedUploads.map { "\($0.snippet) (\($0.location))" }),
                              source: .detected, evidence: consumer.unresolvedUploads))
        }
        if let locales = consumer.uploadedLocales {
            facts.append(Fact(name: "\(key).uploaded_locales", value: .list(locales.sorted()), source: .detected, evidence: []))
        }
        if !consumer.changedBeforeUpload.isEmpty {
            facts.append(Fact(name: "\(key).changed_before_upload", value: .list(consumer.changedBeforeUpload.map { "\($0.location): \($0.snippet)" }),
                              source: .detected, evidence: consumer.changedBeforeUpload))
        }
        for (store, evidence) in consumer.alsoReadBy.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            facts.append(Fact(name: "\(key).also_read_by", value: .string(store.rawValue), source: .detected, evidence: evidence))
        }
        return facts
    }
}
