import Formats
import Support

/// `.framework` and `.xcframework` folders in the project (checked in, or under Pods/Carthage): the
/// outermost bundle of each, and whether a `PrivacyInfo.xcprivacy` ships inside it.
enum VendoredFrameworkFinder {
    static let extensions = [".xcframework", ".framework"]

    static func find(_ files: [ProjectFile]) -> [Dependency] {
        var bundles: [String: Bool] = [:]
        for file in files {
            // A folder named *.framework or *.xcframework above the file means ".framework/" in its path: the
            // path is split only then (this sees every file of the tree).
            guard file.path.contains(".framework/") else { continue }
            let parts = file.path.split(separator: "/")
            guard let index = parts.dropLast().firstIndex(where: { part in extensions.contains { part.hasSuffix($0) } }) else { continue }
            let bundle = parts[...index].joined(separator: "/")
            let hasManifest = file.fileName == "PrivacyInfo.xcprivacy"
            bundles[bundle] = (bundles[bundle] ?? false) || hasManifest
        }
        return bundles.keys.sorted().map { bundle in
            let folder = bundle.split(separator: "/").last.map(String.init) ?? bundle
            let name = extensions.first { folder.hasSuffix($0) }.map { String(folder.dropLast($0.count)) } ?? folder
            return Dependency(name: name, version: nil, location: SourceLocation(path: bundle), ecosystem: .vendored, hasPrivacyManifest: bundles[bundle])
        }
    }
}
