import Foundation
import Support
import Formats

/// Xcode projects whose apps no App Store upload builds. A repository that uploads with fastlane says which
/// archive it sends: the lanes that upload (`upload_to_testflight`, `pilot`, `upload_to_app_store`, `deliver`)
/// archive with `build_app`/`gym`/`build_ios_app`/`build_mac_app` and a scheme, and the scheme's shared file
/// names the Xcode project its app comes from. Another project holding apps of its own — a sample app, a macOS
/// app the team exports as `mac-application` and ships itself — is never uploaded; judged as an app, it gives
/// findings about nothing that ships (ProtonVPN/ios-mac-app: its sampleapps/ and apps/macos/).
///
/// Nothing is left out unless every upload is understood: a lane that uploads without building, a scheme only a
/// run knows (an option no CI invocation passes, an interpolation), a scheme file not found, or an upload outside
/// fastlane (Xcode Cloud's `ci_scripts`, altool, iTMSTransporter, a TestFlight upload action, Codemagic or
/// Bitrise publishing) keeps every project in.
public enum UnuploadedXcodeProjects {
    public struct Result: Sendable, Equatable {
        /// The folders left out, each holding a project with apps that no upload builds; sorted.
        public let folders: [String]
        /// The uploading builds and the schemes they archive.
        public let evidence: [Evidence]
    }

    static let maxBytes = 256 * 1024
    /// Words of an App Store upload that fastlane's lanes do not show (lower-cased).
    static let otherUploads = ["altool", "itmstransporter", "upload-testflight-build", "app_store_connect:", "deploy-to-itunesconnect"]
    typealias Build = FastfileModel.Build

    public static func find(_ files: [ProjectFile]) -> Result? {
        var fastfiles: [ProjectFile] = []
        var schemes: [ProjectFile] = []
        var projects: [String: ProjectFile] = [:]
        var ciFiles: [ProjectFile] = []
        for file in files where !file.isVendored {
            // Most files are none of these: a look at the last bytes of the path passes them over (every walked file is here).
            guard mayBeLookedFor(file.path) || mayBeInCIScripts(file.path) else { continue }
            let name = file.fileName
            if name == "Fastfile" {
                fastfiles.append(file)
            } else if name.hasSuffix(".xcscheme"), file.path.contains("/xcshareddata/xcschemes/") {
                schemes.append(file)
            } else if name == "project.pbxproj", file.path.hasSuffix(".xcodeproj/project.pbxproj") {
                projects[String(file.path.dropLast("/project.pbxproj".count))] = file
            } else if mayBeInCIScripts(file.path), file.path.hasPrefix("ci_scripts/") || file.path.contains("/ci_scripts/") {
                return nil  // Xcode Cloud: its workflows, set in App Store Connect, may archive any scheme
            } else if isCIFile(file) {
                ciFiles.append(file)
            }
        }
        guard projects.count >= 2, !fastfiles.isEmpty else { return nil }
        // The CI files are read only when a lane's option or the final check needs them.
        var ciCache: [String]?
        func ciLines() -> [String] {
            if let ciCache { return ciCache }
            let read = ciFiles.flatMap { MetadataConsumerDetection.Signals.lines($0).map(\.1) }
            ciCache = read
            return read
        }

        var kept: Set<String> = []
        var evidence: [Evidence] = []
        for fastfile in fastfiles {
            let model = FastfileModel(path: fastfile.path, lines: MetadataConsumerDetection.Signals.lines(fastfile))
            let (builds, uploads, assignments) = (model.builds, model.appStoreUploads, model.assignments)
            // Each lane that uploads (itself or through the lanes and helpers it runs) and the builds it runs.
            for lane in model.lanes.sorted() {
                let reached = model.contexts(reachedFrom: lane)
                guard let upload = uploads.first(where: { reached.contains($0.context) }) else { continue }
                let archived = builds.filter { reached.contains($0.context) }
                guard !archived.isEmpty else { return nil }  // uploads an archive built elsewhere
                for build in archived {
                    guard let names = schemeNames(build, lane: lane, assignments: assignments, ci: ciLines), !names.isEmpty,
                          let found = projectsBuilt(by: names, schemes: schemes) else { return nil }
                    kept.formUnion(found)
                    evidence.append(Evidence(location: SourceLocation(path: fastfile.path, line: build.line),
                                             snippet: "\(clip(build.text)) archives scheme \(names.sorted().joined(separator: ", ")) for lane \(lane), which uploads with \(upload.name)"))
                }
            }
            // An upload no lane runs (at the top level) is not understood.
            if uploads.contains(where: { upload in !model.lanes.contains { model.contexts(reachedFrom: $0).contains(upload.context) } }) { return nil }
        }
        guard !kept.isEmpty else { return nil }
        let keptFolders = kept.map(folder(of:))
        let keptBytes = kept.compactMap { projects[$0].flatMap { try? FileBytes.read($0, limit: 64 * 1024 * 1024) } }
        var left: [String] = []
        for (project, pbxproj) in projects where !kept.contains(project) {
            let folder = folder(of: project)
            guard !folder.isEmpty, !keptFolders.contains(where: { TreePath.isInside($0, folder) || $0 == folder }),
                  !keptFolders.contains(where: { TreePath.isInside(folder, $0) }) else { continue }
            // A project the uploaded one includes (a framework's project added to it) is built with it.
            let name = Array((project.split(separator: "/").last ?? "").utf8)
            guard !keptBytes.contains(where: { occurs(name, in: $0) }),
                  let bytes = try? FileBytes.read(pbxproj, limit: 64 * 1024 * 1024),
                  occurs(Array("com.apple.product-type.application".utf8), in: bytes) else { continue }
            left.append(folder)
        }
        guard !left.isEmpty else { return nil }
        // An upload outside fastlane may send the others.
        if ciLines().contains(where: { line in let lower = line.lowercased(); return otherUploads.contains { lower.contains($0) } }) { return nil }
        let folders = Set(left).filter { folder in !left.contains { $0 != folder && TreePath.isInside(folder, $0) } }.sorted()
        return Result(folders: folders, evidence: evidence.sorted())
    }

    /// The last three bytes of the names this looks for: `Fastfile`, `.xcscheme`, `project.pbxproj`, and the CI files of
    /// `isCIFile` (`.yml`, `.yaml`, `Jenkinsfile`, `Makefile`, `.sh`), each packed into an integer.
    static let lookedForEndings: [Int] = ["ile", "eme", "roj", "yml", "aml", ".sh"].map { ending in
        ending.utf8.reduce(0) { $0 << 8 | Int($1) }
    }

    /// Whether `path` may be one of the files looked for, by its last three bytes (a resource's `.xml`, a `.kt` are not).
    static func mayBeLookedFor(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= 3 else { return false }
            let ending = Int(bytes[bytes.count - 3]) << 16 | Int(bytes[bytes.count - 2]) << 8 | Int(bytes[bytes.count - 1])
            return lookedForEndings.contains(ending)
        } ?? true
    }

    /// Whether `path` may lie in a `ci_scripts` folder: it holds `ci_scripts/`, looked for on the bytes.
    static func mayBeInCIScripts(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { StringSearch.occurs("ci_scripts/", in: $0) } ?? true
    }

    /// The schemes a build archives: a literal, or a variable whose every assignment is a literal or the lane's
    /// option that each CI invocation of the lane passes. Nil when any value is unknown.
    static func schemeNames(_ build: Build, lane: String, assignments: [String: [(context: String, value: Substring)]], ci: () -> [String]) -> Set<String>? {
        switch RubyValue.option("scheme", in: build.text) {
        case .literal(let name)?:
            return [name]
        case .unreadable(let code)?:
            let variable = code.trimmingBlanks()
            guard !variable.isEmpty, variable.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }),
                  let values = assignments[variable], !values.isEmpty else { return nil }
            var names: Set<String> = []
            for (context, value) in values {
                if case .literal(let name) = RubyValue.parse(value) { names.insert(name); continue }
                // `options[:scheme]`: what the CI invocations of this lane pass (`fastlane beta scheme:"X"`).
                guard context == build.context, context == lane, let key = optionKey(value),
                      let passed = passedOptions(key, lane: lane, ci: ci()) else { return nil }
                names.formUnion(passed)
            }
            return names
        default:
            return nil
        }
    }

    /// `scheme` of `options[:scheme]`.
    static func optionKey(_ value: Substring) -> String? {
        let trimmed = value.trimmingBlanks()
        guard trimmed.hasPrefix("options[:"), trimmed.hasSuffix("]") else { return nil }
        let key = trimmed.dropFirst("options[:".count).dropLast()
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !key.isEmpty ? String(key) : nil
    }

    /// The values CI passes for `key` to `lane` (`fastlane [ios] lane key:"value"`), nil when none passes one.
    static func passedOptions(_ key: String, lane: String, ci: [String]) -> Set<String>? {
        var values: Set<String> = []
        for line in ci where line.contains("fastlane") && line.contains(lane) {
            var words = line.split(separator: " ")[...]
            guard let start = words.firstIndex(where: { $0 == "fastlane" }) else { continue }
            words = words[(start + 1)...]
            if let first = words.first, ["ios", "mac", "android"].contains(first) { words = words.dropFirst() }
            guard words.first == Substring(lane) else { continue }
            for word in words.dropFirst() where word.hasPrefix(key + ":") {
                let value = word.dropFirst(key.count + 1).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                if !value.isEmpty { values.insert(value) }
            }
        }
        return values.isEmpty ? nil : values
    }

    /// The projects whose apps the shared schemes named archive (`container:` of each `.app` buildable), nil when a
    /// name has no shared scheme file or archives no app.
    static func projectsBuilt(by names: Set<String>, schemes: [ProjectFile]) -> Set<String>? {
        var projects: Set<String> = []
        for name in names {
            let files = schemes.filter { $0.fileName == Substring(name + ".xcscheme") }
            guard !files.isEmpty else { return nil }
            var found = false
            for file in files {
                guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return nil }
                let text = String(decoding: bytes, as: UTF8.self)
                // The folder the scheme's container sits in: `container:` paths are relative to it.
                guard let base = containerFolder(of: file.path) else { return nil }
                for reference in pieces(of: text, after: "<BuildableReference") {
                    let attributes = reference.prefix { $0 != ">" }
                    guard let buildable = attribute("BuildableName", in: attributes), buildable.hasSuffix(".app"),
                          let container = attribute("ReferencedContainer", in: attributes), container.hasPrefix("container:") else { continue }
                    let path = TreePath.join(base, String(container.dropFirst("container:".count)))
                    guard let path, path.hasSuffix(".xcodeproj") else { continue }
                    projects.insert(path)
                    found = true
                }
            }
            if !found { return nil }
        }
        return projects
    }

    /// The text after each occurrence of `marker` up to the next one (`components(separatedBy:)` without its first piece),
    /// found on the bytes: Foundation's split took most of the time of reading a 20 KB scheme.
    static func pieces(of text: String, after marker: String) -> [Substring] {
        var text = text
        var marker = marker
        let starts: [Int] = text.withUTF8 { bytes in
            marker.withUTF8 { needle in
                var found: [Int] = []
                var from = 0
                while from <= bytes.count, let offset = StringSearch.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: bytes[from...])) {
                    found.append(from + offset + needle.count)
                    from += offset + needle.count
                }
                return found
            }
        }
        let utf8 = text.utf8
        return starts.indices.map { k in
            let start = utf8.index(utf8.startIndex, offsetBy: starts[k])
            let end = k + 1 < starts.count ? utf8.index(utf8.startIndex, offsetBy: starts[k + 1] - marker.utf8.count) : utf8.endIndex
            return text[start..<end]
        }
    }

    static func attribute(_ name: String, in text: Substring) -> Substring? {
        guard let start = text.range(of: name + " = \"") ?? text.range(of: name + "=\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.prefix { $0 != "\"" }
    }

    /// `apps/ios` for `apps/ios/iOS.xcodeproj/xcshareddata/xcschemes/X.xcscheme` (and for a workspace's scheme).
    static func containerFolder(of schemePath: String) -> String? {
        let parts = schemePath.split(separator: "/")
        guard let container = parts.lastIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) else { return nil }
        return parts[..<container].joined(separator: "/")
    }

    static func folder(of project: String) -> String {
        project.split(separator: "/").dropLast().joined(separator: "/")
    }

    static func occurs(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { needle in bytes.withUnsafeBufferPointer { StringSearch.occurs(needle, in: $0) } }
    }

    static func isCIFile(_ file: ProjectFile) -> Bool {
        guard file.size <= maxBytes else { return false }
        let name = file.fileName
        if file.path.hasPrefix(".github/workflows/") || file.path.hasPrefix(".gitlab/") || file.path.hasPrefix(".circleci/") {
            return name.hasSuffix(".yml") || name.hasSuffix(".yaml")
        }
        return name == ".gitlab-ci.yml" || name == "codemagic.yaml" || name == "codemagic.yml" || name == "bitrise.yml"
            || name == ".travis.yml" || name == "Jenkinsfile" || name == "Makefile" || name.hasSuffix(".sh")
    }

    static func clip(_ text: String) -> String {
        MetadataConsumerDetection.clip(text.split(separator: "\n").map { $0.trimmingBlanks() }.joined(separator: " "))
    }

    /// What the reports say was left out, and why.
    static func coverage(_ result: Result) -> CoverageGap {
        CoverageGap(.unuploadedApps, subjects: result.folders, evidence: result.evidence)
    }
}
