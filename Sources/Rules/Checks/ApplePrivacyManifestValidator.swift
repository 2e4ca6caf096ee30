import Foundation
import Project

/// Validates one privacy manifest against the tables: what App Store Connect would call an invalid
/// manifest (ITMS-91056), an invalid API category declaration (ITMS-91054: an NSPrivacyAccessedAPIType that is not
/// one of Apple's categories, written in full), an invalid API reason declaration (ITMS-91055: a reason code that is
/// unknown, from another category, or missing) or invalid tracking information (ITMS-91064: tracking domains while
/// NSPrivacyTracking is not true, or tracking without domains). Each problem carries the line it is on, found by
/// searching the file's text.
struct PrivacyManifestValidator: Sendable {
    struct Problem: Sendable {
        let location: SourceLocation
        let message: String
        /// The App Store Connect error the problem leads to.
        var rejection: Rejection = .invalidManifest
        /// Which rule reports it (the check's `problems:` option), so each kind has its own id and grade.
        var group: Group = .invalidManifest
    }

    /// The kinds of problem a rule of `privacy_manifest.valid` reports: the two upload errors, and two risks
    /// that are no documented upload error.
    enum Group: String, Sendable, CaseIterable {
        /// ITMS-91056: not a property list, unknown keys, wrong types, unknown categories, data types, purposes.
        case invalidManifest = "invalid-manifest"
        /// ITMS-91055: a reason code missing, unknown or from another category.
        case invalidReason = "invalid-reason"
        /// A reason only a third-party SDK may declare, in the app's own manifest.
        case sdkOnlyReason = "sdk-only-reason"
        /// An NSPrivacyTrackingDomains entry that is not a bare host name.
        case trackingDomain = "tracking-domain"
        /// A category, reason, data type or purpose that is valid once the whitespace around it is removed
        /// (`<string>` on its own line): uploads with such values have been accepted, so a risk, not an error.
        case paddedValue = "padded-value"
    }

    enum Rejection: String, Sendable {
        case invalidManifest = "ITMS-91056 (Invalid privacy manifest)"
        case invalidReason = "ITMS-91055 (Invalid API reason declaration)"
        case invalidCategory = "ITMS-91054 (Invalid API category declaration)"
        case invalidTracking = "ITMS-91064 (Invalid tracking information)"
    }

    let categories: RequiredReasonCategories
    let schema: ManifestSchema
    let dataTypes: PrefixedNames
    let purposes: PrefixedNames

    func problems(in manifest: PrivacyManifestFile) -> [Problem] {
        let path = manifest.location.path
        if let error = manifest.parseError {
            return [Problem(location: SourceLocation(path: path, line: error.line), message: "not a property list (\(error.message))")]
        }
        guard let document = manifest.document else { return [] }
        var problems: [Problem] = []
        func report(_ message: String, key: String? = nil, value: String? = nil, rejection: Rejection = .invalidManifest,
                    group: Group? = nil) {
            let line = value.flatMap { document.line(containing: "<string>\($0)</string>") ?? document.line(containing: $0) }
                ?? key.flatMap { document.line(ofKey: $0) }
            problems.append(Problem(location: SourceLocation(path: path, line: line), message: message, rejection: rejection,
                                    group: group ?? (rejection == .invalidReason ? .invalidReason : .invalidManifest)))
        }
        guard let root = document.value.dictionary else {
            report("the top level is \(document.value.typeName), not a dictionary")
            return problems
        }

        checkKeys(of: root, against: schema.topLevel, context: "at the top level", report: report)

        // Apple's upload message: "NSPrivacyTracking must be true if NSPrivacyTrackingDomains isn't empty"; and the
        // key's page: "When set to true you need to provide a list of internet domains".
        let trackingDomains = (root["NSPrivacyTrackingDomains"]?.array ?? []).compactMap(\.string)
        if root["NSPrivacyTracking"]?.bool == true, trackingDomains.isEmpty {
            report("NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domains", key: "NSPrivacyTracking", rejection: .invalidTracking)
        } else if root["NSPrivacyTracking"]?.bool != true, !trackingDomains.isEmpty {
            let tracking = root["NSPrivacyTracking"] == nil ? "absent" : "false"
            report("NSPrivacyTrackingDomains lists \(trackingDomains.count) domain(s) (\(trackingDomains[0])…) while NSPrivacyTracking is \(tracking); "
                   + "NSPrivacyTracking must be true when it lists domains", key: "NSPrivacyTrackingDomains", rejection: .invalidTracking)
        }
        // Apple lists domains ("the internet domains your app connects to that engage in tracking"): a URL, a
        // path or a wildcard is not one. Not a documented upload error, so a warning.
        for domain in (root["NSPrivacyTrackingDomains"]?.array ?? []).compactMap(\.string) where !Self.isBareHost(domain) {
            report("NSPrivacyTrackingDomains entry \"\(domain)\" is not a bare host name (write e.g. tracker.example.com, without scheme, path, port or wildcard)",
                   value: domain, group: .trackingDomain)
        }

        for entry in root["NSPrivacyAccessedAPITypes"]?.array ?? [] {
            guard let entry = entry.dictionary else { continue }
            checkKeys(of: entry, against: schema.accessedAPIType, context: "in an NSPrivacyAccessedAPITypes entry", report: report)
            checkAccessedAPI(entry, appOwned: manifest.isAppOwned, report: report)
        }

        for entry in root["NSPrivacyCollectedDataTypes"]?.array ?? [] {
            guard let entry = entry.dictionary else { continue }
            checkKeys(of: entry, against: schema.collectedDataType, context: "in an NSPrivacyCollectedDataTypes entry", report: report)
            checkCollectedData(entry, report: report)
        }
        return problems
    }

    /// Unknown keys (with the nearest known one) and values of the wrong type.
    private func checkKeys(of dictionary: [String: PlistValue], against allowed: [String: ManifestSchema.ValueType], context: String,
                           report: (String, String?, String?, Rejection, Group?) -> Void) {
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let type = allowed[key] else {
                let hint = Spelling.nearest(to: key, in: allowed.keys.sorted()).map { " (did you mean \($0)?)" } ?? ""
                report("unknown key \(key) \(context)\(hint)", key, nil, .invalidManifest, nil)
                continue
            }
            if let wrong = mismatch(value, type) { report("\(key) must be \(wrong.expected), found \(wrong.found)", key, nil, .invalidManifest, nil) }
        }
    }

    private func mismatch(_ value: PlistValue, _ type: ManifestSchema.ValueType) -> (expected: String, found: String)? {
        switch type {
        case .bool:
            return value.bool == nil ? ("a boolean", value.typeName) : nil
        case .string:
            return value.string == nil ? ("a string", value.typeName) : nil
        case .stringList:
            guard let items = value.array else { return ("an array of strings", value.typeName) }
            return items.first { $0.string == nil }.map { ("an array of strings", "an array holding \($0.typeName)") }
        case .dictList:
            guard let items = value.array else { return ("an array of dictionaries", value.typeName) }
            return items.first { $0.dictionary == nil }.map { ("an array of dictionaries", "an array holding \($0.typeName)") }
        }
    }

    private func checkAccessedAPI(_ entry: [String: PlistValue], appOwned: Bool,
                                  report: (String, String?, String?, Rejection, Group?) -> Void) {
        guard let type = entry["NSPrivacyAccessedAPIType"]?.string.map({ trimmed($0, "NSPrivacyAccessedAPIType", report) }) else {
            if entry["NSPrivacyAccessedAPIType"] == nil {
                report("an NSPrivacyAccessedAPITypes entry has no NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypes", nil, .invalidManifest, nil)
            }
            return
        }
        // The full name only: uploads with a bare "FileTimestamp" come back with ITMS-91054.
        let name = type.hasPrefix(categories.prefix) ? String(type.dropFirst(categories.prefix.count)) : nil
        guard let name, let category = categories.categories.first(where: { $0.name == name }) else {
            let known = categories.categories.map { categories.prefix + $0.name }
            let bare = categories.categories.first { $0.name == type }.map { categories.prefix + $0.name }
            let hint = (bare ?? Spelling.nearest(to: type, in: known)).map { " (did you mean \($0)?)" } ?? ""
            report("unknown required-reason API category \(type)\(hint)", nil, type, .invalidCategory, nil)
            return
        }
        let reasons = (entry["NSPrivacyAccessedAPITypeReasons"]?.array ?? []).compactMap(\.string)
            .map { trimmed($0, "NSPrivacyAccessedAPITypeReasons", report) }
        let approved = category.reasons.joined(separator: ", ")
        if reasons.isEmpty {
            report("\(type) lists no NSPrivacyAccessedAPITypeReasons; give at least one of \(approved)", nil, type, .invalidReason, nil)
        }
        for reason in reasons {
            if !category.reasons.contains(reason) {
                if let other = categories.category(ofReason: reason) {
                    report("reason \(reason) belongs to \(categories.prefix)\(other.name), not \(type) (approved: \(approved))", nil, reason, .invalidReason, nil)
                } else {
                    report("unknown reason code \(reason) for \(type) (approved: \(approved))", nil, reason, .invalidReason, nil)
                }
            } else if appOwned, categories.sdkOnlyReasons.contains(reason) {
                // Apple: these reasons are for a third-party SDK wrapping the API for the app. The app's own
                // manifest declaring one says the app's code is an SDK: a review risk, not a documented upload error.
                report("reason \(reason) may be declared only by a third-party SDK that wraps the API, not in the app's own manifest; "
                       + "pick the reason that matches the app's own use (approved: \(approved))", nil, reason, .invalidReason, .sdkOnlyReason)
            }
        }
    }

    /// `value` without the whitespace around it, reported as a padded value when there was some (written
    /// `<string>` on one line and the name on the next). The rest of the validation judges the trimmed value: its
    /// own problems are the ones App Store Connect names.
    private func trimmed(_ value: String, _ key: String, _ report: (String, String?, String?, Rejection, Group?) -> Void) -> String {
        let bare = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if bare != value, !bare.isEmpty {
            report("\(key) value \(bare) is written with whitespace around it (a line break or spaces inside <string>…</string>)",
                   nil, bare, .invalidManifest, .paddedValue)
        }
        return bare
    }

    /// A host name: letters, digits, `-` and `.`, at least one dot, no scheme, path, port or wildcard.
    static func isBareHost(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.contains(UInt8(ascii: ".")), bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }

    private func checkCollectedData(_ entry: [String: PlistValue], report: (String, String?, String?, Rejection, Group?) -> Void) {
        for key in schema.collectedDataType.keys.sorted() where entry[key] == nil {
            report("an NSPrivacyCollectedDataTypes entry has no \(key)", "NSPrivacyCollectedDataTypes", nil, .invalidManifest, nil)
        }
        if let type = entry["NSPrivacyCollectedDataType"]?.string.map({ trimmed($0, "NSPrivacyCollectedDataType", report) }),
           !dataTypes.fullNames.contains(type) {
            let hint = Spelling.nearest(to: type, in: dataTypes.fullNames).map { " (did you mean \($0)?)" } ?? ""
            report("unknown collected data type \(type)\(hint)", nil, type, .invalidManifest, nil)
        }
        for purpose in (entry["NSPrivacyCollectedDataTypePurposes"]?.array ?? []).compactMap(\.string)
            .map({ trimmed($0, "NSPrivacyCollectedDataTypePurposes", report) })
        where !purposes.fullNames.contains(purpose) {
            let hint = Spelling.nearest(to: purpose, in: purposes.fullNames).map { " (did you mean \($0)?)" } ?? ""
            report("unknown collected data purpose \(purpose)\(hint)", nil, purpose, .invalidManifest, nil)
        }
    }
}
