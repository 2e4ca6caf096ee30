import Foundation
import Testing
@testable import Project

/// Which files fastlane deliver would upload as App Store screenshots, as AppStoreScreenshotDiscovery reads them.
@Suite("App Store screenshot discovery")
struct AppStoreScreenshotDiscoveryTests {
    @Test func readsLocaleFoldersOfFastlaneScreenshotsWithTheirHeaders() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/en-US/name.txt", Data("App\n".utf8))
        try folder.write("fastlane/screenshots/en-US/01.png", ImageBytes.png(width: 1320, height: 2868))
        try folder.write("fastlane/screenshots/de-DE/01.jpg", ImageBytes.jpeg(width: 2064, height: 2752))
        try folder.write("fastlane/screenshots/en-US/notes.txt", Data("not an image".utf8))
        let found = MetadataTestSupport.discover(folder.path).part?.appStoreScreenshots ?? []
        #expect(found.map(\.path) == ["fastlane/screenshots"])
        let shots = found.first?.screenshots ?? []
        #expect(shots.map(\.location.path) == ["fastlane/screenshots/de-DE/01.jpg", "fastlane/screenshots/en-US/01.png"])
        #expect(shots.map(\.locale) == ["de-DE", "en-US"])
        #expect(shots.last.map { [$0.width, $0.height] } == [1320, 2868])
        #expect(shots.last?.hasAlpha == true)  // ImageBytes.png writes colour type 6 (RGBA)
        #expect(shots.first?.format == "jpeg")
    }

    @Test func skipsFoldersDeliverDoesNotUploadAsAppScreenshotsAndUnframedFilesBesideFramedOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/screenshots/iMessage/en-US/01.png", ImageBytes.png(width: 1320, height: 2868))
        try folder.write("fastlane/screenshots/android/en-US/01.png", ImageBytes.png(width: 1080, height: 1920))
        try folder.write("fastlane/screenshots/en-US/01_home.png", ImageBytes.png(width: 1320, height: 2868))
        try folder.write("fastlane/screenshots/en-US/01_home_framed.png", ImageBytes.png(width: 1320, height: 2868))
        try folder.write("fastlane/screenshots/en-US/watch_01.png", ImageBytes.png(width: 410, height: 502))
        let shots = MetadataTestSupport.discover(folder.path).part?.appStoreScreenshots.flatMap(\.screenshots)
        #expect(shots?.map(\.location.path) == ["fastlane/screenshots/en-US/01_home_framed.png", "fastlane/screenshots/en-US/watch_01.png"])
    }

    @Test func aScreenshotsFolderOutsideFastlaneAndAwayFromAnAppStoreTreeIsNotDeliversOwn() throws {
        let folder = try TemporaryFolder()
        try folder.write("docs/screenshots/en-US/01.png", ImageBytes.png(width: 1000, height: 2000))
        #expect(MetadataTestSupport.discover(folder.path).part?.appStoreScreenshots.isEmpty == true)
    }

    @Test func anUnreadableScreenshotIsAnInputProblemNamingDeliver() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/screenshots/en-US/01.png", Data("not a png".utf8))
        let result = MetadataTestSupport.discover(folder.path)
        #expect(result.part?.appStoreScreenshots.first?.screenshots.first?.width == nil)
        #expect(result.problems.contains { $0.location.path == "fastlane/screenshots/en-US/01.png" && $0.message.contains("deliver") })
    }
}
