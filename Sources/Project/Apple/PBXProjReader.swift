import Foundation

/// Reads a `project.pbxproj` (an old-style plist) into an `XcodeProject`: the object graph is followed
/// from the root object to its targets, their configuration lists and build settings.
public enum PBXProjReader {
    public static func read(_ file: ProjectFile) -> Result<XcodeProject, PlistReadError> {
        PlistReader.read(file).flatMap { project(from: $0, path: file.path) }
    }

    public static func project(from document: PlistDocument, path: String) -> Result<XcodeProject, PlistReadError> {
        guard let objects = document.value["objects"]?.dictionary else {
            return .failure(PlistReadError(path: path, line: nil, message: "has no `objects` table; not an Xcode project file"))
        }
        let rootID = document.value["rootObject"]?.string
        let root = rootID.flatMap { objects[$0] } ?? objects.values.first { $0["isa"]?.string == "PBXProject" }
        let projectSettings = settings(ofList: root?["buildConfigurationList"]?.string, objects: objects)

        var targets: [XcodeTarget] = []
        let targetIDs = root?["targets"]?.array?.compactMap(\.string)
            ?? objects.keys.sorted().filter { objects[$0]?["isa"]?.string?.hasSuffix("Target") == true }
        for id in targetIDs {
            guard let target = objects[id], let name = target["name"]?.string else { continue }
            var merged = projectSettings
            for (configuration, values) in settings(ofList: target["buildConfigurationList"]?.string, objects: objects) {
                merged[configuration, default: [:]].merge(values) { _, own in own }
            }
            targets.append(XcodeTarget(name: name, productType: target["productType"]?.string, buildSettings: merged))
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

    /// `App/App.xcodeproj/project.pbxproj` → `App`.
    static func sourceRoot(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        parts.removeLast()  // project.pbxproj
        if parts.last?.hasSuffix(".xcodeproj") == true { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    private static func settings(ofList id: String?, objects: [String: PlistValue]) -> [String: [String: String]] {
        guard let id, let list = objects[id] else { return [:] }
        var result: [String: [String: String]] = [:]
        for configurationID in list["buildConfigurations"]?.array?.compactMap(\.string) ?? [] {
            guard let configuration = objects[configurationID], let name = configuration["name"]?.string else { continue }
            var values: [String: String] = [:]
            // Conditional settings (`KEY[sdk=iphoneos*]`) count as the plain key unless that is set too.
            for (rawKey, value) in (configuration["buildSettings"]?.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
                let key = String(rawKey.prefix { $0 != "[" })
                if key != rawKey, values[key] != nil { continue }
                switch value {
                case .string(let text): values[key] = text
                case .array(let items): values[key] = items.compactMap(\.string).joined(separator: " ")
                default: continue
                }
            }
            result[name] = values
        }
        return result
    }
}
