import Foundation

/// Paths a user states (in shipcheck.yml) are resolved here, so that nothing outside the project root is read.
public enum RootPath {
    /// The absolute path of `relative` when it stays inside `root` once `..` and symbolic links are
    /// resolved; nil for a path that leads out of the project (shipcheck never reads outside it).
    public static func inside(root: String, relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
        let target = rootURL.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        return target.path.hasPrefix(rootPath) ? target.path : nil
    }
}
