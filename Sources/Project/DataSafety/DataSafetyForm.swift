import Foundation

/// One row of a Play Data safety export: a question, optionally one of its responses, the value.
public struct DataSafetyAnswer: Sendable, Hashable {
    public let question: String
    /// Empty for questions answered in the value column (URLs, yes/no questions).
    public let response: String
    public let value: String
    /// REQUIRED, MAYBE_REQUIRED, OPTIONAL, MULTIPLE_CHOICE or SINGLE_CHOICE.
    public let requirement: String
    /// The 1-based line the row starts on.
    public let line: Int

    public init(question: String, response: String, value: String, requirement: String, line: Int) {
        self.question = question
        self.response = response
        self.value = value
        self.requirement = requirement
        self.line = line
    }

    /// `true`/`false` in any case; nil for blank or free text.
    public var bool: Bool? {
        switch value.lowercased() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// The value without surrounding whitespace; nil when blank.
    public var text: String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A parsed Data safety export, answers in file order, looked up by machine ids (labels are localized).
public struct DataSafetyForm: Sendable {
    /// Path relative to the project root.
    public let path: String
    public let answers: [DataSafetyAnswer]

    public init(path: String, answers: [DataSafetyAnswer]) {
        self.path = path
        self.answers = answers
    }

    public func answers(question: String) -> [DataSafetyAnswer] {
        answers.filter { $0.question == question }
    }

    public func answer(question: String, response: String = "") -> DataSafetyAnswer? {
        answers.first { $0.question == question && $0.response == response }
    }

    /// The non-blank value of a free-text question (`PSL_ACCOUNT_DELETION_URL`).
    public func text(question: String) -> String? {
        answer(question: question)?.text
    }

    /// Responses of a choice question that are answered `true`.
    public func selected(question: String) -> [DataSafetyAnswer] {
        answers(question: question).filter { $0.bool == true }
    }

    /// Data types (`PSL_EMAIL`…) answered `true` under a `PSL_DATA_TYPES_*` question.
    public var collectedDataTypes: [DataSafetyAnswer] {
        answers.filter { $0.question.hasPrefix(DataSafetySchema.dataTypeQuestionPrefix) && $0.bool == true }
    }
}
