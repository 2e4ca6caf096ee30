import Foundation
import Testing
import StoreLocale
import YAML
@testable import Project

@Suite struct ManifestTests {
    static func parse(_ text: String) throws(ManifestError) -> Manifest {
        try ManifestReader.parse(data: Data(text.utf8), file: "shipcheck.yml")
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.errors.map { "\($0.mark?.description ?? "-") \($0.message)" }
        }
    }

    @Test func readsEveryKey() throws {
        let manifest = try Self.parse("""
        app: { name: Example, developer: Example Inc. }
        stores: [appstore, play]
        paths:
          appstore_metadata: fastlane/metadata
          play_metadata: [fastlane/metadata/android, flavors/pro/metadata]
          data_safety: play/data-safety.csv
          privacy_policy: https://example.com/privacy
        facts:
          account.creation: true
          app.login_required: false
          android.target_sdk: 35
          app.version: '35'
          app.tagline: hello
          app.markets: [US, DE]
        review:
          demo_user: env:DEMO_USER
          demo_password: env:DEMO_PASSWORD
          notes: Use the demo account.
          play_app_access: Sign in with the demo account.
        rules:
          skip: [metadata.keywords-bytes]
          severity: { metadata.other-platforms: warning, privacy: off }
        exclude: [Pods/**, Carthage/**, build/**]
        """)

        #expect(manifest.file == "shipcheck.yml")
        #expect(manifest.appName == "Example")
        #expect(manifest.developer == "Example Inc.")
        #expect(manifest.stores == [.appstore, .play])
        #expect(manifest.storesLocation == SourceLocation(path: "shipcheck.yml", line: 2, column: 9))
        #expect(manifest.paths.appstoreMetadata == ["fastlane/metadata"])
        #expect(manifest.paths.playMetadata == ["fastlane/metadata/android", "flavors/pro/metadata"])
        #expect(manifest.paths.dataSafety == "play/data-safety.csv")
        #expect(manifest.paths.privacyPolicy == "https://example.com/privacy")
        #expect(manifest.facts.map(\.name) == ["account.creation", "app.login_required", "android.target_sdk",
                                              "app.version", "app.tagline", "app.markets"])
        #expect(manifest.facts.map(\.value) == [.bool(true), .bool(false), .number(35), .string("35"), .string("hello"), .list(["US", "DE"])])
        #expect(manifest.facts.allSatisfy { $0.source == .stated })
        #expect(manifest.facts[0].evidence == [Evidence(location: SourceLocation(path: "shipcheck.yml", line: 9, column: 21),
                                                        snippet: "account.creation: true")])
        #expect(manifest.review.demoUser == "env:DEMO_USER")
        #expect(manifest.review.demoPassword == "env:DEMO_PASSWORD")
        #expect(manifest.review.notes == "Use the demo account.")
        #expect(manifest.review.playAppAccess == "Sign in with the demo account.")
        #expect(manifest.skip == ["metadata.keywords-bytes"])
        #expect(manifest.locations["rules.skip.metadata.keywords-bytes"]?.line == 21)
        #expect(manifest.severity == ["metadata.other-platforms": "warning", "privacy": "off"])
        #expect(manifest.exclude == ["Pods/**", "Carthage/**", "build/**"])
    }

    @Test func singleValuesReadAsLists() throws {
        let manifest = try Self.parse("stores: play\nexclude: Pods/**\nrules: { skip: a.b }\n")
        #expect(manifest.stores == [.play])
        #expect(manifest.exclude == ["Pods/**"])
        #expect(manifest.skip == ["a.b"])
    }

    @Test func emptyDocumentIsAnEmptyManifest() throws {
        let manifest = try Self.parse("# nothing stated yet\n")
        #expect(manifest.stores == nil)
        #expect(manifest.facts.isEmpty)
        #expect(manifest.exclude.isEmpty)
    }

    @Test func unknownKeysWithSuggestionsAndLines() {
        #expect(Self.errors("""
        app: { name: X, develper: Y }
        stores: [appstore, playstore]
        pahts: { data_safety: a.csv }
        rules: { skip: [a], severity: { a.b: warn } }
        """) == [
            "1:17 unknown key \"develper\" (did you mean \"developer\"?)",
            "2:20 expected one of appstore, play, fdroid, got \"playstore\"",
            "3:1 unknown key \"pahts\" (did you mean \"paths\"?)",
            "4:38 expected one of error, warning, info, off, got \"warn\"",
        ])
    }

    @Test func wrongTypesAreErrors() {
        #expect(Self.errors("""
        app: Example
        facts: { account.creation: { nested: true }, ok: ~ }
        paths: { appstore_metadata: /abs/path, play_metadata: ../outside }
        exclude: [""]
        """) == [
            "1:6 expected a mapping, got \"Example\"",
            "2:28 expected true, false, a number, a 'string' or a list for fact account.creation, got a mapping",
            "2:50 expected true, false, a number, a 'string' or a list for fact ok, got null",
            "3:29 paths are relative to the project root and stay inside it, got \"/abs/path\"",
            "3:55 paths are relative to the project root and stay inside it, got \"../outside\"",
            "4:11 an exclude pattern cannot be empty",
        ])
    }

    @Test func literalPasswordIsRefusedWithoutEchoingIt() {
        do {
            _ = try Self.parse("review:\n  demo_user: reviewer@example.com\n  demo_password: hunter2-Secret\n")
            Issue.record("a literal password must be refused")
        } catch {
            #expect(error.errors.count == 1)
            let message = error.description
            #expect(message.contains("shipcheck.yml:3:18"))
            #expect(message.contains("never commit the password; use env:NAME"))
            #expect(!message.contains("hunter2"))
        }
        #expect(Self.errors("review: { demo_password: 'secret:play/demo' }\n").isEmpty)
        #expect(Self.errors("review: { demo_password: 'env:' }\n").count == 1)
    }

    @Test func malformedYAMLNamesTheFile() throws {
        let tree = try TemporaryTree()
        let path = try tree.write("shipcheck.yml", "stores: [appstore\nfacts: {\n")
        do {
            _ = try ManifestReader.read(path: path, relativePath: "shipcheck.yml")
            Issue.record("malformed YAML must throw")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.file == "shipcheck.yml")
            #expect(error.errors.first?.mark != nil)
        }
    }

    @Test func missingOrBinaryFileNamesTheFile() throws {
        let tree = try TemporaryTree()
        do {
            _ = try ManifestReader.read(path: tree.path("shipcheck.yml"), relativePath: "shipcheck.yml")
            Issue.record("a missing manifest must throw")
        } catch {
            #expect(error.description == "shipcheck.yml: cannot read the manifest: no such file")
        }
        let binary = try tree.write("bad.yml", Data([0x73, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]))
        #expect(throws: ManifestError.self) { try ManifestReader.read(path: binary, relativePath: "bad.yml") }
    }
}
