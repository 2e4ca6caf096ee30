import Foundation
import Project
import Testing
import YAML

/// The Data safety CSV reader, on the two real exports of the corpus and on hand-made edge cases.
@Suite("Data safety reader")
struct DataSafetyReaderTests {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = CorpusLocation.path + "/data-safety"

    /// The `data_safety_questions` table of the built-in checklist.
    static func schema() throws -> DataSafetySchema {
        let path = repoRoot.appendingPathComponent("rules/data-safety.yml").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try YAMLParser.parse(data: data, file: "rules/data-safety.yml"))
        let table = try #require(root["tables"]?["data_safety_questions"]?["value"])
        let diagnostics = Diagnostics(file: "rules/data-safety.yml")
        let schema = DataSafetySchema(node: table, diagnostics: diagnostics)
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors)")
        return schema
    }

    static let header = "Question ID (machine readable),Response ID (machine readable),Response value,Answer requirement,Human-friendly question label"

    static func parse(_ text: String) throws(DataSafetyError) -> DataSafetyForm {
        // A schema failure is a test bug; an empty schema would make every id unknown.
        let schema = (try? schema()) ?? DataSafetySchema(questions: [:])
        return try DataSafetyReader.parse(data: Data(text.utf8), path: "play/data-safety.csv", schema: schema)
    }

    @Test func stockmanExportParses() throws {
        let form = try DataSafetyReader.read(absolutePath: "\(Self.corpus)/youssouphasba__Stockman.csv",
                                             path: "data-safety.csv", schema: try Self.schema())
        #expect(form.answers.count == 782)
        #expect(form.answer(question: "PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA")?.bool == true)
        let url = try #require(form.answer(question: "PSL_ACCOUNT_DELETION_URL"))
        #expect(url.text == "https://stockman.pro/delete-account")
        #expect(url.line == 11)
        #expect(form.answer(question: "PSL_DATA_TYPES_PERSONAL", response: "PSL_NAME")?.line == 24)
        // Every creation method is left blank in this export: none counts as selected.
        #expect(form.selected(question: "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS").isEmpty)
        #expect(form.collectedDataTypes.map(\.response) == ["PSL_NAME", "PSL_EMAIL", "PSL_USER_ACCOUNT", "PSL_PHONE", "PSL_PURCHASE_HISTORY",
                                                            "PSL_PHOTOS", "PSL_CRASH_LOGS", "PSL_PERFORMANCE_DIAGNOSTICS", "PSL_USER_INTERACTION", "PSL_DEVICE_ID"])
    }

    @Test func elevateExportParsesQuotedUppercaseAnswers() throws {
        let form = try DataSafetyReader.read(absolutePath: "\(Self.corpus)/mhmalvi__elevate-mobile-experience.csv",
                                             path: "data-safety.csv", schema: try Self.schema())
        #expect(form.answers.count == 340)
        #expect(form.selected(question: "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS").map(\.response) == ["PSL_ACM_USER_ID_PASSWORD"])
        #expect(form.selected(question: "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS").first?.line == 4)
        #expect(form.text(question: "PSL_DATA_DELETION_URL") == "https://app.tradiemate.com.au/settings")
        #expect(form.answer(question: "PSL_INDEPENDENTLY_VALIDATED")?.bool == false)
        #expect(form.collectedDataTypes.count == 15)
    }

    @Test func quotedFieldsWithDoubledQuotesNewlinesAndCRLF() throws {
        let text = Self.header + "\r\n"
            + "PSL_ACCOUNT_DELETION_URL,,https://example.com/delete,MAYBE_REQUIRED,\"Label with \"\"quotes\"\", a comma\r\nand a new line\"\r\n"
            + "\"PSL_DATA_DELETION_URL\",\"\",\"https://example.com/data\",\"MAYBE_REQUIRED\",\"Delete data URL\"\r\n"
        let form = try Self.parse(text)
        #expect(form.answers.count == 2)
        #expect(form.answers[0].value == "https://example.com/delete")
        #expect(form.answers[0].line == 2)
        // The first record spans lines 2 and 3, so the second starts on line 4.
        #expect(form.answers[1].line == 4)
        #expect(form.text(question: "PSL_DATA_DELETION_URL") == "https://example.com/data")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let form = try Self.parse("\u{FEFF}" + Self.header + "\nPSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA,,False,REQUIRED,x\n")
        #expect(form.answer(question: "PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA")?.bool == false)
    }

    @Test func wrongHeaderNamesLineOneAndTheExpectedHeader() {
        #expect {
            _ = try Self.parse("Question ID,Response ID,Response value,Answer requirement,Label\nPSL_ACM_SPECIFY,,,MAYBE_REQUIRED,x\n")
        } throws: { error in
            guard let error = error as? DataSafetyError else { return false }
            return error.file == "play/data-safety.csv" && error.problems.count == 1 && error.problems[0].line == 1
                && error.problems[0].message.contains(Self.header)
        }
    }

    @Test func unknownQuestionAndResponseIdsAreErrorsWithTheirLines() {
        let text = Self.header + "\n"
            + "PSL_DATA_COLLECTION_ENCRYPTED_IN_TRANSIT,,true,MAYBE_REQUIRED,ok\n"
            + "PSL_DATA_COLLECTON_ENCRYPTED_IN_TRANSIT,,true,MAYBE_REQUIRED,typo\n"
            + "PSL_DATA_TYPES_PERSONAL,PSL_SHOE_SIZE,true,MULTIPLE_CHOICE,unknown response\n"
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let error = error as? DataSafetyError, error.problems.count == 2 else { return false }
            return error.problems[0].line == 3 && error.problems[0].message.contains("unknown question id \"PSL_DATA_COLLECTON_ENCRYPTED_IN_TRANSIT\"")
                && error.problems[0].message.contains("did you mean \"PSL_DATA_COLLECTION_ENCRYPTED_IN_TRANSIT\"")
                && error.problems[1].line == 4 && error.problems[1].message.contains("PSL_SHOE_SIZE")
        }
    }

    @Test func compositeUsageIdsAreValidatedByParts() throws {
        let valid = Self.header + "\n"
            + "PSL_DATA_USAGE_RESPONSES:PSL_EMAIL:PSL_DATA_USAGE_COLLECTION_AND_SHARING,PSL_DATA_USAGE_ONLY_COLLECTED,true,MULTIPLE_CHOICE,x\n"
            + "PSL_DATA_USAGE_RESPONSES:PSL_EMAIL:DATA_USAGE_COLLECTION_PURPOSE,PSL_ANALYTICS,false,MULTIPLE_CHOICE,x\n"
        #expect(try Self.parse(valid).answers.count == 2)

        for (id, expected) in [("PSL_DATA_USAGE_RESPONSES:PSL_SHOE_SIZE:PSL_DATA_USAGE_EPHEMERAL", "unknown data type \"PSL_SHOE_SIZE\""),
                               ("PSL_DATA_USAGE_RESPONSES:PSL_EMAIL:DATA_USAGE_COLOR", "unknown data usage question \"DATA_USAGE_COLOR\""),
                               ("PSL_DATA_USAGE_RESPONSES:PSL_EMAIL", "is not of the form")] {
            #expect {
                _ = try Self.parse(Self.header + "\n\(id),,,MAYBE_REQUIRED,x\n")
            } throws: { error in
                (error as? DataSafetyError)?.problems.first.map { $0.line == 2 && $0.message.contains(expected) } ?? false
            }
        }
    }

    @Test func wrongFieldCountAndUnterminatedQuoteAreErrorsWithLines() {
        #expect {
            _ = try Self.parse(Self.header + "\nPSL_ACM_SPECIFY,,,MAYBE_REQUIRED\n")
        } throws: { error in
            (error as? DataSafetyError)?.problems.first.map { $0.line == 2 && $0.message == "expected 5 fields, got 4" } ?? false
        }
        #expect {
            _ = try Self.parse(Self.header + "\nPSL_ACM_SPECIFY,,\"never closed,MAYBE_REQUIRED,x\nmore\n")
        } throws: { error in
            (error as? DataSafetyError)?.problems.first.map { $0.line == 2 && $0.message.contains("never closed") } ?? false
        }
    }

    @Test func nonUTF8IsAnErrorNamingTheFile() {
        var bytes = Array((Self.header + "\nPSL_ACM_SPECIFY,,caf").utf8)
        bytes += [0xE9, 0x0A]  // Latin-1 é
        #expect {
            _ = try DataSafetyReader.parse(data: Data(bytes), path: "play/data-safety.csv", schema: DataSafetySchema(questions: [:]))
        } throws: { error in
            guard let error = error as? DataSafetyError else { return false }
            return error.file == "play/data-safety.csv" && error.problems.first?.line == nil && error.problems.first?.message.contains("UTF-8") == true
        }
    }

    @Test func locatorPrefersTheStatedPathThenTheShallowestMatchAndSkipsVendoredFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ds-locate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["node_modules/x/data-safety.csv", "android/play/Data_Safety_export.csv", "android/play/deep/data-safety.csv", "notes.csv"] {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        func files() throws -> [ProjectFile] { try FileWalker().walk(root: root).files }
        #expect(DataSafetyLocator.locate(files: try files(), manifest: nil) == "android/play/Data_Safety_export.csv")
        let manifest = Manifest(file: "shipcheck.yml", paths: .init(dataSafety: "store/form.csv"))
        #expect(DataSafetyLocator.locate(files: try files(), manifest: manifest) == "store/form.csv")
        try FileManager.default.removeItem(atPath: "\(root)/android")
        #expect(DataSafetyLocator.locate(files: try files(), manifest: nil) == nil)
    }
}
