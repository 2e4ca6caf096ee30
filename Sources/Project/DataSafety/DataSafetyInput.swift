import Foundation

/// The project's Play Data safety export, read once during inspection: the parsed form, or every problem
/// that kept it from being read (with lines). The checks read this; none parses the CSV itself.
public enum DataSafetyInput: Sendable {
    case form(DataSafetyForm)
    case unreadable(DataSafetyError)

    public var form: DataSafetyForm? {
        if case .form(let form) = self { return form }
        return nil
    }

    public var error: DataSafetyError? {
        if case .unreadable(let error) = self { return error }
        return nil
    }

    /// Parses a loaded export against the form's question ids (the checklists' `kind: data_safety_questions`
    /// table); without one, the export cannot be checked and says so.
    public static func read(_ document: LoadedDocument, schema: DataSafetySchema?) -> DataSafetyInput {
        switch document.content {
        case .unreadable(let reason):
            return .unreadable(DataSafetyError(file: document.path, problems: [.init(line: nil, message: reason)]))
        case .bytes(let bytes):
            guard let schema else {
                return .unreadable(DataSafetyError(file: document.path, problems: [.init(line: nil, message: "no loaded checklist has the Data safety form's question ids (a kind: data_safety_questions table), so the export could not be checked")]))
            }
            do {
                return .form(try DataSafetyReader.parse(data: Data(bytes), path: document.path, schema: schema))
            } catch {
                return .unreadable(error)
            }
        }
    }
}
