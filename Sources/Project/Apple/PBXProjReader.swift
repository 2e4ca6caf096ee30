import Foundation
import Formats

/// Reads a `project.pbxproj` (an old-style plist) into an `XcodeProject`: the object graph is followed
/// from the root object to its targets, their configuration lists and build settings.
public enum PBXProjReader {
    /// `xcconfigs`: the walk's `.xcconfig` files by path, the only ones a configuration's
    /// `baseConfigurationReference` (and their `#include`s) may read.
    public static func read(_ file: ProjectFile, xcconfigs: [String: ProjectFile] = [:]) -> Result<XcodeProject, PlistReadError> {
        if file.size > PlistReader.maxBytes {
            return .failure(PlistReadError(path: file.path, line: nil,
                                           message: "property list of \(file.size) bytes is over the \(PlistReader.maxBytes)-byte limit; skipped"))
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .failure(PlistReadError(path: file.path, line: nil, message: "could not be read"))
        }
        let readXcconfig: @Sendable (String) -> [UInt8]? = { path in
            guard let listed = xcconfigs[path], listed.size <= XcconfigReader.maxBytes,
                  let data = FileManager.default.contents(atPath: listed.absolutePath) else { return nil }
            return [UInt8](data)
        }
        return parse(data, path: file.path).flatMap { project(from: $0, path: file.path, xcconfig: readXcconfig) }
    }

    /// An old-style pbxproj (what Xcode writes, UTF-8) through `OpenStepParser`; anything else (XML, binary)
    /// through Foundation, as other property lists.
    static func parse(_ data: Data, path: String) -> Result<PlistDocument, PlistReadError> {
        let bytes = [UInt8](data)
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "/") else {
            return PlistReader.parse(data, path: path)
        }
        switch OpenStepParser.parse(bytes) {
        case .success(let value):
            return .success(PlistDocument(value: value, bytes: bytes))
        case .failure(let failure):
            return .failure(PlistReadError(path: path, line: failure.line,
                                           message: "not a valid property list: \(failure.message) at line \(failure.line); fix or regenerate the file (Xcode can open it to show the error)"))
        }
    }

    /// `xcconfig` reads a configuration file by its root-relative path (nil: none is read).
    public static func project(from document: PlistDocument, path: String,
                               xcconfig: ((String) -> [UInt8]?)? = nil) -> Result<XcodeProject, PlistReadError> {
        guard let objects = document.value["objects"]?.dictionary else {
            return .failure(PlistReadError(path: path, line: nil, message: "has no `objects` table; not an Xcode project file"))
        }
        let rootID = document.value["rootObject"]?.string
        let root = rootID.flatMap { objects[$0] } ?? objects.values.first { $0["isa"]?.string == "PBXProject" }
        let tree = XcodeFileTree(objects: objects, sourceRoot: sourceRoot(of: path))
        var base = BaseConfigurations(tree: tree, read: xcconfig)
        let projectSettings = settings(ofList: root?["buildConfigurationList"]?.string, objects: objects, base: &base)

        var targets: [XcodeTarget] = []
        let targetIDs = root?["targets"]?.array?.compactMap(\.string)
            ?? objects.keys.sorted().filter { objects[$0]?["isa"]?.string?.hasSuffix("Target") == true }
        let folderOwners = synchronizedFolderOwners(targetIDs, objects: objects)
        for id in targetIDs {
            guard let target = objects[id], let name = target["name"]?.string else { continue }
            // Xcode's order, lowest first: the project's xcconfig, the project's settings, the target's xcconfig,
            // the target's settings (each list is already the xcconfig's values under the pbxproj's own).
            var merged = projectSettings.values
            var origins = projectSettings.origins
            let own = settings(ofList: target["buildConfigurationList"]?.string, objects: objects, base: &base)
            for (configuration, values) in own.values {
                merged[configuration, default: [:]].merge(values) { _, own in own }
                for key in values.keys { origins[configuration]?[key] = nil }
                origins[configuration, default: [:]].merge(own.origins[configuration] ?? [:]) { _, own in own }
            }
            expandConfigurationName(in: &merged)
            let members = members(of: id, objects: objects, tree: tree, folderOwners: folderOwners)
            targets.append(XcodeTarget(name: name, productType: target["productType"]?.string, buildSettings: merged, id: id,
                                       sourceFiles: members.sources, resourceFiles: members.resources,
                                       synchronizedFolders: members.folders,
                                       packageFolders: localPackageFolders(of: id, objects: objects, tree: tree),
                                       xcconfigOrigins: origins))
        }

        let attributes = root?["attributes"]
        let knownTags = attributes?["KnownAssetTags"]?.array?.compactMap(\.string) ?? []
        var buildFileTags: [String] = []
        for id in objects.keys.sorted() {
            guard let object = objects[id], object["isa"]?.string == "PBXBuildFile" else { continue }
            buildFileTags += object["settings"]?["ASSET_TAGS"]?.array?.compactMap(\.string) ?? []
        }

        return .success(XcodeProject(path: path, sourceRoot: sourceRoot(of: path), targets: targets,
                                     knownAssetTags: knownTags, buildFileAssetTags: buildFileTags, document: document))
    }

    /// Folders of the local Swift packages whose products the target links (`packageProductDependencies`):
    /// an `XCLocalSwiftPackageReference`'s `relativePath`, or, for a product without a package reference, the
    /// package folder the project lists under the product's name. Remote packages are dependencies, not here.
    static func localPackageFolders(of id: String, objects: [String: PlistValue], tree: XcodeFileTree) -> [String] {
        var folders: [String] = []
        for productID in objects[id]?["packageProductDependencies"]?.array ?? [] {
            guard let product = productID.string.flatMap({ objects[$0] }) else { continue }
            if let packageID = product["package"]?.string {
                guard let package = objects[packageID], package["isa"]?.string == "XCLocalSwiftPackageReference",
                      let relative = package["relativePath"]?.string,
                      let folder = XcodeFileTree.join(tree.sourceRoot, relative) else { continue }
                folders.append(folder)
            } else if let name = product["productName"]?.string, let folder = tree.packageFolder(named: name) {
                folders.append(folder)
            }
        }
        return Array(Set(folders)).sorted()
    }

    /// Synchronized folder id → the targets that list it in `fileSystemSynchronizedGroups`.
    static func synchronizedFolderOwners(_ targetIDs: [String], objects: [String: PlistValue]) -> [String: Set<String>] {
        var owners: [String: Set<String>] = [:]
        for id in targetIDs {
            for folder in objects[id]?["fileSystemSynchronizedGroups"]?.array ?? [] {
                if let folderID = folder.string { owners[folderID, default: []].insert(id) }
            }
        }
        return owners
    }

    /// What a target builds: the files of its Sources and Resources phases, and its synchronized folders.
    /// An exception set of a synchronized folder names files the folder's own targets leave out, or files
    /// another target takes in from it.
    static func members(of id: String, objects: [String: PlistValue], tree: XcodeFileTree,
                        folderOwners: [String: Set<String>]) -> (sources: [String], resources: [String], folders: [SynchronizedFolder]) {
        var sources: [String] = []
        var resources: [String] = []
        for phaseID in objects[id]?["buildPhases"]?.array ?? [] {
            guard let phase = phaseID.string.flatMap({ objects[$0] }) else { continue }
            let files = (phase["files"]?.array ?? []).compactMap(\.string).flatMap(tree.files(ofBuildFile:))
            switch phase["isa"]?.string {
            case "PBXSourcesBuildPhase": sources += files
            case "PBXResourcesBuildPhase": resources += files
            default: continue
            }
        }
        var folders: [SynchronizedFolder] = []
        for (folderID, owners) in folderOwners.sorted(by: { $0.key < $1.key }) {
            guard let folderPath = tree.path(of: folderID) else { continue }
            var named: Set<String> = []
            for exceptionID in objects[folderID]?["exceptions"]?.array ?? [] {
                guard let exception = exceptionID.string.flatMap({ objects[$0] }), exception["target"]?.string == id else { continue }
                for name in exception["membershipExceptions"]?.array ?? [] {
                    if let name = name.string, let file = XcodeFileTree.join(folderPath, name) { named.insert(file) }
                }
            }
            if owners.contains(id) {
                folders.append(SynchronizedFolder(path: folderPath, excluded: named))
            } else {
                sources += named.sorted()
            }
        }
        return (sources, resources, folders)
    }

    /// `App/App.xcodeproj/project.pbxproj` → `App`.
    static func sourceRoot(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        parts.removeLast()  // project.pbxproj
        if parts.last?.hasSuffix(".xcodeproj") == true { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// The `.xcconfig` files configurations are based on, each read once per project.
    struct BaseConfigurations {
        let tree: XcodeFileTree
        let read: ((String) -> [UInt8]?)?
        var cache: [String: [String: XcconfigSetting]] = [:]

        /// A configuration's base file: a file reference (`baseConfigurationReference`), or, since Xcode 16, a file
        /// inside a synchronized folder (`baseConfigurationReferenceAnchor` + `…RelativePath`, NetNewsWire's shape).
        mutating func settings(of configuration: PlistValue) -> [String: XcconfigSetting] {
            guard let read else { return [:] }
            let path: String?
            if let referenceID = configuration["baseConfigurationReference"]?.string {
                path = tree.path(of: referenceID)
            } else if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
                      let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
                      let folder = tree.path(of: anchor) {
                path = XcodeFileTree.join(folder, relative)
            } else {
                path = nil
            }
            guard let path else { return [:] }
            if let known = cache[path] { return known }
            let found = XcconfigReader.settings(path: path, read: read)
            cache[path] = found
            return found
        }
    }

    /// Per configuration: its settings (the base xcconfig's under the pbxproj's own), and where each setting that
    /// only the xcconfig sets was written.
    private static func settings(ofList id: String?, objects: [String: PlistValue], base: inout BaseConfigurations)
        -> (values: [String: [String: String]], origins: [String: [String: SourceLocation]]) {
        guard let id, let list = objects[id] else { return ([:], [:]) }
        var result: [String: [String: String]] = [:]
        var origins: [String: [String: SourceLocation]] = [:]
        for configurationID in list["buildConfigurations"]?.array?.compactMap(\.string) ?? [] {
            guard let configuration = objects[configurationID], let name = configuration["name"]?.string else { continue }
            var values: [String: String] = [:]
            func setting(_ value: PlistValue) -> String? {
                switch value {
                case .string(let text): return text
                case .array(let items): return items.compactMap(\.string).joined(separator: " ")
                default: return nil
                }
            }
            // Conditional settings (`KEY[sdk=iphoneos*]`) count as the plain key unless that is set too, the first
            // in key order among them. The plain keys first, unsorted (each is its own); only the conditional ones
            // are sorted (sorting every setting of every configuration was a fifth of the project's reading).
            var conditional: [(key: String, value: PlistValue)] = []
            for (rawKey, value) in configuration["buildSettings"]?.dictionary ?? [:] {
                guard !rawKey.utf8.contains(UInt8(ascii: "[")) else {
                    conditional.append((rawKey, value))
                    continue
                }
                if let text = setting(value) { values[rawKey] = text }
            }
            for (rawKey, value) in conditional.sorted(by: { $0.key < $1.key }) {
                let key = String(rawKey.prefix { $0 != "[" })
                if key != rawKey, values[key] != nil { continue }
                if let text = setting(value) { values[key] = text }
            }
            for (key, setting) in base.settings(of: configuration) where values[key] == nil {
                values[key] = setting.value
                origins[name, default: [:]][key] = setting.location
            }
            result[name] = values
        }
        return (result, origins)
    }

    /// Xcode's `CONFIGURATION` setting is the configuration's name, so `INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"`
    /// (flutter_server_box) names Info-Release.plist in Release: each configuration's values say so. Only values with
    /// a `$` are looked at (a configuration's settings are read on every run).
    static func expandConfigurationName(in settings: inout [String: [String: String]]) {
        for (configuration, values) in settings {
            var changed = values
            for (key, value) in values where value.utf8.contains(UInt8(ascii: "$")) {
                let expanded = value.replacingOccurrences(of: "$(CONFIGURATION)", with: configuration)
                    .replacingOccurrences(of: "${CONFIGURATION}", with: configuration)
                if expanded != value { changed[key] = expanded }
            }
            settings[configuration] = changed
        }
    }
}
