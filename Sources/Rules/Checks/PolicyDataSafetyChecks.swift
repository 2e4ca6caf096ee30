import Foundation
import Project

/// Checks over the Play Data safety export and what the rest of the project says the app collects. The
/// export is parsed once by the inspection, against the `kind: data_safety_questions` table; these read the result.
enum PolicyDataSafetyChecks {
    static let creationMethods = "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS"
    static let noAccount = "PSL_ACM_NONE"
    static let accountDeletionURL = "PSL_ACCOUNT_DELETION_URL"
    static let dataDeletionURL = "PSL_DATA_DELETION_URL"
    static let collectsPersonalData = "PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA"

    static var all: [CheckFunction] { [valid, deletionLinks, undeclaredCollection, crossStoreTypes] }

    /// Every problem that keeps the export from being read: header, CSV syntax, unknown ids.
    static let valid = CheckFunction(
        name: "data_safety.valid",
        summary: "The Data safety export has the exact header, five fields a row and known question/response ids.",
        options: [], subjects: .none, placeholders: ["problem"]
    ) { invocation in
        guard let error = invocation.context.project.dataSafety?.error else { return [] }
        return error.problems.map { problem in
            CheckResult(location: SourceLocation(path: error.file, line: problem.line),
                        evidence: problem.message, values: ["problem": problem.message])
        }
    }

    /// The deletion links (`questions`) the form must answer, given what it says about account creation
    /// (`creation_methods`): `selected`, a creation method is selected, so Play's API and its account deletion
    /// policy need both links; `none`, no method is selected (the rule's `when:` says the code creates accounts,
    /// so the account deletion link is still owed; when the form selects a method, the `selected` rule reports
    /// the same row instead). One result per blank question.
    static let deletionLinks = CheckFunction(
        name: "data_safety.deletion_links",
        summary: "The Data safety form fills the deletion-link questions `questions` when its account creation methods are `creation_methods` (selected, or none: gate that rule with when:).",
        options: [OptionSpec("questions", .stringList, required: true, doc: "the question ids that must have a URL (PSL_ACCOUNT_DELETION_URL, PSL_DATA_DELETION_URL)"),
                  OptionSpec("creation_methods", .oneOf(["selected", "none"]), required: true,
                             doc: "`selected`: when the form selects an account creation method; `none`: when it selects none")],
        subjects: .none, placeholders: ["question", "methods"]
    ) { invocation in
        guard let form = PolicyInputs.dataSafetyForm(invocation), let questions = invocation.options.strings("questions") else { return [] }
        let methods = selectedCreationMethods(form)
        let selected = invocation.options.string("creation_methods") == "selected"
        guard selected ? !methods.isEmpty : methods.isEmpty else { return [] }
        // The row to point at when the question has none: the first selected method, else the creation-method question.
        let fallback = selected ? methods.first?.line : form.answers(question: creationMethods).first?.line
        return questions.compactMap { question in
            guard form.text(question: question) == nil else { return nil }
            let location = SourceLocation(path: form.path, line: form.answer(question: question)?.line ?? fallback)
            return selected
                ? CheckResult(location: location, evidence: question, values: ["question": question, "methods": methods.map(\.response).joined(separator: ", ")])
                : CheckResult(location: location, evidence: question)
        }
    }

    /// "Collects no personal data" next to permissions or SDKs that collect some.
    static let undeclaredCollection = CheckFunction(
        name: "data_safety.undeclared_collection",
        summary: "A form that declares no data collection is contradicted by permissions or analytics/crash SDKs.",
        options: [
                  OptionSpec("permissions", .table, required: true, decode: FactListsByKey.decoder, doc: "permission fact name → Play data types"),
                  OptionSpec("sdks", .table, required: true, decode: TextListsByKey.decoder, doc: "SDK name (as in sdk.<name> facts) → Play data types")],
        subjects: .none, placeholders: ["source", "types"],
        reads: [.table("permissions"), .family(.sdk)]
    ) { invocation in
        guard let form = PolicyInputs.dataSafetyForm(invocation),
              let answer = form.answer(question: collectsPersonalData), answer.bool == false else { return [] }
        let location = SourceLocation(path: form.path, line: answer.line)
        var results: [CheckResult] = []
        for (permission, types) in (invocation.decoded("permissions", as: FactListsByKey.self)?.lists.rows ?? []) {
            guard let fact = invocation.facts[FactName(permission, inTable: "permissions")], fact.value.isTruthy else { continue }
            let place = fact.evidence.first.map { " (\($0.location))" } ?? ""
            results.append(CheckResult(location: location, evidence: permission,
                                       values: ["source": "the permission \(permission)\(place)", "types": types.joined(separator: ", ")]))
        }
        let sdkTypes = Dictionary((invocation.decoded("sdks", as: TextListsByKey.self)?.rows ?? []).map { ($0.key.lowercased(), $0.values) },
                                  uniquingKeysWith: { first, _ in first })
        for fact in invocation.facts.all(in: .sdk) where fact.value.isTruthy {
            let name = String(fact.name.dropFirst(FactFamily.sdk.prefix.count))
            guard let types = sdkTypes[sdkKey(name)] else { continue }
            let place = fact.evidence.first.map { " (\($0.location))" } ?? ""
            results.append(CheckResult(location: location, evidence: fact.name,
                                       values: ["source": "the SDK \(name)\(place)", "types": types.joined(separator: ", ")]))
        }
        return results
    }

    /// The iOS privacy manifest and the Play form disagree about a data type, in either direction.
    static let crossStoreTypes = CheckFunction(
        name: "data_safety.cross_store_types",
        summary: "Data types collected per the app's PrivacyInfo.xcprivacy match those of the Play Data safety form.",
        options: [
                  OptionSpec("mapping", .table, required: true, decode: TextListsByKey.decoder, doc: "NSPrivacyCollectedDataType → Play data types")],
        subjects: .none, placeholders: ["problem"]
    ) { invocation in
        let project = invocation.context.project
        guard let form = PolicyInputs.dataSafetyForm(invocation) else { return [] }
        let manifests = AppPrivacyManifests.read(project)
        guard let firstManifest = manifests.first else { return [] }
        let appleTypes = manifests.reduce(into: Set<String>()) { $0.formUnion($1.collectedTypes) }
        let playAnswers = Dictionary(form.collectedDataTypes.map { ($0.response, $0) }, uniquingKeysWith: { first, _ in first })
        let manifestNames = manifests.map(\.path).joined(separator: ", ")
        var results: [CheckResult] = []
        var reverse: [String: [String]] = [:]
        for (appleType, playTypes) in (invocation.decoded("mapping", as: TextListsByKey.self)?.rows ?? []) {
            for playType in playTypes { reverse[playType, default: []].append(appleType) }
            guard appleTypes.contains(appleType), !playTypes.contains(where: { playAnswers[$0] != nil }) else { continue }
            let line = playTypes.lazy.compactMap { type in form.answers.first { $0.response == type }?.line }.first
            results.append(CheckResult(
                location: SourceLocation(path: form.path, line: line), evidence: appleType,
                values: ["problem": "The privacy manifest (\(manifestNames)) declares \(appleType) but the Play Data safety form declares none of \(playTypes.joined(separator: ", "))"]))
        }
        for (playType, answer) in playAnswers.sorted(by: { $0.value.line < $1.value.line }) {
            guard let candidates = reverse[playType], !candidates.contains(where: appleTypes.contains) else { continue }
            results.append(CheckResult(
                location: firstManifest.location, evidence: playType,
                values: ["problem": "The Play Data safety form declares \(playType) (\(form.path):\(answer.line)) but the privacy manifest (\(manifestNames)) declares none of \(candidates.joined(separator: ", "))"]))
        }
        return results
    }

    static func selectedCreationMethods(_ form: DataSafetyForm) -> [DataSafetyAnswer] {
        form.selected(question: creationMethods).filter { $0.response != noAccount }
    }

    /// A dependency name as the SDK table keys it: lowercased, without a group (`com.google.firebase:`)
    /// or scope (`@sentry/` stays, it is the package's name).
    static func sdkKey(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasPrefix("@") { return lower }
        return String(lower.split(separator: ":").last ?? Substring(lower))
    }
}
