import Project

/// Checks of a built Android archive (.aab, .apk) read from its native libraries' entries.
enum ArchiveAndroidChecks {
    static var all: [CheckFunction] { [sixtyFourBitParity, zipAlignment] }

    /// Each library of a 32-bit ABI folder has its 64-bit twin in the same module: `pairs` maps the 32-bit
    /// ABI to the 64-bit one Play requires (`armeabi-v7a: arm64-v8a`).
    static let sixtyFourBitParity = CheckFunction(
        name: "archive.native_64bit",
        summary: "Every 32-bit native library of a built Android archive has its 64-bit version",
        options: [OptionSpec("pairs", .stringMap, required: true, doc: "32-bit ABI → the 64-bit ABI that must hold the same library")],
        subjects: .none,
        placeholders: ["library", "abi", "abi64", "expected"]
    ) { invocation in
        guard let pairs = invocation.options.stringMap("pairs") else { return [] }
        let required = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where !archive.isApple {
            let present = Set(archive.nativeLibraryEntries.map { "\($0.module)/\($0.abi)/\($0.fileName)" })
            for library in archive.nativeLibraryEntries {
                guard let abi64 = required[library.abi], !present.contains("\(library.module)/\(abi64)/\(library.fileName)") else { continue }
                let expected = (library.module.isEmpty ? "" : library.module + "/") + "lib/\(abi64)/\(library.fileName)"
                results.append(CheckResult(location: library.location, evidence: "\(library.abi)/\(library.fileName) without \(abi64)", values: [
                    "library": library.location.path, "abi": library.abi, "abi64": abi64, "expected": expected,
                ]))
            }
        }
        return results
    }

    /// An uncompressed 64-bit library of an .apk whose data does not start on an `alignment` boundary in the
    /// ZIP file, so the platform cannot map it in place on devices with pages that size.
    static let zipAlignment = CheckFunction(
        name: "archive.zip_alignment",
        summary: "Uncompressed 64-bit native libraries of a built .apk start on a page boundary of the ZIP file",
        options: [OptionSpec("alignment", .int, required: true, doc: "bytes (16384 for 16 KB pages)"),
                  OptionSpec("abis", .stringList, required: true, doc: "the ABIs judged (arm64-v8a, x86_64)")],
        subjects: .none,
        placeholders: ["library", "found", "alignment"]
    ) { invocation in
        guard let alignment = invocation.options.int("alignment"), let abis = invocation.options.strings("abis") else { return [] }
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.kind == .apk {
            for library in archive.nativeLibraryEntries where abis.contains(library.abi) {
                guard let found = library.zipAlignment, found < alignment else { continue }
                results.append(CheckResult(location: library.location, evidence: "data aligned to \(found) bytes", values: [
                    "library": library.location.path, "found": String(found), "alignment": String(alignment),
                ]))
            }
        }
        return results
    }
}
