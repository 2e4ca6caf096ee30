extension AndroidInspector {
    /// Which of the names that reading an Android build asks for a file has: found once per file of the walk, so
    /// that each step (manifests, properties, catalogs, settings, build scripts, package lists, pin files) goes
    /// through the files it wants by a flag. Each step went through every file of the tree, finding every file's
    /// name again (some 7M instructions a step on thunderbird-android's 8,000 files). A vendored file has none.
    struct BuildFileNames: OptionSet, Sendable {
        let rawValue: UInt16

        static let manifest = BuildFileNames(rawValue: 1 << 0)          // AndroidManifest.xml
        static let gradleProperties = BuildFileNames(rawValue: 1 << 1)  // gradle.properties
        static let libsCatalog = BuildFileNames(rawValue: 1 << 2)       // libs.versions.toml
        static let toml = BuildFileNames(rawValue: 1 << 3)              // *.toml
        static let settings = BuildFileNames(rawValue: 1 << 4)          // settings.gradle(.kts)
        static let buildScript = BuildFileNames(rawValue: 1 << 5)       // build.gradle(.kts)
        static let otherProperties = BuildFileNames(rawValue: 1 << 6)   // *.properties but gradle. and local.properties
        static let namedByPath = BuildFileNames(rawValue: 1 << 7)       // AndroidInspector.isNamedByPath
        static let packageList = BuildFileNames(rawValue: 1 << 8)       // pubspec.yaml, pubspec.lock, package.json
        static let pinOrYAML = BuildFileNames(rawValue: 1 << 9)         // FlutterReleasePin.isPinFile or *.yaml

        init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The names `file` has (none for a vendored file: the steps read shipping files only).
        init(_ file: ProjectFile) {
            self = []
            guard !file.isVendored else { return }
            let name = file.fileName
            // Every name below ends in l, s, e, k, n or c (.xml, .toml, .yaml, .properties, .kts, .gradle, .lock, .json,
            // .fvmrc, .flutter-version): a name ending in any other byte (.kt, .java, .png) has none, without a test each.
            guard let last = name.utf8.last else { return }
            switch last {
            case UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "k"), UInt8(ascii: "n"), UInt8(ascii: "c"): break
            default: return
            }
            if name == "AndroidManifest.xml" { insert(.manifest) }
            if name == "gradle.properties" { insert(.gradleProperties) }
            if name == "libs.versions.toml" { insert(.libsCatalog) }
            if name.hasSuffix(".toml") { insert(.toml) }
            if name == "settings.gradle" || name == "settings.gradle.kts" { insert(.settings) }
            if name == "build.gradle" || name == "build.gradle.kts" { insert(.buildScript) }
            if name.hasSuffix(".properties") && name != "gradle.properties" && name != "local.properties" { insert(.otherProperties) }
            if AndroidInspector.isNamedByPath(file) { insert(.namedByPath) }
            if name == "pubspec.yaml" || name == "pubspec.lock" || name == "package.json" { insert(.packageList) }
            if FlutterReleasePin.isPinFile(file) || name.hasSuffix(".yaml") { insert(.pinOrYAML) }
        }
    }
}
