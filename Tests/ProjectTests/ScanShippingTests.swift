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

