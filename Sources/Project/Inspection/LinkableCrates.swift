import Support

/// Rust reaches an app bundle only as a library Xcode (or cargokit, flutter_rust_bridge, a pod's script) can link:
/// a crate whose Cargo.toml builds a `staticlib` or `cdylib`, and the crates it depends on. When the tree has such
/// a crate, the crates it does not reach are built for something else (flutter_server_box's monitor/, a server with
/// its Dockerfile, beside the app's crates/sbm_ffi): their code is no evidence for an Apple bundle. With no such
/// crate in the tree nothing is decided (a build step may still pass `--crate-type`).
extension ApplePlatformFolders {
    static func addCratesNoLinkableLibraryBuilds(_ crates: [String: [UInt8]], to result: inout Folders) {
        let linkable = crates.filter { buildsLinkableLibrary($0.value) }.map(\.key)
        guard !linkable.isEmpty else { return }
        var reached = Set(linkable)
        var queue = linkable.sorted()
        while let folder = queue.popLast() {
            for path in pathValues(crates[folder] ?? []) {
                guard let target = resolve(path, from: folder), crates[target] != nil, reached.insert(target).inserted else { continue }
                queue.append(target)
            }
        }
        // Only packages (a workspace's own manifest builds nothing), never a folder above a crate that is linked, and
        // only crates no module holds: a Gradle module's or an Apple module's own folder decides for itself.
        for folder in crates.keys.sorted() where !reached.contains(folder) && isPackage(crates[folder] ?? [])
            && !reached.contains(where: { folder.isEmpty || $0.hasPrefix(folder + "/") }) && result.isOtherPlatforms(folder) == nil {
            result.foreign.insert(folder)
        }
    }

    /// Whether the manifest has a `[package]` table (a workspace-only manifest has none).
    static func isPackage(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("[package]") }
    }

    /// Whether a `crate-type` (or `crate_type`) line names `staticlib` or `cdylib`.
    static func buildsLinkableLibrary(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("crate-type") || trimmed.hasPrefix("crate_type") else { continue }
            if trimmed.contains("staticlib") || trimmed.contains("cdylib") { return true }
        }
        return false
    }
}
