import Foundation
import Testing
@testable import Project

/// Store detection over the real corpus apps (Tests/Fixtures/corpus); each expectation was checked by hand
/// against the files (e.g. `grep -n com.android.application`).
@Suite struct InspectorCorpusTests {
    static let corpus = CorpusLocation.path

    static func stores(_ app: String) throws -> (appstore: Fact, play: Fact, problems: [InputProblem]) {
        let model = try ProjectInspector.inspect(root: "\(corpus)/\(app)", manifest: nil, options: InspectionOptions())
        return (try #require(model.facts["store.appstore"]), try #require(model.facts["store.play"]), model.problems)
    }

    @Test func reactNativeAppShipsToBothStores() throws {
        let found = try Self.stores("BlueWallet__BlueWallet")
        #expect(found.appstore.value == .bool(true))
        #expect(found.appstore.evidence.map(\.location.path) == ["fastlane/metadata/ios", "ios/BlueWallet/Info.plist", "ios/BlueWalletTests/Info.plist"])
        #expect(found.play.value == .bool(true))
        #expect(found.play.evidence.first == Evidence(location: SourceLocation(path: "android/app/build.gradle", line: 1),
                                                     snippet: "apply plugin: \"com.android.application\""))
        #expect(found.problems.isEmpty)
    }

    @Test func androidAppWithCatalogAliasIsFoundByApplicationId() throws {
        let found = try Self.stores("FossifyOrg__Gallery")
        #expect(found.appstore.value == .bool(false))
        #expect(found.appstore.evidence.isEmpty)
        #expect(found.play.value == .bool(true))
        #expect(found.play.evidence.map(\.location.description) == ["app/build.gradle.kts:34", "app/src/main/AndroidManifest.xml", "fastlane/metadata/android"])
    }

    @Test func iosOnlyApp() throws {
        let found = try Self.stores("owncloud__ios-app")
        #expect(found.appstore.value == .bool(true))
        #expect(found.appstore.evidence.first?.location.path == "fastlane/metadata")
        #expect(found.play.value == .bool(false))
    }
}
