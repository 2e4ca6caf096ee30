import Foundation
import Testing

/// Every kind of input shipcheck reads, fed hostile content: each run ends (no hang), exits with a documented
/// code (0, 1 or 2: never a signal), and names the files it could not use. One project holds every kind of
/// file at once, so one run covers them all.
@Suite struct HostileInputSuiteTests {
    /// Where each kind of input lives in a project.
    static let inputs = [
        "ios/App/Info.plist", "ios/App/PrivacyInfo.xcprivacy", "ios/App/App.entitlements", "ios/App.xcodeproj/project.pbxproj",
        "ios/App/en.lproj/InfoPlist.strings",
        "android/app/src/main/AndroidManifest.xml", "android/app/build.gradle", "android/build.gradle.kts",
        "android/gradle/libs.versions.toml", "android/gradle.properties",
        "ios/Podfile.lock", "ios/App.xcworkspace/xcshareddata/swiftpm/Package.resolved", "Cartfile.resolved",
        "pubspec.lock", "package-lock.json", "yarn.lock",
        "fastlane/metadata/en-US/description.txt", "fastlane/metadata/en-US/release_notes.txt",
        "fastlane/metadata/review_information/demo_password.txt",
        "fastlane/metadata/android/en-US/full_description.txt", "fastlane/metadata/android/en-US/title.txt",
        "fastlane/metadata/android/en-US/images/icon.png", "fastlane/metadata/android/en-US/images/phoneScreenshots/1.jpg",
        "play/data-safety.csv", "docs/privacy.html", "ios/App/Login.swift", "android/app/src/main/java/Login.kt",
    ]

    /// A valid manifest pointing at the files above, so the policy and Data safety readers look at them.
    static let manifest = "stores: [appstore, play]\npaths: { data_safety: play/data-safety.csv, privacy_policy: docs/privacy.html }\n"

    enum Content: String, CaseIterable, Sendable {
        case empty, garbage, invalidUTF8, bom, utf16, crlf, nulBytes, longLine, sparse, fifo, devZero, directory,
             unreadable, linkLoop, linkOut, deepFolders
    }

    static func garbage(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data((0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    func place(_ content: Content, at relative: String, in tree: HostileTree, index: Int) throws {
        let path = tree.path(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch content {
        case .empty: try tree.write(relative, "")
        case .garbage: try tree.write(relative, Self.garbage(4096, seed: UInt64(index + 1)))
        case .invalidUTF8: try tree.write(relative, Data([0x3C, 0xC3, 0x28, 0xFF, 0xFE, 0x0A, 0xE2, 0x82, 0x0A, 0x80, 0x3E]))
        case .bom: try tree.write(relative, Data([0xEF, 0xBB, 0xBF] + Array("<manifest/>\nkey = \"v\"\n".utf8)))
        case .utf16: try tree.write(relative, Data([0xFF, 0xFE]) + "<?xml version=\"1.0\"?>\n<a>é</a>\n".data(using: .utf16LittleEndian)!)
        case .crlf: try tree.write(relative, "line one\r\nline two\r\n<a>\r\n</a>\r\n")
        case .nulBytes: try tree.write(relative, Data("<a>\0\0\0</a>\n\0".utf8))
        case .longLine: try tree.write(relative, String(repeating: "targetSdk = (", count: 40_000) + "\n")
        case .sparse:
            try tree.write(relative, "")
            #expect(truncate(path, 3 << 30) == 0)
        case .fifo: #expect(mkfifo(path, 0o644) == 0)
        case .devZero: try tree.link(relative, to: "/dev/zero")
        case .directory: try tree.mkdir(relative + "/inner")
        case .unreadable:
            try tree.write(relative, "secret")
            #expect(chmod(path, 0) == 0)
        case .linkLoop: try tree.link(relative, to: (relative as NSString).lastPathComponent)
        case .linkOut: try tree.link(relative, to: "/etc/hostname")
        case .deepFolders: try tree.write(relative + "/" + Array(repeating: "d", count: 200).joined(separator: "/") + "/x", "x")
        }
    }

    @Test(arguments: Content.allCases)
    func everyInputKindSurvives(_ content: Content) throws {
        let tree = try HostileTree()
        try tree.write("shipcheck.yml", Self.manifest)
        for (index, relative) in Self.inputs.enumerated() { try place(content, at: relative, in: tree, index: index) }
        let output = try Shipcheck.run(["check", tree.root, "--format", "json"], timeout: 60)
        #expect(!output.timedOut, "shipcheck check hung on \(content)")
        #expect([0, 1, 2].contains(output.status), "exit \(output.status) on \(content): \(output.stderr.suffix(2000))")
        #expect(output.terminationReason == .exit, "killed by a signal on \(content)")
        #expect(!output.all.contains("/etc/hostname") && !output.all.contains(hostname()), "read through a link out of the root")
        if content == .garbage {
            for named in ["AndroidManifest.xml", "Info.plist", "project.pbxproj", "data-safety.csv", "Package.resolved"] {
                #expect(output.stdout.contains(named), "garbage in \(named) is not reported")
            }
        }
    }

    func hostname() -> String {
        let text = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8)) ?? ""
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.count >= 6 ? name : "\u{0}never"
    }

    /// Inputs with a known hostile structure, one project.
    @Test func hostileStructuresSurvive() throws {
        let tree = try HostileTree()
        try tree.write("shipcheck.yml", Self.manifest)
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
        <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="&h;"><application/></manifest>
        """
        try tree.write("android/app/src/main/AndroidManifest.xml", bomb)
        try tree.write("android/lib/src/main/AndroidManifest.xml", "<?a?><manifest/>")
        try tree.write("ios/App/Info.plist", Data(BinaryPlistBoundsTests.sharedReferencePlist()))
        try tree.write("ios/App/PrivacyInfo.xcprivacy", Data(BinaryPlistBoundsTests.sharedReferencePlist(depth: 3, cycle: true)))
        // A binary plist claiming 2^60 objects.
        var huge = Array("bplist00".utf8) + [0x08] + [UInt8](repeating: 0, count: 2)
        huge += [0, 0, 0, 0, 0, 0, 1, 1, 0x10, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 7) + [0] + [0, 0, 0, 0, 0, 0, 0, 9]
        try tree.write("ios/Ext/Info.plist", Data(huge))
        try tree.write("ios/App/App.entitlements", "{ \"com.apple.developer.x\" = (" + String(repeating: "(", count: 10_000) + "); }")
        try tree.write("ios/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { " + String(repeating: "{a=", count: 20_000) + " }; }")
        try tree.write("android/app/build.gradle", "android { defaultConfig { targetSdk " + String(repeating: "(", count: 20_000) + "34" + String(repeating: ")", count: 20_000) + " } }\n" + String(repeating: "x", count: 2_000_000) + "\n")
        try tree.write("android/gradle/libs.versions.toml", "[versions]\na = \"1\n[libraries]\nb = { module = \"x:y\", version = { " + String(repeating: "{", count: 30_000) + "\n")
        try tree.write("play/data-safety.csv", "\"unbalanced,quote\n" + String(repeating: ",", count: 200_000) + "\n")
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF]
        try tree.write("fastlane/metadata/android/en-US/images/icon.png", Data(png))
        try tree.write("fastlane/metadata/android/en-US/images/featureGraphic.png", Data(png.prefix(14)))
        try tree.write("fastlane/metadata/android/en-US/images/phoneScreenshots/1.jpg", Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]))
        try tree.write("fastlane/metadata/android/en-US/changelogs/1.txt", String(repeating: "😀", count: 20_000))
        try tree.write("docs/privacy.html", String(repeating: "<!--<script>", count: 20_000))
        try tree.write("ios/Package.resolved", "{\"pins\":[" + String(repeating: "[", count: 100_000) + "]}")
        let output = try Shipcheck.run(["check", tree.root, "--format", "json"], timeout: 60)
        #expect(!output.timedOut)
        #expect([0, 1, 2].contains(output.status), "exit \(output.status): \(output.stderr.suffix(2000))")
        for named in ["android/app/src/main/AndroidManifest.xml", "ios/App/Info.plist", "ios/App/PrivacyInfo.xcprivacy", "ios/Ext/Info.plist", "play/data-safety.csv"] {
            #expect(output.stdout.contains(named), "\(named) is not reported")
        }
    }

    @Test(arguments: [
        "", "\u{FEFF}{{#findings}}", "{{", "{{#a}}{{/b}}", String(repeating: "{{#findings}}", count: 12) + String(repeating: "x", count: 1000) + String(repeating: "{{/findings}}", count: 12),
        String(repeating: "{{", count: 50_000), "{{!-- " + String(repeating: "}", count: 10_000),
    ])
    func hostileTemplatesAreErrorsOrOutput(_ template: String) throws {
        let tree = try HostileTree()
        try tree.write("app/src/main/AndroidManifest.xml", "<manifest><uses-permission android:name=\"android.permission.CAMERA\"/></manifest>")
        try tree.write("t.md", template)
        let output = try Shipcheck.run(["check", tree.root, "--format", "markdown", "--template", tree.path("t.md")], timeout: 60)
        #expect(!output.timedOut)
        #expect([0, 1, 2].contains(output.status), "exit \(output.status): \(output.stderr.suffix(1000))")
        #expect(output.stdout.utf8.count < 80 << 20)
    }

    @Test(arguments: [
        "", "\u{FEFF}", "\0\0\0", "[", "{", "- - - - -", "app: &a [*a]", "a: !!binary x", String(repeating: "[", count: 100_000),
        String(repeating: "a: ", count: 50_000), "exclude: ['" + Array(repeating: "**", count: 10).joined(separator: "/") + "/x']",
        "facts: {" + (0..<20_000).map { "f\($0): true" }.joined(separator: ", ") + "}",
    ])
    func hostileManifestsAreErrorsWithTheFile(_ text: String) throws {
        let tree = try HostileTree()
        try tree.write("shipcheck.yml", text)
        try tree.write(Array(repeating: "d", count: 24).joined(separator: "/") + "/y.txt", "y")
        let output = try Shipcheck.run(["check", tree.root], timeout: 60)
        #expect(!output.timedOut)
        #expect([0, 1, 2].contains(output.status), "exit \(output.status): \(output.stderr.suffix(1000))")
        if output.status == 2 { #expect(output.stderr.contains("shipcheck.yml")) }
    }

    /// A checklist file that is not a checklist was once skipped silently (`name:` instead of `checklist:`).
    @Test(arguments: [
        ("", "empty"), ("\0", "h.yml"), ("checklist: x\nrules: [", "h.yml"), (String(repeating: "- ", count: 100_000), "h.yml"),
        ("name: h\n", "unknown key \"name\""),
        ("checklist: h\ntitle: H\nsummary: S\nrules:\n  - id: h.r\n    title: R\n    when: " + (0..<100_000).map { "f\($0)" }.joined(separator: " or ") + "\n",
         "expression is too long"),
        ("checklist: h\ntitle: H\nsummary: S\nrules:\n  - id: h.r\n    title: R\n    when: " + String(repeating: "(", count: 500) + "a\n", "nests too deeply"),
    ])
    func hostileChecklistsAreErrorsWithTheFile(_ text: String, _ expected: String) throws {
        let tree = try HostileTree()
        try tree.write("rules/h.yml", text)
        let output = try Shipcheck.run(["check", tree.root, "--rules", tree.path("rules")], timeout: 60)
        #expect(!output.timedOut)
        #expect(output.status == 2, "exit \(output.status): \(output.all.suffix(1000))")
        #expect(output.stderr.contains("h.yml"))
        #expect(output.stderr.contains(expected), "\(output.stderr.prefix(1000))")
    }

    @Test func nonUTF8FileNamesAreReportedAndSkipped() throws {
        let tree = try HostileTree()
        try tree.write("app/src/main/AndroidManifest.xml", AndroidApp.manifest)
        let name = tree.root + "/bad-\u{FFFD}"
        let raw = Array(tree.root.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".swift".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        _ = name
        let output = try Shipcheck.run(["facts", tree.root], timeout: 60)
        #expect(output.status == 0 || output.status == 1, "exit \(output.status): \(output.all.suffix(1000))")
    }
}
