import Foundation
import Project

/// `--format FORMAT:PATH` into a folder that does not exist yet (fastlane's `fastlane/test_output/`, a
/// `reports/` folder on a fresh CI checkout): the missing folders are created when they lie inside the
/// project root, links resolved, so that a CI step does not need its own `mkdir -p`. Outside the root
/// nothing is created; the run fails with the command that would make the folder.
enum ReportFolder {
    /// Creates the missing folders above `path` (relative to the current folder, or absolute); nil when the
    /// folder is there or was made, else the message to print (exit 2).
    static func prepare(_ path: String, projectRoot: String) -> String? {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let folder = target.deletingLastPathComponent().path
        var missing: [String] = []
        var existing = folder
        while !RootedPath.entryExists(existing), existing != "/", !existing.isEmpty {
            missing.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard !missing.isEmpty else { return nil }   // AtomicWriter reports a folder that is a file or a dangling link
        guard RootedPath.resolvesInside(existing, root: projectRoot) else {
            return "cannot write the report to \(path): the folder \(folder) does not exist and is outside the project "
                + "(\(projectRoot)), where shipcheck creates none; create it first (mkdir -p '\(folder)') or write inside the project"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "cannot write the report to \(path): \(existing) is not a folder"
        }
        // Each missing folder is made one at a time with mkdir (no intermediate creation), so that an entry
        // appearing meanwhile (a link put there by someone else) makes mkdir fail instead of being followed.
        var made = existing
        for name in missing {
            made = (made as NSString).appendingPathComponent(name)
            if mkdir(made, 0o755) != 0 {
                return "cannot write the report to \(path): cannot create the folder \(made): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }
}
