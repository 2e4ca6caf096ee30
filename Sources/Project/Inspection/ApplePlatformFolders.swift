import Support

/// Folders of another platform's build, whose Swift, Objective-C, C, C++ and Rust code no Apple bundle compiles,
/// and the Gradle modules that do build for Apple, so that desktop or Android native code is not evidence
/// against an iOS app of the same repository (a Kotlin Multiplatform app whose desktop module builds
/// Objective-C for the JVM app, an Android module that builds a Rust agent with cargo).
///
/// The rule, by how each build decides what it compiles:
/// - A Gradle module (a folder with `build.gradle` or `build.gradle.kts`, not the build's root, which holds
///   `settings.gradle`) compiles for Apple only when it declares an Apple target: a Kotlin Multiplatform
///   `iosArm64()`/`macosX64()`/`apple…` target, a cinterop, CocoaPods or XCFramework setup, an
///   `…-apple-ios` Rust target, or an Apple source set (`src/iosMain`, `src/appleMain`, `src/nativeMain`)
///   when a convention plugin declares the targets. Any such word, even in a comment, counts: the
///   rule errs towards keeping evidence.
/// - Flutter's desktop runners (`linux/` and `windows/` beside a `pubspec.yaml`) build only those desktop apps.
/// - A Rust crate outside every module that only crates of other platforms' folders depend on (Cargo's
///   `path = "…"` dependencies) is built only for them: keyguard-app's commonAgent/, which its Android and
///   desktop agents share. A crate nothing in the tree depends on stays in (a build step may link it).
/// A file's nearest module decides; a file a shipping Xcode target compiles ships whatever its folder
/// (`ShippingScope.ships`).
public enum ApplePlatformFolders {
    /// Identifier beginnings in a build script that mean an Apple target (lower-cased).
    static let appleWords = ["ios", "macos", "tvos", "watchos", "visionos", "apple", "darwin", "cinterop",
                             "cocoapods", "xcframework", "xcode"]
    /// KMP source-set name beginnings that only Apple (or all native) targets compile.
    static let appleSourceSets = ["ios", "macos", "tvos", "watchos", "apple", "darwin", "native"]
    /// Flutter's desktop runner folders, beside the app's pubspec.yaml.
    static let flutterDesktopRunners = ["linux", "windows"]
    /// A build script larger than this is read only this far.
    static let maxScriptBytes = 512 * 1024

    /// The folders of another platform's build, and the Gradle modules that build for Apple (which keep
    /// their code when a folder above them is another platform's).
    public struct Folders: Sendable, Equatable {
        public var foreign: Set<String> = []
        public var apple: Set<String> = []

        public init(foreign: Set<String> = [], apple: Set<String> = []) {
            self.foreign = foreign
            self.apple = apple
        }

        /// Whether `folder`'s nearest classified folder (itself or one above) is another platform's (true), an
        /// Apple module (false), or none is (nil).
        public func isOtherPlatforms(_ folder: String) -> Bool? {
            var current = Substring(folder)
            while true {
                if apple.contains(String(current)) { return false }
                if foreign.contains(String(current)) { return true }
                guard let slash = current.lastIndex(of: "/") else { return nil }
                current = current[..<slash]
            }
        }
    }

    /// Reads the build scripts among `files` (their bytes only, capped).
    public static func find(files: [ProjectFile]) -> Folders {
        var scripts: [String: ProjectFile] = [:]
        var gradleRoots: Set<String> = []
        var pubspecs: Set<String> = []
        var sourceSets: [Substring: Set<Substring>] = [:]
        var crates: [String: ProjectFile] = [:]
        for file in files where !file.isVendored {
            // The names below end in `e`, `s` or `l`: other files are passed over before comparing their names.
            guard let last = file.path.utf8.last, last == UInt8(ascii: "e") || last == UInt8(ascii: "s") || last == UInt8(ascii: "l") else { continue }
            // The parent folder only for the four names (a copy of every file's folder was a visible cost).
            switch file.fileName {
            case "build.gradle", "build.gradle.kts": scripts[parent(file.path)] = file
            case "settings.gradle", "settings.gradle.kts": gradleRoots.insert(parent(file.path))
            case "pubspec.yaml": pubspecs.insert(parent(file.path))
            case "Cargo.toml": crates[parent(file.path)] = file
            default: break
            }
        }
        var result = Folders()
        for folder in pubspecs {
            for runner in flutterDesktopRunners { result.foreign.insert(join(folder, runner)) }
        }
        let modules = Set(scripts.keys).subtracting(gradleRoots).subtracting([""])
        if !modules.isEmpty {
            // The source sets under each module's src/ (`src/iosMain/...`). The modules are looked up as substrings of the
            // paths: a new string of every file's module folder was most of this loop.
            let moduleFolders = Set(modules.map { Substring($0) })
            for file in files where !file.isVendored {
                guard let range = file.path.utf8Range(of: "/src/") else { continue }
                let module = file.path[..<range.lowerBound]
                guard moduleFolders.contains(module) else { continue }
                let rest = file.path[range.upperBound...]
                guard let slash = rest.firstIndex(of: "/") else { continue }
                // Each name once: a module's source files are thousands, its source sets a few.
                sourceSets[module, default: []].insert(rest[..<slash])
            }
        }
        for module in modules.sorted() {
            guard let script = scripts[module] else { continue }
            let sets = sourceSets[module[...]] ?? []
            if sets.contains(where: { set in
                let lower = set.lowercased()
                return appleSourceSets.contains { lower.hasPrefix($0) }
            }) {
                result.apple.insert(module)
                continue
            }
            guard let bytes = try? FileBytes.read(script, limit: maxScriptBytes) else {
                result.apple.insert(module)  // unread: no opinion, as before
                continue
            }
            if declaresAppleTarget(bytes) { result.apple.insert(module) } else { result.foreign.insert(module) }
        }
        // Each Cargo.toml read once, for both rules on crates.
        let manifests = crates.compactMapValues { try? FileBytes.read($0, limit: maxScriptBytes) }
        addCratesNoLinkableLibraryBuilds(manifests, to: &result)
        addCratesOnlyOtherPlatformsUse(manifests, to: &result)
        return result
    }

    /// Crates no module holds whose every dependent crate (in the tree) is another platform's, to a fixed point.
    /// `crates`: each crate's folder and its Cargo.toml's bytes.
    static func addCratesOnlyOtherPlatformsUse(_ crates: [String: [UInt8]], to result: inout Folders) {
        guard !result.foreign.isEmpty, !crates.isEmpty else { return }
        var dependents: [String: Set<String>] = [:]
        for (folder, bytes) in crates {
            for path in pathValues(bytes) {
                guard let target = resolve(path, from: folder), target != folder, crates[target] != nil else { continue }
                dependents[target, default: []].insert(folder)
            }
        }
        var changed = true
        while changed {
            changed = false
            for folder in crates.keys.sorted() where result.isOtherPlatforms(folder) == nil {
                guard let users = dependents[folder], !users.isEmpty,
                      users.allSatisfy({ result.isOtherPlatforms($0) == true }) else { continue }
                result.foreign.insert(folder)
                changed = true
            }
        }
    }

    /// The values of `path = "…"` in a Cargo.toml (dependency tables and inline tables alike).
    static func pathValues(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var values: [String] = []
        var rest = text[...]
        while let range = rest.range(of: "path") {
            defer { rest = rest[range.upperBound...] }
            if range.lowerBound > text.startIndex, isIdentifierByte(text.utf8[text.utf8.index(before: range.lowerBound)]) { continue }
            var tail = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard tail.first == "=" else { continue }
            tail = tail.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard tail.first == "\"", let close = tail.dropFirst().firstIndex(of: "\"") else { continue }
            values.append(String(tail[tail.index(after: tail.startIndex)..<close]))
        }
        return values
    }

    /// `relative` from `folder`, normalised; nil when it leaves the root or is absolute.
    static func resolve(_ relative: String, from folder: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether an identifier of the script begins with an Apple word (`iosArm64`, `appleMain`, `aarch64-apple-ios`'s `apple`).
    static func declaresAppleTarget(_ bytes: [UInt8]) -> Bool {
        // On the bytes (an identifier is ASCII, so its lower case is `asciiLowercased`'s): a String lower-cased
        // per identifier of every build script was a visible cost on a tree of hundreds of modules.
        let words = appleWords.map { Array($0.utf8) }
        var index = 0
        while index < bytes.count {
            guard isIdentifierByte(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            let length = index - start
            if words.contains(where: { word in
                word.count <= length && !word.indices.contains { StringSearch.asciiLowercased(bytes[start + $0]) != word[$0] }
            }) { return true }
        }
        return false
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    static func parent(_ path: String) -> String {
        // On the bytes: this runs for every file of the tree, and a `Character` search from the end was a
        // visible cost of `check` on a large tree.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
}
