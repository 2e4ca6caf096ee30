import Foundation
import Testing
@testable import Project

/// An Expo app whose ios/ and android/ folders are generated at build time (nothing native committed) still
/// ships to both stores; `platforms` narrows that; a committed Android project is its own evidence; Firebase's
/// GoogleService-Info.plist is no bundle's Info.plist.
@Suite struct ExpoStoreEvidenceTests {
    static let config = """
        export default {
          name: "Tally",
          ios: { bundleIdentifier: "com.example.tally" },
          android: { package: "com.example.tally" },
        }

        """

    private func stores(_ files: [String: String]) throws -> [String: Bool] {
        let tree = try TemporaryTree()
        for (path, text) in files { try tree.write(path, text) }
        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())
        return Dictionary(uniqueKeysWithValues: ["appstore", "play"].map { ($0, model.facts["store.\($0)"]?.value == .bool(true)) })
    }

    @Test func aManagedExpoAppShipsToBothStores() throws {
        #expect(try stores(["app.config.ts": Self.config, "package.json": "{\"dependencies\": {\"expo\": \"^52.0.0\"}}\n"])
                == ["appstore": true, "play": true])
    }

    @Test func platformsNarrowTheStores() throws {
        let json = "{\"expo\": {\"name\": \"Tally\", \"slug\": \"tally\", \"platforms\": [\"android\"]}}\n"
        #expect(try stores(["app.json": json]) == ["appstore": false, "play": true])
    }

    @Test func aGoogleServiceInfoPlistIsNoAppInfoPlist() throws {
        let tree = try TemporaryTree()
        try tree.write("GoogleService-Info.plist", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())
        #expect(model.infoPlists.isEmpty)
        #expect(model.facts["store.appstore"]?.value == .bool(false))
    }
}
