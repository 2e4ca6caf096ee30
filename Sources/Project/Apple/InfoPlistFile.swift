import Formats

/// An Info.plist, or the keys Xcode generates from `INFOPLIST_KEY_*` build settings of one target
/// (`isGenerated`, located in the project.pbxproj).
public struct InfoPlistFile: Sendable {
    public let location: SourceLocation
    /// The target it belongs to, when the Xcode project says so (`INFOPLIST_FILE`, or the generating target).
    public let target: String?
    /// Top-level scalar values by key: strings as written, booleans as YES/NO and integers in decimal (as the
    /// `INFOPLIST_KEY_*` build settings write them). Arrays, dictionaries, dates and data are left out.
    public let strings: [String: String]
    /// The 1-based line of each top-level key, where the file is text.
    public let keyLines: [String: Int]
    /// Scalars one dictionary down, keyed `Dictionary.Key` (`NSAppTransportSecurity.NSAllowsArbitraryLoads` = YES),
    /// written as `strings` writes them; with the line of the inner key where the file is text.
    public let nestedStrings: [String: String]
    public let nestedKeyLines: [String: Int]
    /// True for the keys Xcode generates from build settings (`GENERATE_INFOPLIST_FILE`, `INFOPLIST_KEY_*`).
    public let isGenerated: Bool
    /// The target's product type (`com.apple.product-type.application`, `…bundle.unit-test`), when known.
    public let productType: String?
    /// `InfoPlist.strings` files of the `.lproj` folders next to this plist: its translations.
    public let localizations: [InfoPlistStrings]
    /// The parsed file, with every value typed (nil for generated keys, which are build settings, not a file).
    public let document: PlistDocument?
    /// A file of the source tree, or the built Info.plist inside an archive.
    public let origin: InputOrigin

    public init(location: SourceLocation, target: String?, strings: [String: String], keyLines: [String: Int] = [:],
                isGenerated: Bool = false, productType: String? = nil, localizations: [InfoPlistStrings] = [],
                nestedStrings: [String: String] = [:], nestedKeyLines: [String: Int] = [:], document: PlistDocument? = nil,
                origin: InputOrigin = .source) {
        self.location = location
        self.target = target
        self.strings = strings
        self.keyLines = keyLines
        self.nestedStrings = nestedStrings
        self.nestedKeyLines = nestedKeyLines
        self.isGenerated = isGenerated
        self.productType = productType
        self.localizations = localizations
        self.document = document
        self.origin = origin
    }

    /// An Info.plist file as read, in the source tree or in a built archive: its scalars and their lines
    /// (`scalars(of:)`), and the document itself.
    /// A member of an archive is named by its entry, as its binaries and manifests are: no key lines (a built
    /// Info.plist is binary in a real upload).
    public init(location: SourceLocation, document: PlistDocument, target: String?, productType: String? = nil, origin: InputOrigin = .source) {
        let (strings, lines) = Self.scalars(of: document)
        let (nested, nestedLines) = Self.nestedScalars(of: document)
        let placed = !origin.isArchive
        self.init(location: location, target: target, strings: strings, keyLines: placed ? lines : [:], productType: productType,
                  nestedStrings: nested, nestedKeyLines: placed ? nestedLines : [:], document: document, origin: origin)
    }

    /// The scalar at a path of keys (`NSAppTransportSecurity.NSAllowsArbitraryLoads`), top level or one down.
    public func value(atPath path: String) -> String? {
        strings[path] ?? nestedStrings[path]
    }

    /// Where the key at `path` is written: its own line when known, else the file.
    public func location(ofPath path: String) -> SourceLocation {
        SourceLocation(path: location.path, line: keyLines[path] ?? nestedKeyLines[path] ?? location.line)
    }

    /// Where `key` is written: its own line when known, else the file.
    public func location(ofKey key: String) -> SourceLocation {
        SourceLocation(path: location.path, line: keyLines[key] ?? location.line)
    }

    /// A test bundle's plist (unit or UI tests): never uploaded, so never held to upload rules.
    public var isTestBundle: Bool {
        if let productType { return productType.contains("test") }
        let lowered = location.path.lowercased()
        return lowered.contains("tests/") || lowered.contains("tests-info.plist") || lowered.contains("test/")
    }

    public func adding(localizations: [InfoPlistStrings]) -> InfoPlistFile {
        InfoPlistFile(location: location, target: target, strings: strings, keyLines: keyLines, isGenerated: isGenerated,
                      productType: productType, localizations: self.localizations + localizations,
                      nestedStrings: nestedStrings, nestedKeyLines: nestedKeyLines, document: document, origin: origin)
    }

    /// The typed value at a path of dictionary keys (`NSAppTransportSecurity.NSAllowsArbitraryLoads`), at any depth,
    /// whatever its type; nil without a document (generated keys).
    public func typedValue(atPath path: String) -> PlistValue? {
        guard let document else { return nil }
        var value: PlistValue? = document.value
        for part in path.split(separator: ".") { value = value?[String(part)] }
        return value
    }

    /// Whether the plist has a value at `path`, of any type; for keys that are not a file's (generated, or a
    /// generator's spec), a scalar or a key written one dictionary down.
    public func has(path: String) -> Bool {
        if document != nil { return typedValue(atPath: path) != nil }
        return value(atPath: path) != nil || nestedKeyLines[path] != nil
    }

    /// The boolean at `path`: a `<true/>` or `<false/>` at any depth, or a scalar up to one dictionary down
    /// written as a build setting writes one (`YES`, `true`, `1`). The same file gives the same answer in the
    /// source tree and built into an archive.
    public func bool(atPath path: String) -> Bool? {
        if case .bool(let flag)? = typedValue(atPath: path) { return flag }
        switch value(atPath: path)?.uppercased() {
        case "YES", "TRUE", "1": return true
        case "NO", "FALSE", "0": return false
        default: return nil
        }
    }

    /// A top-level key's value when the file writes it as a string (not a number or boolean spelt as one).
    public func string(_ key: String) -> String? {
        document?.value[key]?.string
    }

    /// Top-level scalar values by key and the line of each key: strings as written, booleans as YES/NO and
    /// integers in decimal, as a build setting writes them, so a rule reads `<true/>` and `INFOPLIST_KEY_… = YES` alike.
    public static func scalars(of document: PlistDocument) -> ([String: String], [String: Int]) {
        var strings: [String: String] = [:]
        var lines: [String: Int] = [:]
        let written = document.keyLines()
        for (key, value) in document.value.dictionary ?? [:] {
            if let text = scalar(value) { strings[key] = text }
            if let line = written[key] { lines[key] = line }
        }
        return (strings, lines)
    }

    /// Scalars one dictionary down (`NSAppTransportSecurity` > `NSAllowsArbitraryLoads`), keyed `Outer.Inner` and
    /// written as `scalars(of:)` writes them; the line is the inner key's first `<key>` line.
    public static func nestedScalars(of document: PlistDocument) -> ([String: String], [String: Int]) {
        var strings: [String: String] = [:]
        var lines: [String: Int] = [:]
        var written: [String: Int]?
        for (outer, value) in document.value.dictionary ?? [:] {
            guard let inner = value.dictionary else { continue }
            for (key, value) in inner {
                guard let text = scalar(value) else { continue }
                let path = "\(outer).\(key)"
                strings[path] = text
                if written == nil { written = document.keyLines() }
                if let line = written?[key] { lines[path] = line }
            }
        }
        return (strings, lines)
    }

    static func scalar(_ value: PlistValue) -> String? {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "YES" : "NO"
        case .integer(let number): return String(number)
        default: return nil
        }
    }
}

/// One `<language>.lproj/InfoPlist.strings`: localized values of Info.plist keys.
public struct InfoPlistStrings: Sendable {
    public let location: SourceLocation
    /// The `.lproj` folder's language (`de`, `pt-BR`, `Base`).
    public let language: String
    public let strings: [String: String]
    public let keyLines: [String: Int]

    public init(location: SourceLocation, language: String, strings: [String: String], keyLines: [String: Int] = [:]) {
        self.location = location
        self.language = language
        self.strings = strings
        self.keyLines = keyLines
    }
}
