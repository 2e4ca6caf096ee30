import BuiltinData
import Foundation
import Testing
@testable import Project
@testable import Rules

/// The built-in symbol tables on the real shapes issue 39 found: what each signal must and must not see. Each
/// negative line has its positive twin, so the test fails if a signal is lost as well as if it is too eager.
@Suite struct UsageSignalTests {
    static func scanner() throws -> SourceScanner {
        let checklists = try RuleExampleTests.loaded()
        var tables: [SymbolTable] = []
        for checklist in checklists {
            for table in checklist.tables.values.filter({ $0.kind == "symbols" }).sorted(by: { $0.name < $1.name }) {
                tables.append(try SymbolTable.parse(SymbolTableSource(name: table.name, file: table.file, value: table.value)))
            }
        }
        return SourceScanner(tables: tables)
    }

    static func facts(_ source: String, _ language: Language, path: String = "App/File") throws -> Set<String> {
        Set(try scanner().scan(bytes: Array(source.utf8), language: language, path: path).map(\.hit.signal))
    }

    @Test func faceIDIsEvaluatingABiometricPolicyNotCheckingForAPasscode() throws {
        #expect(!(try Self.facts("let ok = LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: nil)\n", .swift)).contains("purpose_api.face_id"))
        #expect(try Self.facts("context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: r) { _, _ in }\n", .swift).contains("purpose_api.face_id"))
        #expect(try Self.facts("context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)\n", .swift).contains("purpose_api.face_id"))
        #expect(try Self.facts("[ctx evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:r reply:b];\n", .objc).contains("purpose_api.face_id"))
    }

    @Test func aNewPasswordForALocalSecretIsNoSignUp() throws {
        let backup = """
        TextField(
          controller: _backupPassword,
          autofillHints: const [AutofillHints.newPassword],
        )
        """
        #expect(!(try Self.facts(backup, .dart)).contains("account.creation.sign_up_form"))
        let vault = "SecureField(\"Vault passphrase\", text: $secret)\n    .textContentType(.newPassword)\n"
        #expect(!(try Self.facts(vault, .swift)).contains("account.creation.sign_up_form"))
        let signUp = "SecureField(\"Password\", text: $password)\n    .textContentType(.newPassword)\nButton(\"Create account\") {}\n"
        #expect(try Self.facts(signUp, .swift).contains("account.creation.sign_up_form"))
    }

    @Test func aStorageServersPasswordIsNoLogin() throws {
        let webdav = "// WebDAV sync settings\nSecureField(\"Password\", text: $davPassword)\n    .textContentType(.password)\n"
        #expect(!(try Self.facts(webdav, .swift, path: "App/Settings/SyncSettingsView.swift")).contains("app.login.password_field"))
        let login = "SecureField(\"Password\", text: $password)\n    .textContentType(.password)\n"
        #expect(try Self.facts(login, .swift, path: "App/Auth/LoginView.swift").contains("app.login.password_field"))
    }

    @Test func deletionAsAScreenAStringKeyOrALink() throws {
        #expect(try Self.facts("navigation.navigate('AccountDeletionWebview')\n", .javascript).contains("account.deletion.in_app"))
        #expect(try Self.facts("Text(String(localized: \"account_delete\"))\n", .swift).contains("account.deletion.in_app"))
        #expect(try Self.facts("val url = \"https://example.com/account/delete\"\n", .kotlin).contains("account.deletion.in_app"))
        #expect(!(try Self.facts("accountList.remove(at: index) // delete the local row\n", .swift)).contains("account.deletion.in_app"))
    }

    @Test func thirdPartyLoginInDartAndJS() throws {
        #expect(try Self.facts("final GoogleSignIn _g = GoogleSignIn(scopes: ['email']);\n", .dart).contains("auth.third_party_login"))
        #expect(try Self.facts("GoogleSignin.configure({ webClientId: id });\n", .javascript).contains("auth.third_party_login"))
        #expect(!(try Self.facts("export function GoogleSignInButtonPlaceholder() { return null }\n", .javascript)).contains("auth.third_party_login"))
    }

    /// The shapes whose evidence is indirect report warnings; their true twins (each rule's own trigger) errors.
    @Test(arguments: [
        ("privacy-manifest.missing-api-declaration", "shapes/framework-project/trigger", "shapes/c-include/trigger"),
        ("privacy-manifest.missing-api-declaration", "shapes/extension-project/trigger", "shapes/c-include/trigger"),
        ("privacy-manifest.binary-missing-api-declaration", "shapes/framework-relies-on-app/trigger", "trigger"),
        ("purpose-strings.missing", "shapes/flutter-plugins/trigger", "trigger"),
    ])
    func indirectEvidenceIsAWarning(rule: String, folder: String, errorTwin: String) throws {
        let hits = try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/\(rule)/\(folder)").filter { $0.rule == rule }
        #expect(!hits.isEmpty)
        #expect(hits.allSatisfy { $0.severity == .warning }, "\(hits.map { "\($0.severity) \($0.message)" })")
        let twin = try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/\(rule)/\(errorTwin)").filter { $0.rule == rule }
        #expect(twin.contains { $0.severity == .error })
    }

    /// The face-id shape's true twin: evaluating the biometric policy without the key is still the upload error.
    @Test func faceIDTwinIsAnError() throws {
        let hits = try RuleExampleTests.evaluate("\(RuleExampleTests.examplesRoot)/purpose-strings.missing/shapes/face-id/trigger")
            .filter { $0.rule == "purpose-strings.missing" }
        #expect(hits.map(\.severity) == [.error])
        #expect(hits.first?.message.contains("NSFaceIDUsageDescription") == true)
    }
}
