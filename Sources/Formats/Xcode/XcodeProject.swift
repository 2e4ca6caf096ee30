import Foundation
import Support

/// What shipcheck reads from an `.xcodeproj/project.pbxproj`: its targets with their build settings,
/// and the On-Demand Resources tags it declares.
public struct XcodeProject: Sendable {
    /// The project.pbxproj, relative to the project root.
    public let path: String
    /// The folder holding the `.xcodeproj` (what `$(SRCROOT)` means), relative to the root; "" for the root.
    public let sourceRoot: String
    public let targets: [XcodeTarget]
    /// `KnownAssetTags` of the project's attributes (On-Demand Resources tags).
    public let knownAssetTags: [String]
    /// `ASSET_TAGS` set on build files (resources tagged for On-Demand Resources).
    public let buildFileAssetTags: [String]
    /// The parsed file, for locating lines.
    public let document: PlistDocument

    public init(path: String, sourceRoot: String, targets: [XcodeTarget], knownAssetTags: [String],
                buildFileAssetTags: [String], document: PlistDocument) {
        self.path = path
        self.sourceRoot = sourceRoot
        self.targets = targets
        self.knownAssetTags = knownAssetTags
        self.buildFileAssetTags = buildFileAssetTags
        self.document = document
    }

    /// A location in the pbxproj at the first line containing `fragment`.
    public func location(of fragment: String) -> SourceLocation {
        SourceLocation(path: path, line: document.line(containing: fragment))
    }

    /// A project-relative path for a build-setting path such as `$(SRCROOT)/App/Info.plist` or `App/Info.plist`.
    public func resolve(_ settingPath: String) -> String? {
        var value = settingPath.trimmingBlanks()
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "./"] where value.hasPrefix(prefix) {
            value = String(value.dropFirst(prefix.count))
        }
        // Other variables (`$(TARGET_NAME)`) or absolute paths cannot be resolved from the source tree alone.
        if value.contains("$") || value.hasPrefix("/") || value.isEmpty { return nil }
        return XcodeFileTree.join(sourceRoot, value)
    }
}

/// A target of an Xcode project.
public struct XcodeTarget: Sendable {
    public let name: String
    /// `com.apple.product-type.application`, `…in-app-purchase-content`, …; nil for aggregate targets.
    public let productType: String?
    /// Build settings per configuration name (Debug, Release, …), the project-level settings merged under
    /// the target's own. List values are joined with spaces, as xcodebuild reads them.
    public let buildSettings: [String: [String: String]]
    /// The target's object id in the pbxproj.
    public let id: String
    /// Files of its Sources build phase (and files it takes from another target's synchronized folder).
    public let sourceFiles: [String]
    /// Files of its Resources build phase.
    public let resourceFiles: [String]
    /// Xcode 16 folders whose every file belongs to the target.
    public let synchronizedFolders: [SynchronizedFolder]
    /// Folders of the local Swift packages it links: their shipping files are compiled into its binary.
    public let packageFolders: [String]
    /// Per configuration, the settings that only a base `.xcconfig` sets (not the pbxproj), and the line that does.
    public let xcconfigOrigins: [String: [String: SourceLocation]]

    public init(name: String, productType: String?, buildSettings: [String: [String: String]], id: String = "",
                sourceFiles: [String] = [], resourceFiles: [String] = [], synchronizedFolders: [SynchronizedFolder] = [],
                packageFolders: [String] = [], xcconfigOrigins: [String: [String: SourceLocation]] = [:]) {
        self.xcconfigOrigins = xcconfigOrigins
        self.name = name
        self.productType = productType
        self.buildSettings = buildSettings
        self.id = id
        self.sourceFiles = sourceFiles
        self.resourceFiles = resourceFiles
        self.synchronizedFolders = synchronizedFolders
        self.packageFolders = packageFolders
    }

    /// The settings a release build uses: the `Release` configuration, else the first (by name) that is not
    /// `Debug`, else any.
    public var releaseSettings: [String: String] {
        if let release = buildSettings["Release"] { return release }
        let names = buildSettings.keys.sorted()
        return (names.first { $0 != "Debug" }).flatMap { buildSettings[$0] } ?? names.first.flatMap { buildSettings[$0] } ?? [:]
    }

    /// A release setting as Xcode expands it when its value is one reference to another setting (`$(NAME)` or
    /// `${NAME}`, as protonvpn-apple's `IPHONEOS_DEPLOYMENT_TARGET = "$(DEPLOYMENT_TARGET)"`, set in the project's
    /// xcconfig), followed at most `maxSteps` times; `through` names the settings followed, the last one set to
    /// `value`. Nil when the setting is unset or a reference leads nowhere (or in a cycle).
    public func releaseSetting(expanding key: String, maxSteps: Int = 8) -> (value: String, through: [String])? {
        let settings = releaseSettings
        var name = key
        var through: [String] = []
        for _ in 0...maxSteps {
            guard let value = settings[name] else { return nil }
            guard let next = Self.reference(value) else { return (value, through) }
            guard !through.contains(next), next != key else { return nil }
            through.append(next)
            name = next
        }
        return nil
    }

    /// `NAME` of a value that is `$(NAME)` or `${NAME}` alone, else nil.
    static func reference(_ value: String) -> String? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.count > 3, text.first == "$" else { return nil }
        let open = text[text.index(after: text.startIndex)], close = text[text.index(before: text.endIndex)]
        guard (open == "(" && close == ")") || (open == "{" && close == "}") else { return nil }
        let name = text.dropFirst(2).dropLast()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }

    /// The configuration `releaseSettings` reads.
    public var releaseConfigurationName: String? {
        if buildSettings["Release"] != nil { return "Release" }
        let names = buildSettings.keys.sorted()
        return names.first { $0 != "Debug" } ?? names.first
    }

    /// Unit and UI test bundles: never uploaded.
    public var isTest: Bool { productType?.contains("test") == true }

    /// Every value a setting takes across configurations, in configuration-name order.
    public func values(of setting: String) -> [String] {
        buildSettings.keys.sorted().compactMap { buildSettings[$0]?[setting] }
    }

    /// Settings whose names start with `prefix`, first configuration (by name) wins.
    public func settings(withPrefix prefix: String) -> [String: String] {
        var result: [String: String] = [:]
        for configuration in buildSettings.keys.sorted() {
            for (key, value) in buildSettings[configuration] ?? [:] where key.hasPrefix(prefix) && result[key] == nil {
                result[key] = value
            }
        }
        return result
    }
}
