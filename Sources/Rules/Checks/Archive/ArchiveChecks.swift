import Project

/// Checks fed by built archives (`--archive`) only: what App Store Connect and Play read from the upload itself
/// that the sources cannot show. Domain checks over `project.archives`; a run without an archive gives them
/// nothing to judge. A policy also judged on the sources has one function for both (`from: archive`,
/// `JudgedInput`), fed by the archive's parts: the `SymbolHit`s the archive inspector makes of its binaries'
/// imports (`kind: binary_symbols`), and the evidence readers (`ArchivePrivacyEvidence`, `ArchivePurposeEvidence`,
/// `ArchiveLoginEvidence`, `ArchiveBuildEvidence`).
public enum ArchiveChecks {
    public static var all: [CheckFunction] {
        (ArchiveAppleChecks.all + ArchiveAndroidChecks.all).map { $0.reading(.builtArchives) }
    }
}
