import Foundation
import Project
import Testing

/// Reading snapshots: secrets become booleans, hostile files are refused with a message, never a crash.
@Suite("Console snapshot reader")
struct ConsoleSnapshotReaderTests {
    static let password = "Hunter2-review-secret"

    func decode(_ json: String) throws(ConsoleSnapshotError) -> ConsoleSnapshot {
        try ConsoleSnapshotReader.decode(Data(json.utf8), file: "snap.json")
    }

    @Test func theDemoPasswordIsReducedToPresentAndNeverWrittenBack() throws {
        let snapshot = try decode("""
        {"format":1,"appStoreConnect":{"app":{"id":"1","bundleId":"b"},"version":{"id":"v","reviewDetail":
          {"demoAccountRequired":true,"demoAccountName":"r@example.com","demoAccountPassword":"\(Self.password)"}}}}
        """)
        let detail = try #require(snapshot.appStoreConnect?.version?.reviewDetail)
        #expect(detail.demoAccountPasswordPresent)
        let written = String(decoding: ConsoleSnapshotReader.encode(snapshot), as: UTF8.self)
        #expect(!written.contains(Self.password))
        #expect(written.contains("\"demoAccountPasswordPresent\" : true"))
        #expect(!String(describing: snapshot).contains(Self.password))
    }

    @Test func anEmptyOrBlankPasswordIsAbsent() throws {
        for given in ["\"\"", "\"  \"", "null"] {
            let snapshot = try decode("""
            {"format":1,"appStoreConnect":{"app":{"id":"1","bundleId":"b"},"version":{"id":"v","reviewDetail":{"demoAccountPassword":\(given)}}}}
            """)
            #expect(snapshot.appStoreConnect?.version?.reviewDetail?.demoAccountPasswordPresent == false, "password \(given)")
        }
    }

    @Test func anUnansweredAgeRatingQuestionIsNull() throws {
        let snapshot = try decode("""
        {"format":1,"appStoreConnect":{"app":{"id":"1","bundleId":"b"},"appInfo":{"id":"i","ageRatingDeclaration":{"answers":
          {"gambling":false,"violenceRealistic":"NONE","messagingAndChat":null}}}}}
        """)
        let answers = try #require(snapshot.appStoreConnect?.appInfo?.ageRatingDeclaration?.answers)
        #expect(answers["messagingAndChat"] == .unanswered)
        #expect(answers["gambling"] == .bool(false))
        #expect(answers["violenceRealistic"] == .text("NONE"))
    }

    @Test func versionCodesAreReadAsNumbersOrStrings() throws {
        let snapshot = try decode("""
        {"format":1,"googlePlay":{"packageName":"p","bundles":[{"versionCode":41},{"versionCode":"42"}],
          "tracks":[{"track":"beta","releases":[{"versionCodes":["43",44]}]}]}}
        """)
        #expect(snapshot.googlePlay?.bundles.map(\.versionCode) == ["41", "42"])
        #expect(snapshot.googlePlay?.tracks.first?.releases.first?.versionCodes == ["43", "44"])
    }

    @Test(arguments: [
        ("not json", "is not"),
        ("[]", "is not a console snapshot"),
        ("{\"format\":9}", "has format 9"),
        ("{\"format\":1,\"googlePlay\":{\"packageName\":\"p\",\"bundles\":[{\"versionCode\":\"4x2\"}]}}", "versionCode"),
        ("{\"format\":1,\"appStoreConnect\":{\"app\":{\"id\":1}}}", "appStoreConnect.app"),
    ])
    func hostileSnapshotsAreRefusedWithWhy(json: String, expected: String) {
        #expect(throws: ConsoleSnapshotError.self) { try decode(json) }
        do { _ = try decode(json) } catch { #expect(error.message.contains(expected), "\(error.message)") }
    }

    @Test func aMissingOrHugeFileIsRefused() throws {
        #expect(throws: ConsoleSnapshotError.self) { try ConsoleSnapshotReader.read(path: "/nonexistent/snap.json") }
        let path = NSTemporaryDirectory() + "shipcheck-huge-\(getpid()).json"
        FileManager.default.createFile(atPath: path, contents: Data(count: ConsoleSnapshotReader.maxBytes + 10))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try ConsoleSnapshotReader.read(path: path); Issue.record("a huge file was read") } catch {
            #expect(error.message.contains("larger than"))
        }
    }

    @Test func consolePlacesCarryNoPathSeparatorOrControlCharacter() {
        let location = ConsoleLocation.at(.appstore, "fr/../../etc\u{202E}\n", "description")
        #expect(!location.path.contains("/"))
        #expect(!location.path.contains("\n"))
        #expect(!location.path.unicodeScalars.contains("\u{202E}"))
        #expect(ConsoleLocation.isConsolePlace(location.path))
        #expect(!ConsoleLocation.isConsolePlace("App Store Connect.txt"))
    }
}
