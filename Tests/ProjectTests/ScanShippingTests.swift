import Foundation
import Testing
@testable import Project

/// Code that does not ship is not evidence: debug and simulator regions, previews, test and mock files.
@Suite struct ScanShippingTests {
    static func hits(_ source: String, _ language: Language = .swift) -> [String] {
        ScanTests.hits(source, language, ["UserDefaults"])
    }

    @Test func debugRegionIsSkippedAndItsElseKept() {
        let source = """
        #if DEBUG
        let a = UserDefaults.standard
        #else
        let b = UserDefaults.standard
        #endif
        let c = UserDefaults.standard
        """
        #expect(Self.hits(source) == ["UserDefaults@4:9", "UserDefaults@6:9"])
    }

    @Test func simulatorRegionIsSkipped() {
        let source = "#if targetEnvironment( simulator ) // only on the Mac\nUserDefaults()\n#endif\nUserDefaults()\n"
        #expect(Self.hits(source) == ["UserDefaults@4:1"])
    }

    @Test func negatedDebugKeepsFirstBranchAndSkipsTheRest() {
        let source = "#if !DEBUG\nUserDefaults()\n#elseif os(iOS)\nUserDefaults()\n#else\nUserDefaults()\n#endif\n"
        #expect(Self.hits(source) == ["UserDefaults@2:1"])
    }

    @Test func otherConditionsKeepEveryBranchAndNestingIsFollowed() {
        let source = """
        #if os(iOS)
        UserDefaults()
          #if DEBUG
          UserDefaults()
            #if os(macOS)
            UserDefaults()
            #else
            UserDefaults()
            #endif
          #endif
        UserDefaults()
        #else
        UserDefaults()
        #endif
        """
        #expect(Self.hits(source) == ["UserDefaults@2:1", "UserDefaults@11:1", "UserDefaults@13:1"])
    }

    @Test func objectiveCDebugForms() {
        let source = "#ifdef DEBUG\n[NSUserDefaults x];\n#endif\n# if defined(DEBUG)\nUserDefaults\n#else\nUserDefaults\n#endif\n#ifndef DEBUG\nUserDefaults\n#endif\n"
        #expect(Self.hits(source, .objc) == ["UserDefaults@7:1", "UserDefaults@10:1"])
    }

    @Test func codeForAnotherSystemIsSkippedAndItsElseKept() {
        let source = "#if os(Linux)\nUserDefaults()\n#elseif canImport(Glibc)\nUserDefaults()\n#else\nUserDefaults()\n#endif\n"
        #expect(Self.hits(source) == ["UserDefaults@6:1"])
    }

    @Test func undecidedPlatformConditionsKeepEveryBranch() {
        // os(iOS) or os(macOS): either can be the bundle that ships.
        let source = "#if os(iOS)\nUserDefaults()\n#elseif canImport(AppKit)\nUserDefaults()\n#else\nUserDefaults()\n#endif\n"
        #expect(Self.hits(source) == ["UserDefaults@2:1", "UserDefaults@4:1", "UserDefaults@6:1"])
    }

    @Test func debugOrSimulatorTogetherNeverShip() {
        let source = "#if DEBUG || targetEnvironment(simulator)\nUserDefaults()\n#endif\n#if DEBUG && os(iOS)\nUserDefaults()\n#endif\nUserDefaults()\n"
        #expect(Self.hits(source) == ["UserDefaults@7:1"])
    }

    /// damus's vendored LMDB (nostrdb/mdb.c, OpenLDAP Public License): `fstatfs` is called under a macro the file
    /// defines only on Linux.
    @Test func aMacroDefinedOnlyForAnotherSystemGuardsNothingThatShips() {
        let source = """
        #if defined(__linux) && !defined(MDB_FDATASYNC_WORKS)
        #define	BROKEN_FDATASYNC
        #endif
        #ifdef BROKEN_FDATASYNC
        		fstatfs(env->me_fd, &st);
        #endif
        #ifdef __APPLE__
        fstatfs(a, &b);
        #else
        fstatfs(c, &d);
        #endif
        """
        #expect(ScanTests.hits(source, .c, ["fstatfs"]) == ["fstatfs@8:1"])
    }

    @Test func aMacroDefinedInShippingCodeKeepsItsRegion() {
        let source = "#ifdef DEBUG\n#define LOG 1\n#else\n#define LOG 0\n#endif\n#ifdef LOG\nfstatfs(a);\n#endif\n#define HAVE_STATFS 1\n#if HAVE_STATFS\nfstatfs(b);\n#endif\n"
        #expect(ScanTests.hits(source, .c, ["fstatfs"]) == ["fstatfs@7:1", "fstatfs@11:1"])
    }

    @Test func aDefineLineIsStillCode() {
        #expect(ScanTests.hits("#define FREE_SPACE(fd, st) fstatfs(fd, st)\n", .c, ["fstatfs"]) == ["fstatfs@1:28"])
    }

    @Test(arguments: [
        ("defined(__linux__)", ShippingCondition.alwaysFalse), ("defined __ANDROID__", .alwaysFalse), ("_WIN32", .alwaysFalse),
        ("__APPLE__", .alwaysTrue), ("!defined(__APPLE__)", .alwaysFalse), ("defined(__APPLE__) && defined(X)", .undecided),
        ("defined(__linux) || defined(_WIN32)", .alwaysFalse), ("defined(__linux) || defined(X)", .undecided),
        ("0", .alwaysFalse), ("1", .alwaysTrue), ("__ANDROID_API__ >= 21", .undecided), ("X == 1", .undecided),
        ("os(Linux)", .alwaysFalse), ("!os(Windows)", .alwaysTrue), ("canImport(Darwin)", .alwaysTrue),
        ("canImport(UIKit)", .undecided), ("__has_include(<UIKit/UIKit.h>)", .undecided), ("((DEBUG))", .alwaysFalse),
        ("", .undecided), ("(((", .undecided), (String(repeating: "!", count: 500) + "DEBUG", .undecided),
    ])
    func conditionsAreReadForTheShippingBuild(condition: String, expected: ShippingCondition) {
        #expect(ShippingCondition.evaluate(condition) == expected)
    }

    @Test func hashInsideAStringOrMidLineIsNoDirective() {
        let source = "let s = \"#if DEBUG\"\nUserDefaults() ; x = #if DEBUG\nUserDefaults()\n"
        #expect(Self.hits(source) == ["UserDefaults@2:1", "UserDefaults@3:1"])
    }

    @Test func unbalancedEndifDoesNotHideCode() {
        #expect(Self.hits("#endif\n#else\nUserDefaults()\n") == ["UserDefaults@3:1"])
    }

    @Test func previewMacroBodyIsSkipped() {
        let source = """
        #Preview("Row", traits: .sizeThatFitsLayout) {
            let d = UserDefaults(suiteName: "x")
            Row { Text("\\(d)") }
        }
        let kept = UserDefaults.standard
        """
        #expect(Self.hits(source) == ["UserDefaults@5:12"])
    }

    @Test func previewProviderTypeIsSkipped() {
        let source = """
        struct Row_Previews: PreviewProvider {
            static var previews: some View { Row(store: UserDefaults()) }
        }
        struct Row: View { let store = UserDefaults() }
        """
        #expect(Self.hits(source) == ["UserDefaults@4:32"])
    }

    @Test(arguments: [
        ("App/AppTests/StoreTests.swift", false), ("Tests/Unit/A.swift", false), ("AppUITests/Launch.swift", false),
        ("App/Mocks/Store.swift", false), ("App/Store/UserDefaultsMock.swift", false), ("App/Preview Content/Data.swift", false),
        ("app/src/test/java/A.kt", false), ("app/src/androidTest/java/A.kt", false), ("app/src/debug/java/A.kt", false),
        ("app/src/testDebug/java/A.kt", false), ("app/src/freeDebug/java/A.kt", false),
        ("App/Sources/Store.swift", true), ("app/src/main/java/A.kt", true), ("app/src/release/java/A.kt", true),
        ("App/Testing/Store.swift", true), ("App/Contest/A.swift", true),
    ])
    func pathConventions(path: String, ships: Bool) {
        #expect(ShippingScope.conventions.ships(path) == ships)
    }

    @Test func membershipWinsOverConventions() {
        let scope = ShippingScope(shippingMembers: ["App/Mocks/Demo.swift"], nonShippingMembers: ["Shared/Fixture.swift", "App/Mocks/Demo.swift"])
        #expect(scope.ships("App/Mocks/Demo.swift"))
        #expect(!scope.ships("Shared/Fixture.swift"))
        #expect(scope.ships("Shared/Store.swift"))
    }

    @Test func scanSkipsFilesThatDoNotShip() throws {
        let tree = try TemporaryTree()
        try tree.write("App/Store.swift", "UserDefaults()\n")
        try tree.write("AppTests/StoreTests.swift", "UserDefaults()\n")
        try tree.write("Shared/TestHelper.swift", "UserDefaults()\n")
        let scanner = ScanTests.scanner([SymbolEntry(fact: "f", symbols: [ScanTests.pattern("UserDefaults")])])
        let files = try FileWalker().walk(root: tree.root).files

        let result = scanner.scan(files: files, maxFileBytes: 1 << 20, scope: ShippingScope(nonShippingMembers: ["Shared/TestHelper.swift"]))

        #expect(result.part?.symbolHits.map(\.location.path) == ["App/Store.swift"])
    }
}

