import Foundation
import Testing

/// What shipcheck promises about any project: it changes nothing, leaks no demo password, reads nothing
/// outside the root through a link, and says the same thing twice.
@Suite struct GuaranteeTests {
    static let example = Shipcheck.packageRoot.appendingPathComponent("Examples/TodoCloud").path

    /// A copy of the example app to run on.
    static func exampleCopy() throws -> HostileTree {
        let tree = try HostileTree()
        for name in try FileManager.default.contentsOfDirectory(atPath: example) {
            try FileManager.default.copyItem(atPath: "\(example)/\(name)", toPath: tree.path(name))
        }
        return tree
    }

    /// Every entry's path, type, mode and bytes (link targets for links), in order.
    static func fingerprint(_ root: String) throws -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = "\(root)/\(relative)"
            var info = stat()
            guard lstat(path, &info) == 0 else { result.append("\(relative) vanished"); continue }
            var line = "\(relative) \(info.st_mode) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            if (info.st_mode & S_IFMT) == S_IFREG, let data = FileManager.default.contents(atPath: path) {
                line += " \(data.hashValue) \(data.count)"
                line += " " + String(decoding: data.prefix(64), as: UTF8.self)
            } else if (info.st_mode & S_IFMT) == S_IFLNK {
                line += " -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            }
            result.append(line)
        }
        return result.sorted()
    }

    @Test func checkLeavesTheProjectByteIdentical() throws {
        let tree = try Self.exampleCopy()
        let outputs = try HostileTree()
        let before = try Self.fingerprint(tree.root)
        let output = try Shipcheck.run(["check", tree.root, "--format", "text", "--format", "json:\(outputs.path("r.json"))",
                                        "--format", "sarif:\(outputs.path("r.sarif"))", "--write-baseline", outputs.path("b.json")])
        #expect(output.status == 0, "--write-baseline succeeds once written (issue 37)")
        #expect(try Self.fingerprint(tree.root) == before)
        #expect(!before.isEmpty)
    }

    @Test func aDemoPasswordAppearsInNoOutputOfAnyFormat() throws {
        let tree = try Self.exampleCopy()
        let environmentPassword = "EnvPw-7f3a91", reviewPassword = "RevPw-c0ffee"
        try tree.write("fastlane/metadata/review_information/demo_password.txt", reviewPassword + "\n")
        try tree.write("fastlane/metadata/review_information/demo_user.txt", "reviewer@example.com\n")
        // The password also sits where a careless team might paste it: release notes and the review notes.
        try tree.write("fastlane/metadata/review_information/notes.txt", "Log in with reviewer@example.com / \(reviewPassword)\n")
        let outputs = try HostileTree()
        let environment = ["TODOCLOUD_DEMO_PASSWORD": environmentPassword, "TODOCLOUD_DEMO_USER": "reviewer", "CI": "true",
                           "GITHUB_STEP_SUMMARY": outputs.path("summary.md")]
        var texts: [String] = []
        for format in ["text", "json", "markdown", "sarif", "junit", "github"] {
            let run = try Shipcheck.run(["check", tree.root, "--format", format, "--fail-on", "never"], environment: environment)
            #expect(run.status == 0, "\(format): \(run.stderr.prefix(500))")
            texts.append(run.all)
        }
        let baseline = try Shipcheck.run(["check", tree.root, "--format", "json:\(outputs.path("r.json"))", "--format", "sarif:\(outputs.path("r.sarif"))",
                                          "--format", "junit:\(outputs.path("r.xml"))", "--format", "markdown:\(outputs.path("r.md"))",
                                          "--write-baseline", outputs.path("baseline.json"), "--fail-on", "never"], environment: environment)
        texts.append(baseline.all)
        let facts = try Shipcheck.run(["facts", tree.root, "--format", "json"], environment: environment)
        texts.append(facts.all)
        for name in (try FileManager.default.contentsOfDirectory(atPath: outputs.root)) { texts.append(outputs.read(name) ?? "") }
        #expect(texts.count >= 12)
        for text in texts {
            #expect(!text.contains(environmentPassword))
            #expect(!text.contains(reviewPassword))
        }
    }

    @Test func nothingOutsideTheRootIsReadThroughALink() throws {
        let outside = try HostileTree()
        try outside.write("AndroidManifest.xml", "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><uses-permission android:name=\"android.permission.OUTSIDE_MARKER\"/></manifest>")
        try outside.write("description.txt", "OUTSIDE-MARKER-TEXT best app #1 free iPhone Android")
        try outside.write("folder/Info.plist", "<plist><dict><key>NSCameraUsageDescription</key><string>OUTSIDE-MARKER-PLIST</string></dict></plist>")
        let tree = try HostileTree()
        try tree.write("app/src/main/AndroidManifest.xml", AndroidApp.manifest)
        try tree.link("app/src/debug/AndroidManifest.xml", to: outside.path("AndroidManifest.xml"))
        try tree.write("fastlane/metadata/en-US/name.txt", "App")
        try tree.link("fastlane/metadata/en-US/description.txt", to: outside.path("description.txt"))
        try tree.link("ios/Linked", to: outside.path("folder"))
        try tree.write("shipcheck.yml", "paths: { privacy_policy: policy.html }\n")
        try tree.link("policy.html", to: outside.path("description.txt"))
        for command in ["check", "facts", "metadata"] {
            let run = try Shipcheck.run([command, tree.root, "--format", "json"])
            #expect([0, 1, 2].contains(run.status))
            #expect(!run.all.contains("OUTSIDE_MARKER"), "\(command) read a manifest outside the root")
            #expect(!run.all.contains("OUTSIDE-MARKER"), "\(command) read a file outside the root")
        }
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        for format in ["json", "text", "sarif"] {
            let first = try Shipcheck.run(["check", Self.example, "--format", format])
            let second = try Shipcheck.run(["check", Self.example, "--format", format])
            #expect(first.stdout == second.stdout, "\(format) differs between runs")
            #expect(first.stderr == second.stderr)
            #expect(!first.stdout.isEmpty)
        }
    }
}
