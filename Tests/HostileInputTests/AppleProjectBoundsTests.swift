import Foundation
import Testing

/// Two Apple inputs that ran for over a minute before plist and pbxproj lines were found on bytes in one pass
/// (issue 11's hunt): a watchdog guards the hang; the assertions pin what is read.
@Suite struct AppleProjectBoundsTests {
    @Test func anInfoPlistWithTenThousandKeysIsRead() throws {
        let tree = try HostileTree()
        let keys = (0..<10_000).map { "<key>Key\($0)</key><string>v\($0)</string>" }.joined(separator: "\n")
        try tree.write("App/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.keys</string>
            \(keys)
            </dict></plist>
            """)
        let result = try Shipcheck.run(["facts", tree.root], timeout: 60)
        #expect(!result.timedOut)
        #expect(result.status == 0)
        #expect(result.stdout.contains("store.appstore = true"))
        #expect(result.stdout.contains("App/Info.plist"))
    }

    @Test func aProjectWithAThousandTargetsWithGeneratedInfoPlistsIsRead() throws {
        let tree = try HostileTree()
        var objects: [String] = []
        var targets: [String] = []
        for i in 0..<1_000 {
            let (target, list, config) = (String(format: "T%05d", i), String(format: "C%05d", i), String(format: "G%05d", i))
            targets.append(target)
            objects.append("\(target) = { isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (); name = \"Ext\(i)\"; productName = \"Ext\(i)\"; productType = \"com.apple.product-type.app-extension\"; };")
            objects.append("\(list) = { isa = XCConfigurationList; buildConfigurations = (\(config)); };")
            objects.append("\(config) = { isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_NSCameraUsageDescription = \"Camera \(i)\"; INFOPLIST_KEY_CFBundleDisplayName = \"E\(i)\"; }; name = Release; };")
        }
        try tree.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
            \(objects.joined(separator: "\n"))
            P1 = { isa = PBXProject; targets = (\(targets.joined(separator: ", "))); mainGroup = M1; };
            M1 = { isa = PBXGroup; children = (); };
            }; rootObject = P1; }
            """)
        let result = try Shipcheck.run(["facts", tree.root], timeout: 60)
        #expect(!result.timedOut)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Ext999"))
    }
}
