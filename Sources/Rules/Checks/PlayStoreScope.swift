import Project
import StoreLocale

/// Play's rules on an app whose evidence says it is handed out elsewhere (F-Droid, GitHub Releases) while
/// nothing in the repository names Google Play: no Play rejection is likely, so each finding is advice for the
/// day it goes to Play, a note under the condition `.ifUploaded(.play)` (docs/severity.md). `stores:` in
/// shipcheck.yml wins: a team that states Play gets Play's grades.
public enum PlayStoreScope {
    public static func apply(_ findings: [Finding], rule: Rule, project: ProjectModel) -> [Finding] {
        guard rule.stores == [.play], !goesToPlay(project), !sendsToPlay(project.metadata) else { return findings }
        // A finding already under a condition (a folder nobody is known to upload, an F-Droid-only module) keeps it.
        return findings.map { $0.with(severity: min($0.severity, .info), condition: $0.condition ?? .ifUploaded(.play)) }
    }

    /// A metadata tree uploaded to Play, or release notes a workflow or script sends there, say Play too.
    static func sendsToPlay(_ trees: [MetadataTree]) -> Bool {
        trees.contains { $0.consumer.store == .play || !$0.consumer.releaseNotesSentToPlay.isEmpty }
    }

    /// Whether some Android app module may go to Play: the stores the inspector found for it name Play (no
    /// evidence either way is Play), or shipcheck.yml states `store.play`. Without Android modules nothing changes.
    static func goesToPlay(_ project: ProjectModel) -> Bool {
        if let stated = project.facts.stated[Store.play.factName] { return stated.value.isTruthy }
        let modules = project.parts[AndroidPart.self].modules
        return modules.isEmpty || modules.contains { $0.stores.value.contains("play") }
    }
}
