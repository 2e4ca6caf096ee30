import Project
import YAML

/// Checks fed by built archives (`--archive`): what App Store Connect and Play read from the upload
/// itself. Domain checks over `project.archives`; a run without an archive gives them nothing to judge.
public enum ArchiveChecks {
    public static var all: [CheckFunction] {
        ([requiredReasons, sdkManifests, uploadSDK] + ArchiveAppleChecks.all + ArchiveAndroidChecks.all).map { $0.reading(.builtArchives) }
    }

    /// ITMS-91053 as App Store Connect finds it: each Mach-O binary's imported symbols (app, extensions,
    /// embedded frameworks) against the categories its own bundle's PrivacyInfo.xcprivacy declares.
    static let requiredReasons = CheckFunction(
        name: "archive.required_reasons",
        summary: "Each binary of a built iOS archive that imports a required-reason API has that category in its own bundle's privacy manifest",
        options: [
            OptionSpec("categories", .table, required: true, decode: TableError.decoder(RequiredReasonCategories.init), doc: "category -> fact -> approved reasons"),
            OptionSpec("symbols", .table, required: true, decode: TableError.decoder(BinarySymbols.init), doc: "category -> the Mach-O symbols that use it"),
        ],
        subjects: .none,
        placeholders: ["binary", "bundle", "symbol", "category", "manifest", "reasons", "declared_elsewhere"]
    ) { invocation in
        guard let categories = invocation.decoded("categories", as: RequiredReasonCategories.self),
              let symbols = invocation.decoded("symbols", as: BinarySymbols.self) else { return [] }
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.isApple {
            for bundle in archive.bundles {
                // Another bundle of the same upload (the app's own manifest, for an embedded framework without one)
                // declaring the category: accepted in real uploads, so a warning that names it (docs/severity.md).
                func declaredElsewhere(_ category: String) -> [String] {
                    archive.bundles.filter { $0.location != bundle.location && $0.declaredAPICategories.contains(category) }
                        .flatMap { $0.privacyManifests.map(\.path) }.sorted()
                }
                guard let binary = bundle.binary, let location = bundle.binaryLocation else { continue }
                let imported = Set(binary.undefinedSymbols)
                for category in categories.categories where !bundle.declaredAPICategories.contains(categories.prefix + category.name) {
                    guard let symbol = symbols.byCategory[category.name]?.first(where: imported.contains) else { continue }
                    let manifest = bundle.privacyManifests.isEmpty
                        ? "any manifest of its own (the bundle has no PrivacyInfo.xcprivacy)"
                        : "its privacy manifest \(bundle.privacyManifests.map(\.path).joined(separator: ", "))"
                    let elsewhere = declaredElsewhere(categories.prefix + category.name)
                    let note = elsewhere.isEmpty ? "" : " (\(elsewhere.joined(separator: ", ")) of the same upload declares it, which uploads"
                        + " have been seen to accept, so this is a warning: add the declaration to the bundle's own manifest to be safe)"
                    results.append(CheckResult(location: location, evidence: symbol, values: [
                        "binary": location.path, "bundle": bundle.described, "symbol": symbol, "category": category.name,
                        "manifest": manifest, "reasons": category.reasons.joined(separator: ", "), "declared_elsewhere": note,
                    ], severity: elsewhere.isEmpty ? nil : .warning))
                }
            }
        }
        return results
    }

    /// ITMS-91061 on what ships: a framework on Apple's list embedded without a PrivacyInfo.xcprivacy of its
    /// own (in the framework or a resource bundle inside it), named with the version its Info.plist gives.
    static let sdkManifests = CheckFunction(
        name: "archive.sdk_manifests",
        summary: "Embedded frameworks on Apple's list of commonly used SDKs carry their own privacy manifest in the built archive",
        options: [OptionSpec("sdks", .table, required: true, decode: TableError.decoder(PrefixedNames.init), doc: "SDK names that must ship a privacy manifest"),
                  OptionSpec("versions", .table, doc: "SDK name → first version that ships a manifest; default sdk_manifest_first_versions")],
        subjects: .none,
        placeholders: ["sdk", "version", "framework"]
    ) { invocation in
        guard let listed = invocation.decoded("sdks", as: PrefixedNames.self) else { return [] }
        let firstVersions = SDKManifestVersions(invocation.context.tables[invocation.options.string("versions") ?? SDKManifestVersions.defaultTable])
        let names = Set(listed.names.map { $0.lowercased() })
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.isApple {
            for bundle in archive.bundles where bundle.kind == .framework && bundle.privacyManifests.isEmpty && names.contains(bundle.name.lowercased()) {
                let location = bundle.infoPlistLocation ?? bundle.binaryLocation ?? SourceLocation(path: archive.name)
                results.append(CheckResult(location: location, evidence: "\(bundle.name) \(bundle.shortVersion ?? "")", values: [
                    "sdk": bundle.name, "framework": bundle.location.path,
                    "version": firstVersions.describe(bundle.name, version: bundle.shortVersion),
                ]))
            }
        }
        return results
    }

    /// The Xcode and SDK an upload was built with, from the built Info.plist (DTXcode, DTSDKName), against
    /// the minimum App Store Connect accepts.
    static let uploadSDK = CheckFunction(
        name: "archive.upload_sdk",
        summary: "The app in a built iOS archive was built with at least the Xcode and SDK App Store Connect requires",
        options: [OptionSpec("minimum", .table, required: true, decode: TableError.decoder(UploadSDKMinimum.init), doc: "`xcode` and `sdks` (platform → version)")],
        subjects: .none,
        placeholders: ["built", "required", "plist"]
    ) { invocation in
        guard let minimum = invocation.decoded("minimum", as: UploadSDKMinimum.self) else { return [] }
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.isApple {
            // The top-level app: extensions, frameworks and a watch app are built by the same Xcode.
            guard let app = archive.bundles.first(where: { $0.kind == .app }), let plist = app.infoPlist, let location = app.infoPlistLocation else { continue }
            var problems: [String] = []
            var required = "Xcode \(UploadSDKMinimum.text(minimum.xcode))"
            if let xcode = plist["DTXcode"]?.string, let built = UploadSDKMinimum.xcodeVersion(xcode), UploadSDKMinimum.less(built, minimum.xcode) {
                problems.append("Xcode \(UploadSDKMinimum.text(built)) (DTXcode \(xcode))")
            }
            if let sdkName = plist["DTSDKName"]?.string, let (platform, version) = UploadSDKMinimum.sdk(sdkName),
               let sdkMinimum = minimum.sdks[platform] {
                required += " and the \(platform)\(UploadSDKMinimum.text(sdkMinimum)) SDK"
                if UploadSDKMinimum.less(version, sdkMinimum) { problems.append("the \(sdkName) SDK (DTSDKName)") }
            }
            guard !problems.isEmpty else { continue }
            results.append(CheckResult(location: location, evidence: problems.joined(separator: ", "), values: [
                "built": problems.joined(separator: " and "), "required": required, "plist": location.path,
            ]))
        }
        return results
    }
}

/// `{ Category: [symbols] }`: the Mach-O symbol names (C functions with their leading underscore,
/// Objective-C classes as `_OBJC_CLASS_$_Name`) that use each required-reason category.
struct BinarySymbols: Sendable {
    let byCategory: [String: [String]]

    init(_ table: Table) throws(TableError) {
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected a mapping of category to a list of symbols") }
        var byCategory: [String: [String]] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar, let symbols = pair.value.sequence?.compactMap(\.scalar), !symbols.isEmpty else {
                throw TableError(table, pair.key, "each category maps to a non-empty list of symbols")
            }
            byCategory[name] = symbols
        }
        self.byCategory = byCategory
    }
}

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
