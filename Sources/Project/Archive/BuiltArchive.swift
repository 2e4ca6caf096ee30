import Formats

/// What shipcheck read from one built archive: the Apple bundles it carries (app, extensions, embedded
/// frameworks, watch app, App Clip) with their Info.plist, privacy manifests and Mach-O binary, and the
/// Android native libraries. Locations point inside the archive.
public struct BuiltArchive: Sendable {
    public enum Kind: String, Sendable {
        case ipa, xcarchive, app, aab, apk
    }

    public let name: String
    public let kind: Kind
    public var bundles: [ArchivedBundle] = []
    public var nativeLibraries: [ArchivedNativeLibrary] = []
    /// Every `.so` of the bundle, each ABI (32-bit ones too), for 64-bit parity and zip alignment.
    public var nativeLibraryEntries: [ArchivedLibraryEntry] = []
    /// `META-INF/<group>_<artifact>.version` files: the exact library versions the build packaged.
    public var packagedVersions: [Dependency] = []
    /// The manifest of an .apk, or of each module of an .aab (base first).
    public var androidManifests: [ArchivedAndroidManifest] = []

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public var isApple: Bool { kind == .ipa || kind == .xcarchive || kind == .app }
}

/// A bundle inside a built iOS app with its own Info.plist and, usually, its own binary.
public struct ArchivedBundle: Sendable {
    public let kind: AppleBundle.Kind
    /// Its folder inside the archive (`Payload/App.app/Frameworks/X.framework`).
    public let path: String
    /// The folder as findings name it (`app.ipa!/Payload/App.app/Frameworks/X.framework`).
    public let location: SourceLocation
    /// The folder's name without its extension (`X`).
    public let name: String
    public let infoPlist: PlistValue?
    public let infoPlistLocation: SourceLocation?
    /// Its own PrivacyInfo.xcprivacy files (in the bundle or a resource bundle inside it) and what they declare.
    public let privacyManifests: [SourceLocation]
    public let declaredAPICategories: Set<String>
    public let binaryLocation: SourceLocation?
    public let binary: MachOFile?
    /// The entitlements its binary was signed with (the code signature's entitlements plist).
    public var entitlements: PlistValue?

    public var shortVersion: String? { infoPlist?["CFBundleShortVersionString"]?.string }

    /// LC_BUILD_VERSION's minimum OS of the binary's first slice.
    public var builtMinimumOS: String? { binary?.slices.lazy.compactMap(\.build).first?.minimumOS }

    /// Whether `other` lies inside this bundle's folder (a framework in an app's Frameworks/).
    public func contains(_ other: ArchivedBundle) -> Bool {
        path.isEmpty ? other.path != path : other.path.hasPrefix(path + "/")
    }

    /// "the app App", "the framework X".
    public var described: String { "the \(kind.rawValue) \(name)" }
}

/// A `.so` under `lib/<abi>/` (an .apk) or `<module>/lib/<abi>/` (an .aab).
public struct ArchivedNativeLibrary: Sendable {
    public let location: SourceLocation
    /// The folder's ABI (`arm64-v8a`).
    public let abi: String
    public let machine: String
    public let is64Bit: Bool
    public let minimumLoadAlignment: UInt64
}

/// One `.so` entry of an .apk/.aab: its module (`base`, a feature; "" in an .apk), ABI and file name, and for
/// an uncompressed library in an .apk, the largest power of two (up to 64 KB) its data offset is a multiple of.
public struct ArchivedLibraryEntry: Sendable, Hashable {
    public let location: SourceLocation
    public let module: String
    public let abi: String
    public let fileName: String
    public let zipAlignment: Int?
}
