import Formats

/// The example apps of packages (a Flutter plugin's `example/`, a React Native library's `example/`, a pod's
/// `Example/`): apps that show how to use a package and are never uploaded. In a monorepo they sit beside the
/// real apps, with the same target names and old templates (iOS 12, no scene manifest); judged as apps they
/// give findings about nothing that ships. A folder is one when it is named `example(s)` (any case), its
/// parent holds a package manifest, and it holds an app of its own (its own pubspec.yaml or package.json, an
/// Xcode project or a Podfile). Its files are left out of every inspector, as an `exclude:` would.
public enum PackageExamples {
    static let packageManifests: Set<Substring> = ["pubspec.yaml", "package.json", "Package.swift"]
    static let appMarkers: Set<Substring> = ["pubspec.yaml", "package.json", "Podfile", "project.pbxproj"]

    /// The example folders (relative paths, without a trailing slash), sorted.
    public static func folders(_ files: [ProjectFile]) -> [String] {
        var packages: Set<Substring> = []
        var candidates: Set<Substring> = []
        for file in files where !file.isVendored {
            let name = file.fileName
            guard mayBeManifestOrMarker(name) else { continue }
            let isPackage = packageManifests.contains(name) || name.hasSuffix(".podspec")
            let isApp = appMarkers.contains(name)
            guard isPackage || isApp else { continue }
            // The folder ends before the name's slash ("" at the root): found on the bytes, as every file passes here.
            let path = Substring(file.path)
            let folder = name.startIndex == path.startIndex ? path[path.startIndex..<path.startIndex]
                : path[..<path.utf8.index(before: name.startIndex)]
            if isPackage { packages.insert(folder) }
            guard isApp else { continue }
            // The example folder is the nearest `example(s)` folder above an app marker (`x/example/ios/Podfile`).
            var rest = folder
            while !rest.isEmpty {
                let slash = rest.lastIndex(of: "/")
                let last = slash.map { rest[rest.index(after: $0)...] } ?? rest
                if isExampleName(last) { candidates.insert(rest); break }
                rest = slash.map { rest[..<$0] } ?? ""
            }
        }
        return candidates.filter { candidate in
            let parent = candidate.lastIndex(of: "/").map { candidate[..<$0] } ?? ""
            return packages.contains(parent)
        }.map(String.init).sorted()
    }

    /// Before the set look-ups, which hash the name: every name of `packageManifests` and `appMarkers` has 7, 12, 13 or
    /// 15 bytes, and a `.podspec` ends in `c` (every walked file passes here).
    static func mayBeManifestOrMarker(_ name: Substring) -> Bool {
        switch name.utf8.count {
        case 7, 12, 13, 15: return true
        default: return name.utf8.last == UInt8(ascii: "c")
        }
    }

    static func isExampleName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        return lower == "example" || lower == "examples"
    }

    /// Whether `path` lies inside one of `folders`.
    static func contains(_ folders: [String], _ path: String) -> Bool {
        folders.contains { TreePath.isInside(path, $0) }
    }

    /// The fact that says which folders were left out and why (`project.package_examples`).
    static func fact(_ folders: [String]) -> Fact? {
        guard !folders.isEmpty else { return nil }
        return Fact(name: "project.package_examples", value: .list(folders), source: .detected, evidence: folders.map {
            Evidence(location: SourceLocation(path: $0), snippet: "\($0): a package's example app, never uploaded: not checked")
        })
    }
}
