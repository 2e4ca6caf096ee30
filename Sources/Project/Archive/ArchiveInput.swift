import Foundation
import Formats

/// An archive named on the command line, checked before it is read: a regular file (.ipa, .aab, .apk)
/// or a bundle folder (.xcarchive, .app), under the size limit. A symbolic link is followed only when it
/// stays inside the project root; the archive itself is the one path outside the root shipcheck may read,
/// because it was given by name.
public enum ArchiveInput {
    public struct Opened: Sendable {
        public let contents: any ArchiveContents
        public let kind: BuiltArchive.Kind
    }

    /// - Parameter confinedToRoot: the path was written in the repository (shipcheck.yml's `archives:`), so it
    ///   must resolve inside the root, links in any component included; that is checked before anything is opened.
    public static func open(_ given: String, root: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
                            limits: ArchiveLimits = ArchiveLimits(), confinedToRoot: Bool = false) throws(ArchiveError) -> Opened {
        let absolute = given.hasPrefix("/") ? given : (currentDirectory as NSString).appendingPathComponent(given)
        let standardRoot = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        if confinedToRoot {
            let target = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
            guard contains(standardRoot, target) else {
                throw ArchiveError(archive: given, "leads out of the project root (to \(relative(from: standardRoot, to: target))); list archives inside it")
            }
        }
        var path = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var info = stat()
        guard lstat(path, &info) == 0 else { throw ArchiveError(archive: given, "no such file or folder") }
        if info.st_mode & S_IFMT == S_IFLNK {
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard contains(standardRoot, target) else {
                throw ArchiveError(archive: given, "is a symbolic link that leads out of the project root; shipcheck follows links only inside it: give the archive itself")
            }
            path = target
            guard lstat(path, &info) == 0 else { throw ArchiveError(archive: given, "is a symbolic link to nothing") }
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // Relative to the project root (with `..` when it lies beside it), as every report path is.
        let name = relative(from: standardRoot, to: resolved)
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(info.st_size) <= limits.maxArchiveBytes else {
                throw ArchiveError(archive: name, "is \(info.st_size) bytes, over shipcheck's limit of \(limits.maxArchiveBytes) for an archive")
            }
            let zip = try ZipArchive(path: path, name: name, limits: limits)
            return Opened(contents: zip, kind: try kind(ofFile: name, zip))
        case S_IFDIR:
            let folder = resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
            let kind: BuiltArchive.Kind
            if folder.hasSuffix(".xcarchive") { kind = .xcarchive } else if folder.hasSuffix(".app") { kind = .app } else {
                throw ArchiveError(archive: name, "is a folder; an archive folder is an .xcarchive or an unpacked .app (give a file for .ipa, .aab and .apk)")
            }
            return Opened(contents: try FolderArchive(folder: folder, name: name, limits: limits), kind: kind)
        default:
            throw ArchiveError(archive: name, "is not a regular file or a bundle folder")
        }
    }

    /// By extension, else by what the archive holds.
    static func kind(ofFile name: String, _ zip: ZipArchive) throws(ArchiveError) -> BuiltArchive.Kind {
        switch (name as NSString).pathExtension.lowercased() {
        case "ipa": return .ipa
        case "aab": return .aab
        case "apk": return .apk
        default: break
        }
        let names = zip.fileNames
        if names.contains(where: { $0.hasPrefix("Payload/") && $0.contains(".app/") }) { return .ipa }
        if names.contains("base/manifest/AndroidManifest.xml") { return .aab }
        if names.contains("AndroidManifest.xml") { return .apk }
        throw ArchiveError(archive: name, "is a ZIP archive but neither an .ipa (Payload/<App>.app/), an .aab (base/manifest/) nor an .apk (AndroidManifest.xml)")
    }


    static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    static func relative(from start: String, to target: String) -> String {
        let from = start.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
