import Project
import StoreLocale

/// The last word on a finding inside a metadata tree: the tree's consumer (Sources/Project/Metadata/
/// MetadataConsumer.swift) decides whether the rule's store judges it at all, and how hard.
///
/// Subjects are already chosen by consumer (`Selector`, `GenericSubjects.trees`), so a Play rule does not
/// read an F-Droid tree; this step is where the result is graded, for every check alike (text, folders,
/// images), without each check knowing about consumers:
/// - a tree the rule's store receives: the finding as the rule says;
/// - a supply tree nobody is known to upload: at most a warning, under the condition `.ifFolderUploaded(store)`
///   ("If this folder is uploaded to Google Play:") — shipcheck cannot promise a rejection for a folder it cannot see shipped;
///   a note when the uploads of that store are visible and send other folders (`isPassedBy`): the evidence
///   then says the folder is not what ships;
/// - a tree another store reads: no finding.
/// Findings outside every tree (a Gradle file, an Info.plist) pass through untouched.
public enum MetadataConsumerScope {
    public static func apply(_ findings: [Finding], rule: Rule, project: ProjectModel) -> [Finding] {
        let findings = ConsoleListingScope.apply(findings, rule: rule, project: project)
        guard !project.metadata.isEmpty else { return findings }
        return findings.compactMap { finding in
            let trees = project.metadata.filter { $0.contains(path: finding.location.path) }
            guard let tree = trees.max(by: { $0.path.count < $1.path.count }) else { return finding }
            guard let (store, judgement) = tree.judgingStore(among: rule.stores, field: tree.field(ofPath: finding.location.path)) else { return nil }
            // A locale folder whose every part the uploads skip is not sent: no finding about its name.
            if store == .play, tree.consumer.store == .play, let folder = tree.folders.first(where: { $0.location.path == finding.location.path }),
               !tree.uploadsAnything(inFolder: folder.name) { return nil }
            // A locale folder the release job moves or removes before the upload is not sent (plain mv/rm replayed).
            if tree.consumer.store == store, let remaining = tree.consumer.uploadedLocales,
               let locale = tree.locale(ofPath: finding.location.path), !remaining.contains(locale) { return nil }
            // The job changes the tree before the upload in ways not replayed: what is sent is not known.
            if tree.consumer.store == store, judgement == .judged, let step = tree.consumer.changedBeforeUpload.first, finding.severity > .warning {
                return finding.with(severity: .warning, condition: .ifStillHeldWhenUploaded(changedAt: step.location.description, command: step.snippet))
            }
            guard judgement == .ifUploaded else { return finding }
            return finding.with(severity: min(finding.severity, tree.consumer.isPassedBy ? .info : .warning),
                                condition: .ifFolderUploaded(store))
        }
    }

    /// Every finding of `outcome` graded by the rule that made it (what the front door's pipeline does, for
    /// tests and hosts that call the engine themselves).
    public static func apply(_ outcome: Engine.Outcome, project: ProjectModel) -> [Finding] {
        let rules = Dictionary(outcome.evaluated.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return outcome.findings.flatMap { finding -> [Finding] in
            guard let rule = rules[finding.rule], !rule.isReported else { return [finding] }
            return PlayStoreScope.apply(apply([finding], rule: rule, project: project), rule: rule, project: project)
        }
    }
}
