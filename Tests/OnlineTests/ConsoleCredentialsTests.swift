import Foundation
import Online
import Project
import Testing

/// Credentials come from the environment only, and no failure message or description shows a value.
@Suite("Console credentials")
struct ConsoleCredentialsTests {
    static let pem = "-----BEGIN PRIVATE KEY-----\nTESTKEYBODYnotarealkey0123456789\n-----END PRIVATE KEY-----"

    @Test func fastlaneVariablesWithEscapedLineBreaks() throws {
        let env = ["APP_STORE_CONNECT_API_KEY_KEY_ID": "KEY123", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "issuer-uuid",
                   "APP_STORE_CONNECT_API_KEY_KEY": Self.pem.replacingOccurrences(of: "\n", with: "\\n")]
        let found = try #require(AppStoreConnectCredentials.find(in: env).credentials)
        #expect(found.keyId == "KEY123")
        #expect(found.issuerId == "issuer-uuid")
        #expect(found.privateKey.reveal() == Self.pem)
        #expect(found.variables == ["APP_STORE_CONNECT_API_KEY_KEY_ID", "APP_STORE_CONNECT_API_KEY_ISSUER_ID", "APP_STORE_CONNECT_API_KEY_KEY"])
        #expect("\(found.privateKey)" == "[secret]")
        #expect(!String(reflecting: found).contains("TESTKEYBODY"))
    }

    @Test func base64ContentAndCodemagicNames() throws {
        let base64 = Data(Self.pem.utf8).base64EncodedString()
        let fastlane = AppStoreConnectCredentials.find(in: ["APP_STORE_CONNECT_API_KEY_KEY_ID": "K", "APP_STORE_CONNECT_API_KEY_KEY": base64,
                                                            "APP_STORE_CONNECT_API_KEY_IS_KEY_CONTENT_BASE64": "true"])
        #expect(fastlane.credentials?.privateKey.reveal() == Self.pem)
        let codemagic = AppStoreConnectCredentials.find(in: ["APP_STORE_CONNECT_KEY_IDENTIFIER": "K2", "APP_STORE_CONNECT_ISSUER_ID": "I",
                                                             "APP_STORE_CONNECT_PRIVATE_KEY": "@env:MY_KEY", "MY_KEY": Self.pem])
        #expect(codemagic.credentials?.keyId == "K2")
        #expect(codemagic.credentials?.privateKey.reveal() == Self.pem)
    }

    @Test func aKeyThatIsNotPEMIsRefusedWithoutShowingIt() {
        let secret = "sUpErSeCrEtVaLuE"
        let result = AppStoreConnectCredentials.find(in: ["APP_STORE_CONNECT_API_KEY_KEY_ID": "K", "APP_STORE_CONNECT_API_KEY_KEY": secret])
        #expect(result.credentials == nil)
        #expect(result.failure?.contains("APP_STORE_CONNECT_API_KEY_KEY") == true)
        #expect(result.failure?.contains(secret) == false)
    }

    @Test func noCredentialsSaysWhichVariablesWereLookedFor() {
        #expect(AppStoreConnectCredentials.find(in: [:]).failure?.contains("APP_STORE_CONNECT_API_KEY_KEY_ID") == true)
        #expect(GooglePlayCredentials.find(in: [:]).failure?.contains("SUPPLY_JSON_KEY") == true)
    }

    @Test func aServiceAccountFromSupplyJSONKeyData() throws {
        let json = #"{"type":"service_account","client_email":"ci@p.iam.gserviceaccount.com","private_key":"-----BEGIN PRIVATE KEY-----\nX\n-----END PRIVATE KEY-----\n","token_uri":"https://evil.example/token"}"#
        let found = try #require(GooglePlayCredentials.find(in: ["SUPPLY_JSON_KEY_DATA": json]).credentials)
        #expect(found.clientEmail == "ci@p.iam.gserviceaccount.com")
        #expect(found.variables == ["SUPPLY_JSON_KEY_DATA"])
        // Its own token_uri is not Google's: the assertion goes to Google's endpoint, not there.
        let endpoints = try ConsoleEndpoints.from(environment: [:]).get()
        #expect(endpoints.tokenURI(for: found) == ConsoleEndpoints.googleTokenDefault)
        let bad = GooglePlayCredentials.find(in: ["SUPPLY_JSON_KEY_DATA": #"{"client_email":"a","private_key":"nope-secret"}"#])
        #expect(bad.credentials == nil)
        #expect(bad.failure?.contains("nope-secret") == false)
    }

    @Test func endpointOverridesAreHTTPSOrLoopbackOnly() throws {
        #expect(ConsoleEndpoints.acceptable("https://api.example.com/x") != nil)
        #expect(ConsoleEndpoints.acceptable("http://127.0.0.1:8080") != nil)
        for refused in ["http://example.com", "http://127.0.0.1", "http://localhost:8080", "ftp://127.0.0.1:21", "https://user:pw@h.example",
                        "https://h.example/?q=1", "file:///etc/passwd", "javascript:alert(1)"] {
            #expect(ConsoleEndpoints.acceptable(refused) == nil, "\(refused)")
        }
        let overridden = try ConsoleEndpoints.from(environment: ["SHIPCHECK_ASC_API_BASE": "http://127.0.0.1:9/", "SHIPCHECK_GOOGLE_TOKEN_URI": "http://127.0.0.1:9/token"]).get()
        #expect(overridden.appStoreConnect.absoluteString == "http://127.0.0.1:9")
        #expect(overridden.tokenURIOverridden)
        if case .success = ConsoleEndpoints.from(environment: ["SHIPCHECK_PLAY_API_BASE": "http://evil.example"]) { Issue.record("an http override to another host was accepted") }
    }

    @Test func paginationStaysOnTheSameOrigin() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(ConsoleEndpoints.sameOrigin(try #require(URL(string: "http://127.0.0.1:8080/v1/apps?cursor=2")), as: base))
        #expect(!ConsoleEndpoints.sameOrigin(try #require(URL(string: "http://127.0.0.1:8081/v1/apps")), as: base))
        #expect(!ConsoleEndpoints.sameOrigin(try #require(URL(string: "https://127.0.0.1:8080/v1/apps")), as: base))
        #expect(!ConsoleEndpoints.sameOrigin(try #require(URL(string: "http://evil.example:8080/v1/apps")), as: base))
        let https = try #require(URL(string: "https://api.appstoreconnect.apple.com"))
        #expect(ConsoleEndpoints.sameOrigin(try #require(URL(string: "https://api.appstoreconnect.apple.com:443/v1/apps")), as: https))
    }
}
