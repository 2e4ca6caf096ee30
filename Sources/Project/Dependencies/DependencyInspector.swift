import Support
import Formats

/// Lock files, Gradle declarations and vendored frameworks → `Dependency` values and `sdk.<name>` facts
/// (the version as a string, or `true` when none is known), each with the line that declares it.
///
/// Lock files inside vendored folders (a package's own lock under `node_modules`, `Carthage/Checkouts`)
/// are not the app's and are skipped; `Pods/Manifest.lock` is a copy of `Podfile.lock` and is read only
/// when the Podfile.lock beside the Pods folder is missing. Of several `Package.resolved` or `Podfile.lock`
/// files, only those the app's build uses are read (`LockFilePrecedence`), so `sdk.<name>` and the findings
/// that quote it name the version that ships. Without any `Package.resolved`, the exact pins of the
/// project's `Package.swift` manifests are read instead (`PackageSwiftPinReader`), and for an Xcode project whose
/// own and whose workspace's `Package.resolved` are not committed, the package requirements its project.pbxproj
/// writes (`PBXProjPackageReader`).
public enum DependencyInspector {
    /// `gradleFiles`: the build scripts and catalogs read and parsed before (`GradleFilesInspector`); the others are read here.
    public static func inspect(files: [ProjectFile], root: String, gradleFiles: GradleFilesPart = GradleFilesPart()) -> InspectorOutput<DependenciesPart> {
        var output = InspectorOutput<DependenciesPart>(part: nil)
        var part = DependenciesPart()
        var lines: [String: [Substring]] = [:]
        // Only the Podfile.lock paths are asked for (a set of every path took megabytes of a large tree).
        let paths = Set(files.lazy.filter { $0.fileName == "Podfile.lock" }.map(\.path))
        let hasResolvedFile = files.contains { $0.fileName == "Package.resolved" && !$0.isVendored }

        /// `reportProblems` is false for Gradle files, whose problems the Android inspector already reports.
        func collect(_ file: ProjectFile, reportProblems: Bool = true, _ reader: (String, String) throws(InspectedText.Failure) -> [Dependency]) {
            do {
                let text = try InspectedText.read(file)
                lines[file.path] = text.lineSlices()
                part.dependencies += try reader(text, file.path)
            } catch {
                if reportProblems { output.problems.append(error.problem) }
            }
        }

        for file in LockFilePrecedence.filter(files) {
            switch file.fileName {
            case "Manifest.lock":
                let pods = AndroidInspector.folder(of: file.path)
                guard pods.split(separator: "/").last == "Pods",
                      !paths.contains(AndroidInspector.join(AndroidInspector.folder(of: pods), "Podfile.lock")) else { continue }
                collect(file, PodfileLockReader.read)
            case _ where file.isVendored:
                continue
            case "Podfile.lock": collect(file, PodfileLockReader.read)
            case "Package.resolved": collect(file, PackageResolvedReader.read)
            case "Cartfile.resolved": collect(file, CartfileResolvedReader.read)
            case "pubspec.lock": collect(file, PubspecLockReader.read)
            case "Package.swift" where !hasResolvedFile:
                collect(file) { text, path in PackageSwiftPinReader.read(text, path: path) }
            case "project.pbxproj" where !hasResolved(forProject: file.path, in: files):
                collect(file) { text, path in PBXProjPackageReader.read(text, path: path) }
            case "package-lock.json": collect(file, PackageLockReader.read)
            case "yarn.lock": collect(file, YarnLockReader.read)
            case "build.gradle", "build.gradle.kts":
                if let read = gradleFiles.files[file.path] {
                    // Read and parsed already; a file that could not be read is the Android inspector's to report.
                    guard let script = read.script else { continue }
                    lines[file.path] = read.lines
                    part.dependencies += GradleDependencyReader.read(script: script, path: file.path)
                    continue
                }
                collect(file, reportProblems: false) { text, path in GradleDependencyReader.read(script: GradleScript.parse(text), path: path) }
            case "libs.versions.toml":
                if let read = gradleFiles.files[file.path] {
                    guard case .success = read.text, let catalog = read.catalog else { continue }
                    lines[file.path] = read.lines
                    if case .success(let parsed) = catalog { part.dependencies += GradleDependencyReader.read(catalog: parsed, path: file.path) }
                    continue
                }
                collect(file, reportProblems: false) { text, path throws(InspectedText.Failure) in
                    GradleDependencyReader.read(catalog: try VersionCatalog.parse(text, location: SourceLocation(path: path)), path: path)
                }
            default:
                continue
            }
        }
        // permission_handler's macros: which permissions its iOS code compiles in (PodfilePreprocessorDefinitions).
        var definitions: [Evidence] = []
        var definitionNames: [String] = []
        for file in files where file.fileName == "Podfile" && !file.isVendored {
            guard let text = try? InspectedText.read(file) else { continue }
            for found in PodfilePreprocessorDefinitions.read(text, path: file.path) where !definitionNames.contains(found.definition) {
                definitionNames.append(found.definition)
                definitions.append(Evidence(location: SourceLocation(path: file.path, line: found.line), snippet: String(found.snippet.prefix(200))))
            }
        }
        if !definitionNames.isEmpty {
            output.facts.append(Fact(name: PodfilePreprocessorDefinitions.factName, value: .list(definitionNames), source: .detected,
                                     evidence: definitions))
        }
        part.dependencies += linkedFrameworks(VendoredFrameworkFinder.find(files), files: files)
        // refreshVersions' `_` placeholders, answered by versions.properties (Sources/Project/Android/RefreshVersions.swift).
        part.dependencies = RefreshVersions.resolve(part.dependencies, files: files)

        for dependency in part.dependencies {
            let snippet: String
            if let line = dependency.location.line, let text = lines[dependency.location.path], line >= 1, line <= text.count {
                // Only the head shows; a minified lock file is one line of megabytes, met once per dependency.
                snippet = text[line - 1].drop { $0 == " " || $0 == "\t" }.prefix(400).trimmingBlanks()
            } else {
                snippet = dependency.location.path
            }
            let value: FactValue = dependency.version.map { .string($0) } ?? .bool(true)
            output.facts.append(Fact(name: "sdk." + dependency.name, value: value, source: .detected,
                                     evidence: [Evidence(location: dependency.location, snippet: String(snippet.prefix(200)))]))
        }
        output.part = part
        return output
    }

    /// A framework checked into the tree ships only if something links it: a target's build phase (the pbxproj's
    /// `Name.framework in Frameworks` / `in Embed Frameworks` build file), a podspec's `vendored_frameworks`, or
    /// CocoaPods and Carthage, whose folders are theirs to link. A framework only referenced in a group, or not at
    /// all, is not in the upload: no SDK finding for it. Without an Xcode project in the tree nothing can be told.
    static func linkedFrameworks(_ frameworks: [Dependency], files: [ProjectFile]) -> [Dependency] {
        let loose = frameworks.filter { framework in
            let path = "/" + framework.location.path
            return !(path.contains("/Pods/") || path.contains("/Carthage/") || path.contains("/node_modules/"))
        }
        let linkers = files.filter { file in
            (file.fileName == "project.pbxproj" && !file.isVendored) || file.fileName.hasSuffix(".podspec") || file.fileName.hasSuffix(".podspec.json")
        }
        guard !loose.isEmpty, linkers.contains(where: { $0.fileName == "project.pbxproj" }) else { return frameworks }
        var texts: [String] = []
        for file in linkers.prefix(200) {
            if let text = try? InspectedText.read(file) { texts.append(text) }
        }
        let unlinked = Set(loose.filter { framework in
            let folder = framework.location.path.split(separator: "/").last.map(String.init) ?? framework.location.path
            return !texts.contains { $0.contains("\(folder) in ") || ($0.contains("vendored_frameworks") && $0.contains(folder)) }
        }.map(\.location.path))
        return frameworks.filter { !unlinked.contains($0.location.path) }
    }

    /// Whether Xcode finds a committed `Package.resolved` for the project at `pbxproj`: the project's own
    /// (`X.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/`) or a workspace's beside it.
    static func hasResolved(forProject pbxproj: String, in files: [ProjectFile]) -> Bool {
        let project = AndroidInspector.folder(of: pbxproj)
        let folder = AndroidInspector.folder(of: project)
        let own = AndroidInspector.join(project, "project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        return files.contains { file in
            guard file.fileName == "Package.resolved", !file.isVendored else { return false }
            if file.path == own { return true }
            let parts = file.path.split(separator: "/")
            guard parts.count >= 4, parts[parts.count - 2] == "swiftpm", parts[parts.count - 3] == "xcshareddata",
                  parts[parts.count - 4].hasSuffix(".xcworkspace"), parts[parts.count - 4] != "project.xcworkspace" else { return false }
            return AndroidInspector.folder(of: parts.dropLast(3).joined(separator: "/")) == folder
        }
    }
}