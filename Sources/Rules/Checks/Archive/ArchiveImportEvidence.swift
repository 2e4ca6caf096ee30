import Project

/// The evidence a built iOS archive gives for an API policy also judged on the sources (`apple.refused_api`):
/// which of its binaries import a listed symbol.
enum ArchiveImportEvidence {
    /// Each binary (app, extension, embedded framework) of the Apple archives that imports one of `symbols`, at
    /// that binary, with the first listed symbol it imports.
    static func imports(of symbols: [String], in archives: [BuiltArchive]) -> [Sighting] {
        var found: [Sighting] = []
        for archive in archives where archive.isApple {
            for bundle in archive.bundles {
                guard let binary = bundle.binary, let location = bundle.binaryLocation else { continue }
                let imported = Set(binary.undefinedSymbols)
                guard let symbol = symbols.first(where: imported.contains) else { continue }
                found.append(Sighting(location: location, snippet: symbol, values: ["binary": location.path, "bundle": bundle.described, "symbol": symbol]))
            }
        }
        return found
    }
}
