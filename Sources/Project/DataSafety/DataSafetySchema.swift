import YAML

/// The question and response ids a Play Data safety export may contain, read from the
/// `data_safety_questions` table of rules/data-safety.yml (the ids change when Google changes the
/// form: that is a YAML edit, not a code change).
///
/// Table shape:
/// ```yaml
/// questions:          # question id -> its response ids; [] for a question answered in the value column
///   PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA: []
///   PSL_DATA_TYPES_PERSONAL: [PSL_NAME, PSL_EMAIL]
/// obsolete: [PSL_DATA_COLLECTION_USER_REQUEST_DELETE]   # still accepted
/// usage_questions:    # <Q> of `PSL_DATA_USAGE_RESPONSES:<TYPE>:<Q>` -> its response ids
///   PSL_DATA_USAGE_COLLECTION_AND_SHARING: [PSL_DATA_USAGE_ONLY_COLLECTED, PSL_DATA_USAGE_ONLY_SHARED]
/// ```
/// The `<TYPE>` of a usage question must be a response of a `PSL_DATA_TYPES_*` question.
public struct DataSafetySchema: Sendable {
    public static let usagePrefix = "PSL_DATA_USAGE_RESPONSES"
    public static let dataTypeQuestionPrefix = "PSL_DATA_TYPES_"

    public let questions: [String: Set<String>]
    public let obsolete: Set<String>
    public let usageQuestions: [String: Set<String>]

    public init(questions: [String: Set<String>], obsolete: Set<String> = [], usageQuestions: [String: Set<String>] = [:]) {
        self.questions = questions
        self.obsolete = obsolete
        self.usageQuestions = usageQuestions
    }

    /// Reads the table; problems go to `diagnostics` with their marks.
    public init(node: Node, diagnostics: Diagnostics) {
        let reader = NodeReader(node: node, diagnostics: diagnostics)
        let map = reader.mapping(allowed: ["questions", "obsolete", "usage_questions"], required: ["questions", "usage_questions"])
        self.questions = Self.idLists(map?["questions"])
        self.obsolete = Set(map?["obsolete"]?.stringList() ?? [])
        self.usageQuestions = Self.idLists(map?["usage_questions"])
    }

    private static func idLists(_ reader: NodeReader?) -> [String: Set<String>] {
        guard let entries = reader?.mapping()?.entries else { return [:] }
        var result: [String: Set<String>] = [:]
        for (key, value) in entries {
            result[key] = value.node.isNull ? [] : Set(value.stringList() ?? [])
        }
        return result
    }

    /// Every data type id (`PSL_EMAIL`…): the responses of the `PSL_DATA_TYPES_*` questions.
    public var dataTypes: Set<String> {
        questions.filter { $0.key.hasPrefix(Self.dataTypeQuestionPrefix) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Why a question/response pair is not part of the form, or nil when it is.
    public func problem(question: String, response: String) -> String? {
        if question.hasPrefix(Self.usagePrefix + ":") {
            let parts = question.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else {
                return "\"\(question)\" is not of the form \(Self.usagePrefix):<DATA TYPE>:<QUESTION>"
            }
            guard dataTypes.contains(parts[1]) else {
                return "unknown data type \"\(parts[1])\" in question id \"\(question)\"" + suggestion(parts[1], in: dataTypes)
            }
            guard let responses = usageQuestions[parts[2]] else {
                return "unknown data usage question \"\(parts[2])\" in question id \"\(question)\"" + suggestion(parts[2], in: Set(usageQuestions.keys))
            }
            return responseProblem(response, allowed: responses, question: question)
        }
        if obsolete.contains(question) { return nil }
        guard let responses = questions[question] else {
            return "unknown question id \"\(question)\"" + suggestion(question, in: Set(questions.keys))
        }
        return responseProblem(response, allowed: responses, question: question)
    }

    private func responseProblem(_ response: String, allowed: Set<String>, question: String) -> String? {
        if response.isEmpty || allowed.contains(response) { return nil }
        if allowed.isEmpty { return "question \"\(question)\" takes no response id, got \"\(response)\"" }
        return "unknown response id \"\(response)\" for question \"\(question)\"" + suggestion(response, in: allowed)
    }

    private func suggestion(_ word: String, in candidates: Set<String>) -> String {
        Spelling.nearest(to: word, in: candidates.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
