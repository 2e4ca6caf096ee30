import Formats
import Support

/// App targets of an Xcode project that no scheme archives. `xcodebuild archive`, Xcode's Product ▸ Archive,
/// fastlane's gym and Xcode Cloud all archive a scheme, and a scheme's archive builds the entries of its build
/// action marked `buildForArchiving = "YES"` (with what they depend on and embed). A project whose committed
/// schemes archive some of its app targets and never the others holds apps that no upload carries: isowords'
/// App/isowords.xcodeproj has the app `isowords` (its shared scheme archives it) beside nine `*Preview` apps that
/// only run features in the simulator. Judged as apps, those give findings about nothing that ships.
///
/// Only a clear case leaves a target out: a project with two or more top-level apps
/// (`com.apple.product-type.application`) whose schemes archive at least one of them; an app another archived
/// target depends on (a watch app, a helper) stays in, and so does everything when a scheme cannot be read or
/// names a container that cannot be resolved.
public enum UnarchivedAppTargets {
    public struct Result: Sendable, Equatable {
        /// Per pbxproj path, the ids of the app targets left out.
        public let targetIDs: [String: Set<String>]
        /// "App/isowords.xcodeproj: CubeCorePreview", sorted.
        public let subjects: [String]
        /// The scheme entries that archive the apps kept.
        public let evidence: [Evidence]

        /// Whether `target` of the project at `pbxproj` was left out.
        public func contains(_ target: XcodeTarget, of pbxproj: String) -> Bool {
            targetIDs[pbxproj]?.contains(target.id) == true
        }
    }

    static let maxBytes = 256 * 1024
    static let appProductType = "com.apple.product-type.application"

    /// An entry a scheme archives: the `.xcodeproj` it comes from (relative to the root) and the target's id.
    struct Archived: Hashable {
        let project: String
        let targetID: String
        let evidence: Evidence
    }

    public static func find(projects: [XcodeProject], files: [ProjectFile]) -> Result? {
        let candidates = projects.filter { project in project.targets.filter { $0.productType == appProductType }.count >= 2 }
        guard !candidates.isEmpty else { return nil }
        let schemes = files.filter { !$0.isVendored && $0.fileName.hasSuffix(".xcscheme") && isSchemeOfAContainer($0.path) }
        guard !schemes.isEmpty else { return nil }
        var archived: [Archived] = []
        for scheme in schemes {
            // A scheme that cannot be read might archive anything: nothing is left out.
            guard let entries = archivedEntries(scheme) else { return nil }
            archived += entries
        }
        var targetIDs: [String: Set<String>] = [:]
        var subjects: [String] = []
        var evidence: [Evidence] = []
        for project in candidates {
            let xcodeproj = String(project.path.dropLast("/project.pbxproj".count))
            let apps = project.targets.filter { $0.productType == appProductType }
            let named = archived.filter { $0.project == xcodeproj }
            let archivedApps = Set(named.map(\.targetID)).intersection(apps.map(\.id))
            guard !archivedApps.isEmpty else { continue }
            let built = dependencyClosure(of: Set(named.map(\.targetID)), in: project)
            let left = apps.filter { !built.contains($0.id) }
            guard !left.isEmpty else { continue }
            targetIDs[project.path] = Set(left.map(\.id))
            subjects += left.map { "\(xcodeproj): \($0.name)" }
            evidence += named.filter { archivedApps.contains($0.targetID) }.map(\.evidence)
        }
        guard !targetIDs.isEmpty else { return nil }
        return Result(targetIDs: targetIDs, subjects: subjects.sorted(), evidence: Array(Set(evidence)).sorted())
    }

    /// A scheme of a project or workspace, shared or a user's (`X.xcodeproj/xcshareddata/xcschemes/Y.xcscheme`,
    /// `X.xcworkspace/xcuserdata/me.xcuserdatad/xcschemes/Y.xcscheme`); a Swift package's `.swiftpm` schemes build
    /// the package's products, no project's apps.
    static func isSchemeOfAContainer(_ path: String) -> Bool {
        path.contains("/xcschemes/") && UnuploadedXcodeProjects.containerFolder(of: path) != nil
    }

    /// The app entries `scheme` archives (`buildForArchiving = "YES"`), each with the project it names; nil when
    /// the file cannot be read or an archived app's container cannot be resolved to a project in the tree.
    static func archivedEntries(_ scheme: ProjectFile) -> [Archived]? {
        guard let bytes = try? FileBytes.read(scheme, limit: maxBytes),
              let base = UnuploadedXcodeProjects.containerFolder(of: scheme.path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        var entries: [Archived] = []
        var line = 1
        var counted = text.startIndex
        var searchFrom = text.startIndex
        while let start = text.range(of: "<BuildActionEntry", range: searchFrom..<text.endIndex) {
            let end = text.range(of: "</BuildActionEntry>", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
            searchFrom = end
            let entry = text[start.upperBound..<end]
            let attributes = entry.prefix { $0 != ">" }
            guard UnuploadedXcodeProjects.attribute("buildForArchiving", in: attributes) == "YES",
                  let reference = entry.range(of: "<BuildableReference") else { continue }
            let fields = entry[reference.upperBound...].prefix { $0 != ">" }
            guard let buildable = UnuploadedXcodeProjects.attribute("BuildableName", in: fields), buildable.hasSuffix(".app"),
                  let id = UnuploadedXcodeProjects.attribute("BlueprintIdentifier", in: fields) else { continue }
            guard let container = UnuploadedXcodeProjects.attribute("ReferencedContainer", in: fields), container.hasPrefix("container:"),
                  let project = TreePath.join(base, String(container.dropFirst("container:".count))),
                  project.hasSuffix(".xcodeproj") else { return nil }
            line += text[counted..<start.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            counted = start.lowerBound
            entries.append(Archived(project: project, targetID: String(id),
                                    evidence: Evidence(location: SourceLocation(path: scheme.path, line: line),
                                                       snippet: "scheme \(scheme.fileName.dropLast(".xcscheme".count)) archives \(buildable)")))
        }
        return entries
    }

    /// `roots` and every target they depend on, directly or through others (PBXTargetDependency), in `project`.
    static func dependencyClosure(of roots: Set<String>, in project: XcodeProject) -> Set<String> {
        guard let objects = project.document.value["objects"]?.dictionary else { return roots }
        var seen = roots
        var queue = Array(roots)
        while let id = queue.popLast() {
            for dependency in objects[id]?["dependencies"]?.array?.compactMap(\.string) ?? [] {
                guard let target = objects[dependency]?["target"]?.string, !seen.contains(target) else { continue }
                seen.insert(target)
                queue.append(target)
            }
        }
        return seen
    }

    /// What the reports say was left out, and why.
    static func coverage(_ result: Result) -> CoverageGap {
        CoverageGap(.unarchivedAppTargets, subjects: result.subjects, evidence: result.evidence)
    }
}
