import Support

/// What shipcheck reads from a Mach-O binary: per architecture slice, its file type, the symbols it
/// imports (undefined external symbols of LC_SYMTAB, which a linked binary keeps for dyld), the dylibs it
/// links, the platform and SDK of LC_BUILD_VERSION, and whether it carries a code signature.
public struct MachOFile: Sendable, Hashable {
    public struct Slice: Sendable, Hashable {
        public let cpu: String
        public let is64Bit: Bool
        public let fileType: FileType
        public let undefinedSymbols: [String]
        public let linkedLibraries: [String]
        public let build: BuildVersion?
        public let hasCodeSignature: Bool
        /// The entitlements plist (XML) embedded in the code signature, when it has one.
        public let entitlementsXML: [UInt8]?
    }

    public enum FileType: Sendable, Hashable {
        case object, executable, dylib, bundle, other(Int)

        init(_ raw: Int) {
            switch raw {
            case 1: self = .object
            case 2: self = .executable
            case 6: self = .dylib
            case 8: self = .bundle
            default: self = .other(raw)
            }
        }
    }

    /// LC_BUILD_VERSION (or the older LC_VERSION_MIN_*): platform, minimum OS and SDK as `X.Y(.Z)`.
    public struct BuildVersion: Sendable, Hashable {
        public let platform: String
        public let minimumOS: String
        public let sdk: String
    }

    public let slices: [Slice]

    /// Every slice's imports, once each, sorted.
    public var undefinedSymbols: [String] {
        Array(Set(slices.flatMap(\.undefinedSymbols))).sorted()
    }

    public var hasCodeSignature: Bool { slices.contains(where: \.hasCodeSignature) }

    /// The first slice's signed entitlements (every slice of an app is signed with the same ones).
    public var entitlementsXML: [UInt8]? { slices.lazy.compactMap(\.entitlementsXML).first }

    /// Whether the bytes start like a Mach-O file or a fat (universal) one.
    public static func looksLikeMachO(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        let magic = bytes[0..<4].map { $0 }
        return [[0xCF, 0xFA, 0xED, 0xFE], [0xCE, 0xFA, 0xED, 0xFE], [0xCA, 0xFE, 0xBA, 0xBE], [0xCA, 0xFE, 0xBA, 0xBF]].contains(magic)
    }
}
