import Foundation
import ShipcheckCore
import Testing
@testable import Rules

/// Native code from dependencies and the 16 KB confirmation (Tests/Fixtures/android/native): a native-bearing
/// dependency of the native_dependencies table raises the manual item with no .so in the tree; an in-repo CMake
/// build closes it with NDK r28+ or -Wl,-z,max-page-size=16384, and keeps it with an older NDK and no flag.
struct AndroidNativeDependencyTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/android/native").path

    static func run(_ path: String) throws -> Shipcheck.Run {
        try Shipcheck.run(Shipcheck.Options(path: "\(fixtures)/\(path)", checklists: RuleExampleTests.loaded(), today: "2026-11-30"))
    }

    static func asksFor16KB(_ run: Shipcheck.Run) -> Bool {
        run.result.manual.contains { $0.rule == "play-publishing.confirm-16kb-native-build" }
    }

    @Test func aNativeDependencyRaisesTheItem() throws {
        let run = try Self.run("deps-only")
        #expect(Self.asksFor16KB(run))
        #expect(run.project.facts["android.native_dependencies"]?.value == .list(["org.conscrypt:conscrypt-android"]))
        #expect(run.project.facts["android.native_code"] == nil)
        // 2.5.3 is the table's first 16 KB release: no version warning.
        #expect(!run.result.findings.contains { $0.rule == "play-publishing.native-dependency-16kb" })
    }

    @Test(arguments: [("cmake-ndk28", "app/build.gradle.kts:8"), ("cmake-flag", "app/src/main/cpp/CMakeLists.txt:4")])
    func aSixteenKBNativeBuildClosesTheItem(shape: String, evidence: String) throws {
        let run = try Self.run(shape)
        #expect(!Self.asksFor16KB(run))
        let fact = run.project.facts["android.native_build_16kb"]
        #expect(fact?.evidence.map { "\($0.location)" } == [evidence])
    }

    @Test func anOlderNDKWithoutTheFlagKeepsTheItem() throws {
        let run = try Self.run("cmake-old")
        #expect(Self.asksFor16KB(run))
        #expect(run.project.facts["android.native_build_16kb"] == nil)
    }
}
