import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// What an Android app uses, read from its manifest and code where the class or the call is a library's
/// (Tests/Fixtures/android/usage and android/native): a VpnService declared in the manifest, a browser login on a
/// login screen, native code from Flutter plugins and Rust built by Gradle, and Flutter desktop runners that are not.
struct AndroidUsageSignalTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/android").path

    static func run(_ path: String) throws -> Shipcheck.Run {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(path)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    static func asks(_ run: Shipcheck.Run, _ rule: String) -> Bool {
        run.result.manual.contains { $0.rule == rule }
    }

    @Test func aVpnServiceDeclaredInTheManifestGetsTheDeclarationItem() throws {
        let run = try Self.run("usage/vpn-library")
        #expect(Self.asks(run, "play-permissions.confirm-vpn-service-declaration"))
        let fact = try #require(run.project.facts["android.vpn_service_declared"])
        #expect(fact.evidence.map { "\($0.location)" } == ["app/src/main/AndroidManifest.xml:5"])
        // No code uses VpnService: the code warning stays silent, the manifest alone raises the item.
        #expect(run.project.facts["android.vpn_service"] == nil)
        let plain = try Self.run("usage/no-vpn")
        #expect(!Self.asks(plain, "play-permissions.confirm-vpn-service-declaration"))
        #expect(plain.project.facts["android.vpn_service_declared"] == nil)
    }

    @Test func aCustomTabIsALoginOnlyOnALoginScreen() throws {
        let login = try Self.run("usage/custom-tab-login")
        #expect(login.project.symbolHits.contains { $0.signal == "app.login.oauth" && $0.location.path.hasSuffix("LoginActivity.kt") })
        #expect(Self.asks(login, "demo-account.play-app-access"))
        let help = try Self.run("usage/custom-tab-help")
        #expect(!help.project.symbolHits.contains { $0.signal == "app.login.oauth" })
        #expect(!Self.asks(help, "demo-account.play-app-access"))
    }

    @Test func reactNativeAppAuthIsALoginSignal() throws {
        let run = try Self.run("usage/rn-app-auth")
        #expect(run.project.symbolHits.contains { $0.signal == "app.login.oauth" && $0.location.path == "src/signIn.ts" })
    }

    @Test func flutterDesktopRunnersAreNoAndroidNativeCode() throws {
        let run = try Self.run("native/flutter-desktop")
        #expect(run.project.facts["android.native_code"] == nil)
        #expect(!Self.asks(run, "play-publishing.confirm-16kb-native-build"))
    }

    @Test func aFlutterPluginWithNativeLibrariesRaisesThe16KBItem() throws {
        let run = try Self.run("native/flutter-native-plugin")
        #expect(run.project.facts["android.native_dependencies"]?.value == .list(["sqlite3_flutter_libs"]))
        #expect(Self.asks(run, "play-publishing.confirm-16kb-native-build"))
    }

    @Test func rustBuiltByGradleIsNativeCode() throws {
        let run = try Self.run("native/rust-cargo-ndk")
        let fact = try #require(run.project.facts["android.native_code"])
        #expect(fact.evidence.map { "\($0.location)" } == ["app/build.gradle.kts:20"])
        #expect(run.project.facts["android.native_build_16kb"] == nil)
        #expect(Self.asks(run, "play-publishing.confirm-16kb-native-build"))
    }
}
