import Support

/// Resolves the file references of a project.pbxproj to paths relative to the project root, by walking up
/// the group tree (`sourceTree = "<group>"` is relative to the parent group, `SOURCE_ROOT` to the folder
/// holding the `.xcodeproj`). References relative to the SDK, the build folder or an absolute path are not
/// files of the source tree and resolve to nil.
package struct XcodeFileTree {
    private let objects: [String: PlistValue]
    package let sourceRoot: String
    /// Child id → the group listing it.
    private let parents: [String: String]
    /// Folder references (`lastKnownFileType = wrapper`, as Xcode lists a local package) by name.
    private let wrappers: [String: String]
    /// Group id → its path (nil outside the source tree) and how many levels the walk up from it took:
    /// every file of a group asks for the same path, so each group's is found once.
    private let groupPaths: [String: (path: String?, levels: Int)]

    package init(objects: [String: PlistValue], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { parents[childID] = id }
            }
        }
        self.parents = parents
        var groupPaths: [String: (path: String?, levels: Int)] = [:]
        for group in Set(parents.values) {
            var depth = 0
            let path = Self.path(of: group, depth: &depth, objects: objects, parents: parents, sourceRoot: sourceRoot, groupPaths: [:])
            groupPaths[group] = (path, depth)
        }
        self.groupPaths = groupPaths
        var wrappers: [String: String] = [:]
        // The folder references first, then in id order (the first id of a name wins): only they are sorted.
        let folderReferences = objects.compactMap { id, object -> (id: String, name: String)? in
            guard object["isa"]?.string == "PBXFileReference",
                  object["lastKnownFileType"]?.string == "wrapper" || object["lastKnownFileType"]?.string == "folder",
                  let name = object["name"]?.string ?? object["path"]?.string?.split(separator: "/").last.map(String.init) else { return nil }
            return (id, name)
        }
        for (id, name) in folderReferences.sorted(by: { $0.id < $1.id }) where wrappers[name] == nil {
            wrappers[name] = id
        }
        self.wrappers = wrappers
    }

    /// The folder of a local package Xcode lists under `name`.
    package func packageFolder(named name: String) -> String? {
        wrappers[name].flatMap(path(of:))
    }

    /// The project-relative path of a file reference or group, or nil when it lies outside the source tree.
    package func path(of id: String) -> String? {
        var depth = 0
        return path(of: id, depth: &depth)
    }

    private func path(of id: String, depth: inout Int) -> String? {
        Self.path(of: id, depth: &depth, objects: objects, parents: parents, sourceRoot: sourceRoot, groupPaths: groupPaths)
    }

    private static func path(of id: String, depth: inout Int, objects: [String: PlistValue], parents: [String: String], sourceRoot: String,
                             groupPaths: [String: (path: String?, levels: Int)]) -> String? {
        depth += 1
        guard depth < 64, let object = objects[id] else { return nil }  // a cycle or a broken graph
        let own = object["path"]?.string ?? ""
        let base: String
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                let parentPath: String?
                if let known = groupPaths[parent] {
                    // The walk up from the parent takes `levels` more steps, each of which counts to the bound.
                    depth += known.levels
                    parentPath = depth < 64 ? known.path : nil
                } else {
                    parentPath = path(of: parent, depth: &depth, objects: objects, parents: parents, sourceRoot: sourceRoot, groupPaths: groupPaths)
                }
                guard let parentPath else { return nil }
                base = parentPath
            } else {
                base = sourceRoot
            }
        case "SOURCE_ROOT":
            base = sourceRoot
        default:
            return nil
        }
        return Self.join(base, own)
    }

    /// The files a build file stands for: a file reference, or each localisation of a variant group.
    package func files(ofBuildFile id: String) -> [String] {
        guard let reference = objects[id]?["fileRef"]?.string, let object = objects[reference] else { return [] }
        if object["isa"]?.string == "PBXVariantGroup" || object["isa"]?.string == "XCVersionGroup" {
            return (object["children"]?.array ?? []).compactMap { $0.string.flatMap(path(of:)) }
        }
        return path(of: reference).map { [$0] } ?? []
    }

    /// `base` + `relative`, with `.` and `..` folded; nil when `..` climbs above the root.
    package static func join(_ base: String, _ relative: String) -> String? {
        // Nearly every join is of plain paths (no `.`, `..` or doubled slash): those are concatenated as they are.
        if PathComponents.isPlain(base, dots: true), PathComponents.isPlain(relative, dots: false) {
            return base.isEmpty ? relative : relative.isEmpty ? base : base + "/" + relative
        }
        var parts = base.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}

/// A folder an Xcode 16 target compiles as a whole (`PBXFileSystemSynchronizedRootGroup`): every file under
/// it belongs to the target except `excluded` (paths relative to the project root).
public struct SynchronizedFolder: Sendable, Hashable {
    public let path: String
    public let excluded: Set<String>

    public init(path: String, excluded: Set<String> = []) {
        self.path = path
        self.excluded = excluded
    }

    public func contains(_ file: String) -> Bool {
        (path.isEmpty || (file.hasPrefix(path) && file.utf8.dropFirst(path.utf8.count).first == UInt8(ascii: "/")))
            && !excluded.contains(file)
    }
}
