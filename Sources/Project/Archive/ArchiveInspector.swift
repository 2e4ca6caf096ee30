import Foundation
import StoreLocale
import Formats

/// Reads a built archive into a `BuiltArchive` and the facts it sets. Only the entries the checks need
/// are inflated: each bundle's Info.plist, privacy manifests and main binary, and 64-bit native libraries.
/// An entry that cannot be decoded is an `InputProblem` at that entry; the rest is still read.
///
/// It consumes the checklists' `kind: binary_symbols` tables (`consumedTableKinds`): each Apple binary's imports
/// they name become `SymbolHit`s, origin the archive, in the list the source scan fills.
public enum ArchiveInspector {
    /// The checklist table kinds the inspector reads (the run hands it every table of these kinds, decoded).
    public static let consumedTableKinds = ["binary_symbols"]

    public struct Output: Sendable {
        public var archive: BuiltArchive
        public var facts: [Fact] = []
        public var problems: [InputProblem] = []
        /// The API uses its binaries' imports show (`kind: binary_symbols`), origin this archive, in archive order.
        public var symbolHits: [SymbolHit] = []

        /// Joins what the archive says to the project model, as the inspector declares (`factMerge`,
        /// `dependencyMerge`, `symbolHitMerge`): the archive itself, its packaged versions, its facts, its binaries'
        /// API uses and the entries it could not read.
        public func merge(into model: inout ProjectModel) {
            model.archives.append(archive)
            model.dependencies.add(archive.packagedVersions, policy: ArchiveInspector.dependencyMerge)
            for fact in facts { model.facts.add(fact, policy: ArchiveInspector.factMerge) }
            model.symbolHits.add(symbolHits, policy: ArchiveInspector.symbolHitMerge)
            model.problems += problems
        }
    }

    /// A binary's API uses stand beside the source code's: both are kept, each with its origin, and a check picks
    /// the input it judges (`ProjectModel.symbolHits(fromArchive:)`). They set no fact: a source rule's gate stays
    /// the source scan's.
    public static let symbolHitMerge = SymbolHitMergePolicy.keptWithOrigin

    /// A built archive's facts are what ships: they replace the source scan's differing guesses (the run
    /// adds them with this policy; evidence inside an archive is a path with an entry, `app.aab!/…`).
    public static let factMerge = FactMergePolicy.shippedWins { ArchiveLocation.split($0.path).entry != nil }

    /// The versions the build packaged (`META-INF/*.version`) win over the Gradle files' for the same library:
    /// same names, the archive's place.
    public static let dependencyMerge = DependencyMergePolicy.shippedWins(.gradle)

    /// The ABIs Play's 16 KB requirement is about (64-bit).
    static let sixtyFourBitABIs: Set<String> = ["arm64-v8a", "x86_64"]

    public static func inspect(_ contents: any ArchiveContents, kind: BuiltArchive.Kind,
                               binarySymbols: [BinarySymbolTable] = []) throws(ArchiveError) -> Output {
        var output = Output(archive: BuiltArchive(name: contents.name, kind: kind))
        let names = contents.fileNames
        // The archive says which store it is for: rules of that store apply even without a source tree.
        let evidence = Evidence(location: SourceLocation(path: contents.name), snippet: "built \(kind.rawValue)")
        switch kind {
        case .ipa, .xcarchive, .app:
            try readAppleBundles(contents, names: names, kind: kind, into: &output)
            for bundle in output.archive.bundles {
                guard let binary = bundle.binary, let location = bundle.binaryLocation else { continue }
                output.symbolHits += binary.symbolHits(binarySymbols, location: location, origin: output.archive.origin)
            }
            output.facts.append(Fact(name: ArchiveFacts.apple, value: .bool(true), source: .detected, evidence: [evidence]))
            output.facts.append(Fact(name: Store.appstore.factName, value: .bool(true), source: .detected, evidence: [evidence]))
        case .aab, .apk:
            try readNativeLibraries(contents, names: names, kind: kind, into: &output)
            try readAndroidManifests(contents, names: names, kind: kind, into: &output)
            output.facts.append(Fact(name: ArchiveFacts.android, value: .bool(true), source: .detected, evidence: [evidence]))
            output.facts.append(Fact(name: Store.play.factName, value: .bool(true), source: .detected, evidence: [evidence]))
        }
        return output
    }

    // MARK: - Apple

    /// The bundle folder an entry belongs to: the deepest `.app`, `.appex` or `.framework` folder above it.
    static func bundleFolder(of entry: String) -> String? {
        let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
        var found: Int?
        for (i, part) in parts.dropLast().enumerated() where part.hasSuffix(".app") || part.hasSuffix(".appex") || part.hasSuffix(".framework") {
            found = i
        }
        return found.map { parts[0...$0].joined(separator: "/") }
    }

    static func bundleKind(ofFolder folder: String) -> AppleBundle.Kind {
        if folder.hasSuffix(".framework") { return .framework }
        if folder.hasSuffix(".appex") { return .appExtension }
        if folder.contains(".app/Watch/") { return .watchApp }
        return .app
    }

    static func readAppleBundles(_ contents: any ArchiveContents, names: [String], kind: BuiltArchive.Kind, into output: inout Output) throws(ArchiveError) {
        var files: [String: [String]] = [:]
        var order: [String] = []
        // Imported symbol names kept from all the archive's binaries.
        var symbolText = contents.limits.maxSymbolTextBytes
        for name in names {
            // A folder archive given as the .app itself: its files are the bundle's (folder "").
            let folder = bundleFolder(of: name) ?? (kind == .app ? "" : nil)
            guard let folder else { continue }
            if files[folder] == nil { order.append(folder) }
            files[folder, default: []].append(name)
        }
        if order.isEmpty {
            throw ArchiveError(archive: contents.name, "holds no app bundle (expected Payload/<App>.app/ in an .ipa, Products/Applications/<App>.app/ in an .xcarchive)")
        }
        for folder in order {
            let prefix = folder.isEmpty ? "" : folder + "/"
            let own = files[folder] ?? []
            let display = folder.isEmpty ? ((contents.name as NSString).lastPathComponent) : folder
            let bundleKind = bundleKind(ofFolder: folder.isEmpty ? display : folder)
            let base = ((display as NSString).lastPathComponent as NSString).deletingPathExtension

            let origin = output.archive.origin
            // Its built Info.plist and privacy manifests, read into the shapes the source's Apple inspector fills.
            var plist: InfoPlistFile?
            var plistLocation: SourceLocation?
            if own.contains(prefix + "Info.plist") {
                plistLocation = contents.location(of: prefix + "Info.plist")
                // Plists are capped as in a source tree (32 MB), checked on the declared size before inflating.
                switch PlistReader.parse(Data(try contents.read(prefix + "Info.plist", limit: contents.limits.maxPlistBytes)), path: plistLocation!.path) {
                case .success(let document): plist = InfoPlistFile(location: plistLocation!, document: document, target: base, origin: origin)
                case .failure(let error): output.problems.append(error.problem)
                }
            }
            // A framework's manifest is its SDK's; an app's or extension's is the app's own.
            var manifests: [PrivacyManifestFile] = []
            for entry in own where (entry as NSString).lastPathComponent == "PrivacyInfo.xcprivacy" {
                let location = contents.location(of: entry)
                let sdk = bundleKind == .framework ? base : nil
                switch PlistReader.parse(Data(try contents.read(entry, limit: contents.limits.maxPlistBytes)), path: location.path) {
                case .success(let document):
                    manifests.append(PrivacyManifestFile(location: location, isAppOwned: sdk == nil, sdkName: sdk, document: document, origin: origin))
                case .failure(let error):
                    output.problems.append(error.problem)
                    manifests.append(PrivacyManifestFile(location: location, isAppOwned: sdk == nil, sdkName: sdk, parseError: error, origin: origin))
                }
            }
            let executable = plist?.typedValue(atPath: "CFBundleExecutable")?.string ?? base
            let binaryEntry = prefix + executable
            var binary: MachOFile?
            var binaryLocation: SourceLocation?
            if !executable.contains("/"), own.contains(binaryEntry) {
                binaryLocation = contents.location(of: binaryEntry)
                // Only the regions the reader needs are kept; finish() checks the rest's CRC.
                let reader = try contents.open(binaryEntry)
                do {
                    let read = try MachOReader.read(reader.source(), maxSymbolText: min(symbolText, MachOReader.maxSymbolTextBytes))
                    symbolText -= read.slices.reduce(0) { $0 + $1.undefinedSymbols.reduce(0) { $0 + $1.utf8.count } }
                    binary = read
                } catch {
                    output.problems.append(InputProblem(location: binaryLocation!, message: "\(binaryLocation!.path): not a readable Mach-O binary: \(error.message)"))
                }
                try reader.finish()
            }
            var entitlements: PlistValue?
            if let xml = binary?.entitlementsXML, let location = binaryLocation {
                switch PlistReader.parse(Data(xml), path: location.path + " (entitlements)") {
                case .success(let document): entitlements = document.value
                case .failure(let error): output.problems.append(error.problem)
                }
            }
            let location = folder.isEmpty ? SourceLocation(path: contents.name) : contents.location(of: folder)
            let shared = AppleBundle(name: base, kind: bundleKind, productType: nil, location: location, files: Set(own.map { contents.location(of: $0).path }),
                                     privacyManifests: manifests.map(\.location.path).sorted(), infoPlist: plistLocation?.path, origin: origin)
            let bundle = ArchivedBundle(bundle: shared, path: folder, binaryLocation: binaryLocation, binary: binary, entitlements: entitlements)
            output.archive.bundles.append(bundle)
            output.archive.apple.bundles.append(shared)
            if let plist { output.archive.apple.infoPlists.append(plist) }
            output.archive.apple.privacyManifests += manifests.sorted { $0.location < $1.location }
            // Signed with the Sign in with Apple capability: what ships answers the source scan's guess.
            if bundle.kind == .app, entitlements?[ArchiveFacts.signInWithAppleEntitlement] != nil, let location = binaryLocation {
                output.facts.append(Fact(name: ArchiveFacts.signInWithApple, value: .bool(true), source: .detected,
                                         evidence: [Evidence(location: location, snippet: "entitlement \(ArchiveFacts.signInWithAppleEntitlement)")]))
            }
        }
    }

    // MARK: - Android

    /// `lib/<abi>/x.so` (an .apk) or `<module>/lib/<abi>/x.so` (an .aab): the ABI, or nil for other entries.
    static func nativeLibraryABI(_ entry: String, kind: BuiltArchive.Kind) -> String? {
        let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
        guard entry.hasSuffix(".so") else { return nil }
        if kind == .apk, parts.count == 3, parts[0] == "lib" { return String(parts[1]) }
        if kind == .aab, parts.count == 4, parts[1] == "lib" { return String(parts[2]) }
        return nil
    }

    static func readNativeLibraries(_ contents: any ArchiveContents, names: [String], kind: BuiltArchive.Kind, into output: inout Output) throws(ArchiveError) {
        var misaligned: [Evidence] = []
        var native: [Evidence] = []
        for entry in names {
            guard let abi = nativeLibraryABI(entry, kind: kind) else { continue }
            let location = contents.location(of: entry)
            let module = kind == .aab ? String(entry.prefix { $0 != "/" }) : ""
            let alignment = contents.storedDataOffset(of: entry).map { offset in
                var power = 1
                while power < 65536, offset % (power * 2) == 0 { power *= 2 }
                return power
            }
            output.archive.nativeLibraryEntries.append(ArchivedLibraryEntry(location: location, module: module, abi: abi,
                                                                            fileName: (entry as NSString).lastPathComponent, zipAlignment: alignment))
            if native.count < 5 { native.append(Evidence(location: location, snippet: "native library in the \(kind.rawValue)")) }
            guard sixtyFourBitABIs.contains(abi) else { continue }
            // The ELF header and program headers only, never the whole library.
            let reader = try contents.open(entry)
            let source = reader.source()
            let parsed = ELFAlignment.parse(header: (try? source.read(0, min(64, source.size), "the ELF header")) ?? []) { offset, count in
                guard offset <= UInt64(Int.max) else { return nil }
                return try? source.read(Int(offset), count, "the program headers")
            }
            try reader.finish()
            switch parsed {
            case .success(let info):
                let library = ArchivedNativeLibrary(location: location, abi: abi, machine: info.machine, is64Bit: info.is64Bit,
                                                    minimumLoadAlignment: info.minimumLoadAlignment)
                output.archive.nativeLibraries.append(library)
                if info.is64Bit, info.minimumLoadAlignment < AndroidNativeLibraries.requiredAlignment {
                    misaligned.append(Evidence(location: location,
                                               snippet: "\(info.machine) library, LOAD segments aligned to \(info.minimumLoadAlignment) bytes"))
                }
            case .failure(let failure):
                output.problems.append(InputProblem(location: location, message: "\(location.path): could not read the library's ELF header: \(failure.message)"))
            }
        }
        if !native.isEmpty {
            output.facts.append(Fact(name: ArchiveFacts.nativeCode, value: .bool(true), source: .detected, evidence: native))
        }
        if !misaligned.isEmpty {
            output.facts.append(Fact(name: ArchiveFacts.nativeLibraries4KB, value: .bool(true), source: .detected,
                                     evidence: Array(misaligned.sorted { $0.location < $1.location }.prefix(10))))
        }
    }

    /// `AndroidManifest.xml` of an .apk (binary XML) or `<module>/manifest/AndroidManifest.xml` of an .aab
    /// (protobuf). The base module's targetSdk is `android.target_sdk` (what ships wins over the build
    /// files' guess: it is added after them); every module's permissions are `android.permission.<NAME>`.
    static func readAndroidManifests(_ contents: any ArchiveContents, names: [String], kind: BuiltArchive.Kind, into output: inout Output) throws(ArchiveError) {
        let entries = kind == .apk ? names.filter { $0 == "AndroidManifest.xml" }
            : names.filter { $0.hasSuffix("/manifest/AndroidManifest.xml") && $0.split(separator: "/").count == 3 }
                .sorted { ($0.hasPrefix("base/") ? 0 : 1, $0) < ($1.hasPrefix("base/") ? 0 : 1, $1) }
        for entry in entries {
            let location = contents.location(of: entry)
            let bytes = try contents.read(entry)
            do {
                let manifest = kind == .apk ? try BinaryXMLReader.read(bytes, location: location) : try ProtoXMLReader.read(bytes, location: location)
                output.archive.androidManifests.append(manifest)
            } catch {
                output.problems.append(InputProblem(location: location, message: "\(location.path): not a readable manifest: \(error.message)"))
            }
        }
        if let base = output.archive.androidManifests.first, let target = base.targetSdk {
            output.facts.append(Fact(name: ArchiveFacts.targetSDK, value: .number(Double(target)), source: .detected,
                                     evidence: [Evidence(location: base.location, snippet: "targetSdkVersion \(target) (built)")]))
        }
        // The versionCode that ships decides which release note supply uploads (changelogs/<versionCode>.txt).
        if let base = output.archive.androidManifests.first, let code = base.versionCode {
            output.facts.append(Fact(name: ArchiveFacts.versionCode, value: .number(Double(code)), source: .detected,
                                     evidence: [Evidence(location: base.location, snippet: "versionCode \(code) (built)")]))
        }
        readPackagedVersions(contents, names: names, kind: kind, into: &output)
        for manifest in output.archive.androidManifests {
            for permission in manifest.permissions {
                let name = permission.hasPrefix("android.permission.") ? permission : "android.permission." + permission
                output.facts.append(Fact(name: name, value: .bool(true), source: .detected,
                                         evidence: [Evidence(location: manifest.location, snippet: "uses-permission \(permission)")]))
            }
        }
    }

    /// `META-INF/com.android.billingclient_billing.version` (an .apk) or `base/root/META-INF/…` (an .aab): the
    /// group and artifact in the name, the exact version inside (AGP packages one per AndroidX/Play library).
    static func readPackagedVersions(_ contents: any ArchiveContents, names: [String], kind: BuiltArchive.Kind, into output: inout Output) {
        let folder = kind == .aab ? "base/root/META-INF/" : "META-INF/"
        for entry in names where entry.hasPrefix(folder) && entry.hasSuffix(".version") && output.archive.packagedVersions.count < 2000 {
            let file = String(entry.dropFirst(folder.count).dropLast(".version".count))
            guard !file.contains("/"), let cut = file.firstIndex(of: "_"), cut != file.startIndex, file.index(after: cut) != file.endIndex else { continue }
            // Version files are one short line; a large one is not a version file.
            // The declared size is checked before anything is inflated.
            guard let bytes = try? contents.read(entry, limit: contents.limits.maxVersionFileBytes) else { continue }
            let version = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !version.isEmpty, !version.contains(where: { $0.isWhitespace }) else { continue }
            let name = file[..<cut] + ":" + file[file.index(after: cut)...]
            output.archive.packagedVersions.append(Dependency(name: String(name), version: version, location: contents.location(of: entry), ecosystem: .gradle))
        }
    }
}
