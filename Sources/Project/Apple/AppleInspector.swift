import Foundation
import Support
import Formats

/// Reads the Apple side of a project: Xcode projects (targets, build settings, On-Demand Resources tags),
/// Info.plists (files and generated keys), InfoPlist.strings, entitlements, privacy manifests,
/// ContentInfo.plist and asset catalogs. Every file that cannot be read becomes an `InputProblem`; the rest goes on.
///
/// Facts it states (names are public: checklists use them):
/// - `apple.project`: an Xcode project exists (evidence: its project.pbxproj).
/// - `iap.hosted_content`: Apple-hosted in-app purchase content (an `in-app-purchase-content` target, a ContentInfo.plist).
/// - `odr.used`: On-Demand Resources (KnownAssetTags, ASSET_TAGS, ODR build settings other than
///   `ENABLE_ON_DEMAND_RESOURCES`, asset catalog `on-demand-resource-tags`).
/// - `purpose.<Key>.declared`: a non-empty purpose string `<Key>` in an app (non-test) Info.plist or generated keys.
/// - `privacy_manifest.app`: the app has its own PrivacyInfo.xcprivacy.
/// - `entitlement.<key>`: an entitlement set in a `.entitlements` file (true, or the value's presence).
/// - `apple.ci_xcode_version`: the lowest Xcode an uploading CI configuration selects (CIXcodeSelection).
/// - `apple.deployment_target`: the lowest IPHONEOS_DEPLOYMENT_TARGET of an iOS application target's release
///   configuration (a number such as 12.4; evidence: the setting in the project).
/// - `apple.runs_on_ipad` / `apple.ipad_only`: an application target's release TARGETED_DEVICE_FAMILY contains 2
///   (iPad) / every application target's is exactly 2; for the App Store screenshot sets each needs.
public enum AppleInspector {
    /// ODR build settings that mean tags are in use; `ENABLE_ON_DEMAND_RESOURCES` is the default and means nothing.
    static let onDemandSettings = ["ON_DEMAND_RESOURCES_INITIAL_INSTALL_TAGS", "ON_DEMAND_RESOURCES_PREFETCH_ORDER",
                                   "EMBED_ASSET_PACKS_IN_PRODUCT_BUNDLE"]
    static let hostedContentProductType = "com.apple.product-type.in-app-purchase-content"

    /// `xcode`: the Xcode projects already read (the project inspector reads them first, for the source
    /// scan's target membership); read here when nil.
    public static func inspect(files: [ProjectFile], root: String, xcode: XcodeProjects? = nil) -> InspectorOutput<ApplePart> {
        var output = InspectorOutput<ApplePart>(part: nil)
        var part = ApplePart()
        let xcode = xcode ?? XcodeProjects.read(files: files)
        let projects = xcode.projects
        output.problems += xcode.problems
        var plistFiles: [(file: ProjectFile, document: PlistDocument)] = []
        var stringsFiles: [(file: ProjectFile, language: String, document: PlistDocument)] = []

        // Each file is read and parsed on its own (a work queue over the cores); the results are then
        // taken in path order, so the model is the same on every run.
        // A plist a target's release configuration names as its Info.plist is one, whatever its name
        // (flutter_server_box's `Info-$(CONFIGURATION).plist` gives Info-Release.plist).
        let releasePlists = Set(projects.flatMap { project in
            project.targets.compactMap { $0.releaseSettings["INFOPLIST_FILE"].flatMap(project.resolve) }
        })
        let work = files.compactMap { file -> (file: ProjectFile, kind: AppleFileKind)? in
            guard let kind = AppleFileKind(file)
                    ?? (!releasePlists.isEmpty && file.fileName.hasSuffix(".plist") && releasePlists.contains(file.path) ? .infoPlist : nil),
                  kind == .privacyManifest || (!file.isVendored && kind != .pbxproj) else { return nil }
            return (file, kind)
        }.sorted { $0.file.path < $1.file.path }
        let readings = ConcurrentMap.map(count: work.count) { index in read(work[index].file, as: work[index].kind) }
        for (index, reading) in readings.enumerated() {
            let file = work[index].file
            switch reading {
            case .privacyManifest(let manifest):
                part.privacyManifests.append(manifest)
                if let error = manifest.parseError { output.problems.append(error.problem) }
            case .infoPlist(let document):
                plistFiles.append((file, document))
            case .infoPlistStrings(let language, let document):
                stringsFiles.append((file, language, document))
            case .facts(let facts):
                output.facts += facts
            case .problem(let error):
                output.problems.append(error.problem)
            case .nothing:
                break
            }
        }

        var owners: [String: (target: String, productType: String?)] = [:]
        for project in projects {
            output.facts.append(detected("apple.project", Evidence(location: SourceLocation(path: project.path), snippet: project.path)))
            output.facts += projectFacts(project)
            let settingLines = project.document.firstLines(ofWordsAfter: generatedKeyPrefix)
            for target in project.targets {
                for setting in target.values(of: "INFOPLIST_FILE") {
                    if let path = project.resolve(setting) { owners[path] = (target.name, target.productType) }
                }
                if let generated = generatedInfoPlist(target, in: project, settingLines: settingLines) { part.infoPlists.append(generated) }
            }
        }

        for (file, document) in plistFiles {
            let owner = owners[file.path]
            part.infoPlists.append(InfoPlistFile(location: SourceLocation(path: file.path), document: document, target: owner?.target,
                                                 productType: owner?.productType))
        }

        output.facts += CIXcodeSelection.facts(files: files)
        // XcodeGen and Tuist specs: the Info.plist keys their targets generate (read, never run).
        let specs = ProjectSpecInspector.inspect(files: files, hasXcodeProject: !projects.isEmpty)
        part.infoPlists += specs.plists
        output.facts += specs.facts
        output.coverage += ProjectSpecInspector.coverage(specs.facts)
        output.problems += specs.problems
        part.privacyManifests += specs.manifests
        part.specStores = specs.stores

        part.infoPlists = attach(stringsFiles, to: part.infoPlists)
        output.facts += purposeFacts(part.infoPlists)
        part.bundles = projects.isEmpty
            ? specs.targets.flatMap { AppleBundles.find(specTargets: $0.targets, specPath: $0.spec, files: files) }
            : AppleBundles.find(projects: projects, files: files)
        // With an Xcode project, the app's manifest is one an app target ships in its resources; a file on disk that
        // no target holds is not in the upload.
        // A project whose targets list no file at all (no build phase, no synchronized folder) says nothing of membership.
        let shipped = Set(part.bundles.filter { $0.kind == .app }.flatMap(\.privacyManifests))
        let membershipKnown = part.bundles.contains { !($0.files ?? []).isEmpty }
        if let manifest = part.privacyManifests.first(where: { $0.isAppOwned && (!membershipKnown || shipped.contains($0.location.path)) }) {
            output.facts.append(detected("privacy_manifest.app", Evidence(location: manifest.location, snippet: manifest.location.path)))
        }
        output.facts += bundleFacts(part.bundles, files: files, plists: part.infoPlists, manifests: part.privacyManifests)
        output.part = part
        return output
    }

    /// `apple.bundles` (the names) and `apple.bundle.<Name>` (its kind, with its files) from the Xcode
    /// projects; without one, a note that the app is taken as one bundle, when the tree looks like an app.
    static func bundleFacts(_ bundles: [AppleBundle], files: [ProjectFile], plists: [InfoPlistFile],
                            manifests: [PrivacyManifestFile]) -> [Fact] {
        guard bundles.isEmpty else {
            var facts = [Fact(name: "apple.bundles", value: .list(bundles.map(\.name)), source: .detected, evidence: bundles.map {
                Evidence(location: $0.location, snippet: "\($0.name): \($0.kind.rawValue), from \($0.location.path.hasSuffix(".yml") ? $0.location.path : "the Xcode project")")
            })]
            for bundle in bundles {
                var evidence = [Evidence(location: bundle.location, snippet: "\(bundle.productType ?? "?"), \(bundle.files?.count ?? 0) files")]
                evidence.append(Evidence(location: bundle.location, snippet: bundle.privacyManifests.isEmpty
                    ? "privacy manifest: none of its own" : "privacy manifest: \(bundle.privacyManifests.joined(separator: ", "))"))
                if let plist = bundle.infoPlist { evidence.append(Evidence(location: bundle.location, snippet: "Info.plist: \(plist)")) }
                if !bundle.generatedInfoPlistKeys.isEmpty {
                    evidence.append(Evidence(location: bundle.location,
                                             snippet: "generated Info.plist keys: \(bundle.generatedInfoPlistKeys.joined(separator: ", "))"))
                }
                if let entitlements = bundle.entitlements {
                    evidence.append(Evidence(location: bundle.location, snippet: "entitlements: \(entitlements)"))
                }
                facts.append(Fact(name: "apple.bundle.\(bundle.name)", value: .string(bundle.kind.rawValue), source: .detected, evidence: evidence))
            }
            return facts
        }
        // No Xcode project: XcodeGen, Tuist and SwiftPM describe targets in files shipcheck does not evaluate.
        let generators = files.filter { !$0.isVendored && ["project.yml", "Project.swift", "Package.swift"].contains(String($0.fileName)) }
        let appManifests = manifests.filter(\.isAppOwned)
        // The shallowest file says best where the app lives (not an extension's Info.plist deeper down).
        func shallowest(_ paths: [String]) -> String? {
            paths.min { ($0.utf8.filter { $0 == UInt8(ascii: "/") }.count, $0) < ($1.utf8.filter { $0 == UInt8(ascii: "/") }.count, $1) }
        }
        guard let anchor = shallowest(generators.map(\.path)) ?? shallowest(plists.filter { !$0.isTestBundle }.map(\.location.path))
            ?? shallowest(appManifests.map(\.location.path)) else { return [] }
        let how = generators.isEmpty ? "no Xcode project"
            : "no Xcode project (targets described in \(anchor), of which shipcheck reads only the Info.plist keys and settings)"
        return [Fact(name: "apple.bundles", value: .list(["app"]), source: .detected, evidence: [
            Evidence(location: SourceLocation(path: anchor),
                     snippet: "\(how): the app is taken as one bundle by folder convention; every shipping source file and app-owned privacy manifest counts as its own"),
        ])]
    }

    /// What one file gave, read on a worker.
    enum Reading: Sendable {
        case privacyManifest(PrivacyManifestFile)
        case infoPlist(PlistDocument)
        case infoPlistStrings(language: String, PlistDocument)
        case facts([Fact])
        case problem(PlistReadError)
        case nothing
    }

    static func read(_ file: ProjectFile, as kind: AppleFileKind) -> Reading {
        switch kind {
        case .privacyManifest:
            return .privacyManifest(privacyManifest(file))
        case .pbxproj:
            return .nothing  // read by `XcodeProjects`
        case .infoPlist:
            switch PlistReader.read(file) {
            case .success(let document): return .infoPlist(document)
            case .failure(let error): return .problem(error)
            }
        case .infoPlistStrings(let language):
            switch PlistReader.readStrings(file) {
            case .success(let document): return .infoPlistStrings(language: language, document)
            case .failure(let error): return .problem(error)
            }
        case .entitlements:
            switch PlistReader.read(file) {
            case .success(let document): return .facts(entitlementFacts(document, path: file.path))
            case .failure(let error): return .problem(error)
            }
        case .contentInfo:
            switch PlistReader.read(file) {
            case .success(let document):
                return .facts(ContentInfoReader.evidence(in: document, path: file.path).map { [detected("iap.hosted_content", $0)] } ?? [])
            case .failure(let error): return .problem(error)
            }
        case .assetCatalogContents:
            switch AssetCatalogReader.evidence(file) {
            case .success(let evidence?): return .facts([detected("odr.used", evidence)])
            case .success(nil): return .nothing
            case .failure(let error): return .problem(error)
            }
        }
    }

    static func detected(_ name: String, _ evidence: Evidence) -> Fact {
        Fact(name: name, value: .bool(true), source: .detected, evidence: [evidence])
    }

    /// One parse: the manifest, or why it is not one (also reported as a problem).
    static func privacyManifest(_ file: ProjectFile) -> PrivacyManifestFile {
        let sdk = SDKOwnership.sdkName(forPath: file.path)
        let owned = sdk == nil && !file.isVendored
        switch PlistReader.read(file) {
        case .success(let document):
            return PrivacyManifestFile(location: SourceLocation(path: file.path), isAppOwned: owned, sdkName: sdk, document: document)
        case .failure(let error):
            return PrivacyManifestFile(location: SourceLocation(path: file.path), isAppOwned: owned, sdkName: sdk, parseError: error)
        }
    }

    static func entitlementFacts(_ document: PlistDocument, path: String) -> [Fact] {
        let written = document.keyLines()
        return (document.value.dictionary ?? [:]).sorted(by: { $0.key < $1.key }).compactMap { key, value in
            guard value.bool != false else { return nil }
            return detected("entitlement.\(key)", Evidence(location: SourceLocation(path: path, line: written[key]), snippet: key))
        }
    }

    /// TARGETED_DEVICE_FAMILY of the application targets (1 iPhone, 2 iPad; Xcode's default when unset is 1).
    static func deviceFamilyFacts(_ project: XcodeProject) -> [Fact] {
        let apps = project.targets.filter { $0.productType == "com.apple.product-type.application" }
        let families = apps.map { target in
            (target.name, target.releaseSettings["TARGETED_DEVICE_FAMILY"] ?? "1")
        }
        func members(_ value: String) -> Set<String> {
            Set(value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\"" }).map(String.init))
        }
        var facts: [Fact] = []
        if let ipad = families.first(where: { members($0.1).contains("2") }) {
            let written = project.location(of: "TARGETED_DEVICE_FAMILY = \(ipad.1)")
            let location = written.line == nil ? project.location(of: "TARGETED_DEVICE_FAMILY") : written
            let evidence = Evidence(location: location, snippet: "\(ipad.0): TARGETED_DEVICE_FAMILY = \(ipad.1)")
            facts.append(Fact(name: "apple.runs_on_ipad", value: .bool(true), source: .detected, evidence: [evidence]))
            if families.allSatisfy({ members($0.1) == ["2"] }) {
                facts.append(Fact(name: "apple.ipad_only", value: .bool(true), source: .detected, evidence: [evidence]))
            }
        }
        return facts
    }

    /// Ids of the targets whose product a copy-files phase of the project embeds (`Embed Watch Content`,
    /// `Embed App Extensions`): PBXCopyFilesBuildPhase → PBXBuildFile.fileRef → the target's productReference.
    static func embeddedProducts(_ project: XcodeProject) -> Set<String> {
        guard let objects = project.document.value["objects"]?.dictionary else { return [] }
        var copied: Set<String> = []
        for (_, object) in objects where object["isa"]?.string == "PBXCopyFilesBuildPhase" {
            for file in object["files"]?.array ?? [] {
                if let id = file.string, let ref = objects[id]?["fileRef"]?.string { copied.insert(ref) }
            }
        }
        var targets: Set<String> = []
        for (id, object) in objects where object["isa"]?.string == "PBXNativeTarget" {
            if let product = object["productReference"]?.string, copied.contains(product) { targets.insert(id) }
        }
        return targets
    }

    /// Hosted content targets and On-Demand Resources settings and tags of one project.
    static func projectFacts(_ project: XcodeProject) -> [Fact] {
        var facts: [Fact] = []
        for target in project.targets where target.productType == hostedContentProductType {
            facts.append(detected("iap.hosted_content", Evidence(location: project.location(of: hostedContentProductType),
                                                                 snippet: "\(target.name): productType = \(hostedContentProductType)")))
        }
        if !project.knownAssetTags.isEmpty {
            facts.append(detected("odr.used", Evidence(location: project.location(of: "KnownAssetTags"),
                                                       snippet: "KnownAssetTags = (\(project.knownAssetTags.joined(separator: ", ")))")))
        }
        if !project.buildFileAssetTags.isEmpty {
            facts.append(detected("odr.used", Evidence(location: project.location(of: "ASSET_TAGS"),
                                                       snippet: "ASSET_TAGS = (\(project.buildFileAssetTags.joined(separator: ", ")))")))
        }
        // The lowest iOS deployment target among application targets (an extension cannot be lower than its app).
        // An application target whose product another target embeds (a watch app container in Embed Watch
        // Content) is not the app people install: its iOS setting is not the app's minimum.
        let embedded = embeddedProducts(project)
        let deployments = project.targets.filter { $0.productType == "com.apple.product-type.application" && !embedded.contains($0.id) }
            .compactMap { target -> (name: String, value: String, number: Double, origin: SourceLocation?, through: [String])? in
            // Xcode expands a value that names another setting (`$(DEPLOYMENT_TARGET)`): the number is that one's.
            guard let (value, through) = target.releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET"), let number = Double(value) else { return nil }
            // Set by the configuration's base .xcconfig (or a file it includes) rather than the pbxproj: that line.
            let setter = through.last ?? "IPHONEOS_DEPLOYMENT_TARGET"
            let origin = target.releaseConfigurationName.flatMap { target.xcconfigOrigins[$0]?[setter] }
            return (target.name, value, number, origin, through)
        }
        if let lowest = deployments.min(by: { $0.number < $1.number }) {
            let setter = lowest.through.last ?? "IPHONEOS_DEPLOYMENT_TARGET"
            // A setting named through a reference is found at its own line (a tab before it: not the end of a longer name).
            let written = project.location(of: lowest.through.isEmpty ? "IPHONEOS_DEPLOYMENT_TARGET = \(lowest.value)" : "\t\(setter) = \(lowest.value)")
            let location = lowest.origin ?? (written.line == nil ? project.location(of: "IPHONEOS_DEPLOYMENT_TARGET") : written)
            let via = lowest.through.map { " = $(\($0))" }.joined()
            facts.append(Fact(name: "apple.deployment_target", value: .number(lowest.number), source: .detected,
                              evidence: [Evidence(location: location, snippet: "\(lowest.name): IPHONEOS_DEPLOYMENT_TARGET\(via) = \(lowest.value)")]))
        }
        facts += deviceFamilyFacts(project)
        for target in project.targets {
            for setting in onDemandSettings {
                guard let value = target.values(of: setting).first(where: { !$0.isEmpty && $0 != "NO" }) else { continue }
                facts.append(detected("odr.used", Evidence(location: project.location(of: setting),
                                                           snippet: "\(target.name): \(setting) = \(value)")))
            }
        }
        return facts
    }

    static let generatedKeyPrefix = "INFOPLIST_KEY_"

    /// The Info.plist keys Xcode generates for a target from `INFOPLIST_KEY_*` settings. `settingLines`: each
    /// word written after `INFOPLIST_KEY_` in the pbxproj and its first line (read once per project).
    static func generatedInfoPlist(_ target: XcodeTarget, in project: XcodeProject, settingLines: [String: Int]) -> InfoPlistFile? {
        let prefix = generatedKeyPrefix
        let settings = target.settings(withPrefix: prefix)
        let generates = target.values(of: "GENERATE_INFOPLIST_FILE").contains("YES")
        guard generates || !settings.isEmpty else { return nil }
        var strings: [String: String] = [:]
        var lines: [String: Int] = [:]
        for (setting, value) in settings {
            let key = String(setting.dropFirst(prefix.count))
            strings[key] = value
            // The first line containing the setting's name: the first of the words that start with the key.
            lines[key] = settingLines.lazy.filter { $0.key.hasPrefix(key) }.map(\.value).min()
        }
        let anchor = project.document.line(containing: "GENERATE_INFOPLIST_FILE") ?? lines.values.min()
        return InfoPlistFile(location: SourceLocation(path: project.path, line: anchor), target: target.name, strings: strings,
                             keyLines: lines, isGenerated: true, productType: target.productType)
    }

    /// Gives each `<lang>.lproj/InfoPlist.strings` to the Info.plist it translates: the one whose folder
    /// shares the longest path with the `.lproj`'s folder (else a single generated app plist).
    static func attach(_ stringsFiles: [(file: ProjectFile, language: String, document: PlistDocument)],
                       to plists: [InfoPlistFile]) -> [InfoPlistFile] {
        // Each plist's folder, split once (not once per strings file).
        let candidates = plists.indices.filter { !plists[$0].isGenerated && !plists[$0].isTestBundle }.map { index in
            (index: index, folder: Array(plists[index].location.path.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") }))
        }
        let generated = plists.indices.filter { plists[$0].isGenerated && !plists[$0].isTestBundle }
        var byPlist: [Int: [InfoPlistStrings]] = [:]
        for (file, language, document) in stringsFiles {
            let (strings, lines) = InfoPlistFile.scalars(of: document)
            let localized = InfoPlistStrings(location: SourceLocation(path: file.path), language: language, strings: strings, keyLines: lines)
            let folder = Array(file.path.split(separator: "/").dropLast(2))
            var best: (index: Int, score: Int)?
            for candidate in candidates {
                let score = zip(folder, candidate.folder).prefix { $0 == $1 }.count
                if score > (best?.score ?? (folder.isEmpty && candidate.folder.isEmpty ? -1 : 0)) { best = (candidate.index, score) }
            }
            if best == nil, generated.count == 1 { best = (generated[0], 0) }
            if let best { byPlist[best.index, default: []].append(localized) }
        }
        return plists.enumerated().map { index, plist in
            byPlist[index].map { plist.adding(localizations: $0) } ?? plist
        }
    }

    static func purposeFacts(_ plists: [InfoPlistFile]) -> [Fact] {
        var facts: [Fact] = []
        for plist in plists where !plist.isTestBundle {
            for (key, value) in plist.strings.sorted(by: { $0.key < $1.key }) where key.hasSuffix("UsageDescription") {
                guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
                facts.append(detected("purpose.\(key).declared", Evidence(location: plist.location(ofKey: key), snippet: "\(key) = \(value)")))
            }
        }
        return facts
    }
}

/// The Xcode projects of a tree (outside dependency folders), each read once, in path order.
public struct XcodeProjects: Sendable {
    public let projects: [XcodeProject]
    public let problems: [InputProblem]

    public init(projects: [XcodeProject] = [], problems: [InputProblem] = []) {
        self.projects = projects
        self.problems = problems
    }

    public static func read(files: [ProjectFile]) -> XcodeProjects {
        let pbxprojs = files.filter { !$0.isVendored && AppleFileKind($0) == .pbxproj }.sorted { $0.path < $1.path }
        // The configuration files a project's configurations are based on: any listed file (a vendored one too,
        // as CocoaPods' Pods-*.xcconfig are), looked up by path; nothing else is read.
        var listed: [String: ProjectFile] = [:]
        for file in files where file.path.hasSuffix(".xcconfig") { listed[file.path] = file }
        let xcconfigs = listed
        let results = ConcurrentMap.map(count: pbxprojs.count) { PBXProjReader.read(pbxprojs[$0], xcconfigs: xcconfigs) }
        var projects: [XcodeProject] = []
        var problems: [InputProblem] = []
        for result in results {
            switch result {
            case .success(let project): projects.append(project)
            case .failure(let error): problems.append(error.problem)
            }
        }
        return XcodeProjects(projects: projects, problems: problems)
    }

    /// The same projects without the app targets `result` leaves out.
    func leavingOut(_ result: UnarchivedAppTargets.Result) -> XcodeProjects {
        XcodeProjects(projects: projects.map { project in
            guard result.targetIDs[project.path] != nil else { return project }
            return XcodeProject(path: project.path, sourceRoot: project.sourceRoot,
                                targets: project.targets.filter { !result.contains($0, of: project.path) },
                                knownAssetTags: project.knownAssetTags, buildFileAssetTags: project.buildFileAssetTags,
                                document: project.document)
        }, problems: problems)
    }
}
