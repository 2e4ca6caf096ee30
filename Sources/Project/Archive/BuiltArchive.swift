import Formats

/// What shipcheck read from one built archive. An Apple archive's bundles (app, extensions, embedded
/// frameworks, watch app, App Clip) are filled into the parts the source's Apple inspector fills — `apple`, an
/// `ApplePart` of `AppleBundle`s, their built `InfoPlistFile`s and `PrivacyManifestFile`s, with this archive as
/// their origin — so a rule reads one shape from either input; `bundles` adds what has no source twin, each
/// bundle's Mach-O binary and the entitlements it is signed with. An Android archive gives its native
/// libraries, manifests and packaged versions. Locations point inside the archive.
public struct BuiltArchive: Sendable {
    public enum Kind: String, Sendable {
        case ipa, xcarchive, app, aab, apk
    }

    public let name: String
    public let kind: Kind
    /// Each Apple bundle with its binary, in archive order; `bundle` is the same value as in `apple.bundles`.
    public var bundles: [ArchivedBundle] = []
    /// The Apple bundles, their built Info.plists and privacy manifests, as the source's Apple part holds its own.
    public var apple = ApplePart()
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

    /// The origin its parts carry.
    public var origin: InputOrigin { .archive(name) }

    /// The built Info.plist of a bundle, as read (nil when the bundle has none or it could not be read).
    public func plist(of bundle: ArchivedBundle) -> InfoPlistFile? {
        apple.plist(of: bundle.bundle)
    }

    /// The top-level app bundle (the first `.app` in archive order).
    public var app: ArchivedBundle? { bundles.first { $0.kind == .app } }
}

extension Array where Element == BuiltArchive {
    /// The Apple bundle whose main binary is at `location` (`app.ipa!/Payload/App.app/App`), in any archive given:
    /// what a `SymbolHit` of an archive names.
    public func bundle(withBinaryAt location: SourceLocation) -> ArchivedBundle? {
        lazy.flatMap(\.bundles).first { $0.binaryLocation == location }
    }
}

extension ApplePart {
    /// The Info.plist a bundle ships (its `INFOPLIST_FILE`, or the built one inside an archive), when it was read
    /// as a file (not generated keys).
    public func plist(of bundle: AppleBundle) -> InfoPlistFile? {
        guard let path = bundle.infoPlist else { return nil }
        return infoPlists.first { $0.location.path == path && !$0.isGenerated }
    }

    /// The required-reason API categories a bundle's own privacy manifests declare (full names,
    /// `NSPrivacyAccessedAPICategoryDiskSpace`): what App Store Connect reads for that bundle's binary.
    public func declaredAPICategories(of bundle: AppleBundle) -> Set<String> {
        bundle.privacyManifests.reduce(into: Set<String>()) { declared, path in
            declared.formUnion(privacyManifests.first { $0.location.path == path }?.declaredAPICategories ?? [])
        }
    }
}

/// A bundle inside a built Apple archive: the bundle as the Apple part describes it (`bundle`), and what only a
/// build has, its Mach-O binary and the entitlements that binary is signed with.
public struct ArchivedBundle: Sendable {
    /// Kind, name, folder (`app.ipa!/Payload/App.app/Frameworks/X.framework`), own entries, Info.plist and privacy
    /// manifest places; origin the archive.
    public let bundle: AppleBundle
    /// Its folder inside the archive (`Payload/App.app/Frameworks/X.framework`).
    public let path: String
    public let binaryLocation: SourceLocation?
    public let binary: MachOFile?
    /// The entitlements its binary was signed with (the code signature's entitlements plist).
    public var entitlements: PlistValue?

    public init(bundle: AppleBundle, path: String, binaryLocation: SourceLocation?, binary: MachOFile?, entitlements: PlistValue? = nil) {
        self.bundle = bundle
        self.path = path
        self.binaryLocation = binaryLocation
        self.binary = binary
        self.entitlements = entitlements
    }

    public var kind: AppleBundle.Kind { bundle.kind }
    /// The folder's name without its extension (`X`).
    public var name: String { bundle.name }
    /// The folder as findings name it.
    public var location: SourceLocation { bundle.location }
    /// Where its Info.plist is, read or not.
    public var infoPlistLocation: SourceLocation? { bundle.infoPlist.map { SourceLocation(path: $0) } }

    /// LC_BUILD_VERSION's minimum OS of the binary's first slice.
    public var builtMinimumOS: String? { binary?.slices.lazy.compactMap(\.build).first?.minimumOS }

    /// Whether `other` lies inside this bundle's folder (a framework in an app's Frameworks/).
    public func contains(_ other: ArchivedBundle) -> Bool {
        path.isEmpty ? other.path != path : other.path.hasPrefix(path + "/")
    }

    /// "the app App", "the framework X".
    public var described: String { bundle.described }
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
