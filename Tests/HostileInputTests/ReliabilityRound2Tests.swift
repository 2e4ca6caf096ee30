import Foundation
import Testing
import Online
@testable import Project
@testable import Formats
@testable import Reports

/// Issue #20 (round 2 of the crash hunt): each case failed on a85e1e3 — a crash, an injected workflow
/// command, a read out of the root, a quadratic input — and must end in a clear result now.
@Suite struct ReliabilityRound2Tests {
    /// A binary plist whose top dictionary holds `key` → a set of one integer: 53 bytes, SIGSEGV in
    /// Foundation's reader before the fix.
    static func plistWithSet() -> [UInt8] {
        let objects: [[UInt8]] = [[0xD1, 1, 2], [0x51, UInt8(ascii: "k")], [0xC1, 3], [0x10, 0x01]]
        var body = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(body.count); body += object }
        let table = body.count
        body += offsets.map { UInt8($0) }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        body += [0, 0, 0, 0, 0, 0, 1, 1] + be64(objects.count) + be64(0) + be64(table)
        return body
    }

    // 1. A set in a binary plist.
    @Test func aBinaryPlistHoldingASetIsAnErrorNotACrash() {
        guard case .failure(let error) = PlistReader.parse(Data(Self.plistWithSet()), path: "Info.plist") else {
            Issue.record("expected a failure"); return
        }
        #expect(error.message.contains("holds a set"))
    }

    @Test func everyCommandSurvivesASetInEveryPlistKind() throws {
        let tree = try HostileTree()
        let bytes = Data(Self.plistWithSet())
        try tree.write("Podfile", "")  // a project root: `metadata` does not look above it
        for path in ["ios/App/Info.plist", "ios/App/PrivacyInfo.xcprivacy", "ios/App/App.entitlements",
                     "ios/App.xcodeproj/project.pbxproj", "ios/Pods/Dep/Info.plist"] {
            try tree.write(path, bytes)
        }
        for command in ["check", "facts", "metadata", "init"] {
            let run = try Shipcheck.run([command, tree.root])
            #expect(run.terminationReason == .exit, "\(command) was killed by a signal")
            #expect([0, 1, 2].contains(run.status), "\(command) exited \(run.status)")
        }
        let check = try Shipcheck.run(["check", tree.root])
        #expect(check.all.contains("holds a set"))
    }

    @Test func theOwnBinaryReaderReadsWhatFoundationWrites() throws {
        let value: [String: Any] = ["CFBundleIdentifier": "com.example.app", "Count": 42, "Negative": -7, "Ratio": 1.5,
                                    "Flag": true, "Items": ["a", "é", "日本"], "Nested": ["Data": Data([1, 2, 3])]]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let document = try PlistReader.parse(data, path: "Info.plist").get()
        #expect(document.value["CFBundleIdentifier"]?.string == "com.example.app")
        #expect(document.value["Count"] == .integer(42))
        #expect(document.value["Negative"] == .integer(-7))
        #expect(document.value["Ratio"] == .real(1.5))
        #expect(document.value["Flag"] == .bool(true))
        #expect(document.value["Items"] == .array([.string("a"), .string("é"), .string("日本")]))
        #expect(document.value["Nested"]?["Data"] == .data(Data([1, 2, 3])))
        #expect(document.text == nil)
    }

    @Test func truncatedBinaryPlistsFailCleanly() {
        let whole = Self.plistWithSet()
        for cut in stride(from: 8, to: whole.count, by: 3) {
            var bytes = Array(whole.prefix(cut))
            bytes += [UInt8](repeating: 0xFF, count: 40)
            // A trailer of 0xFF bytes has offset sizes of 255: refused with a reason, never decoded or crashed on.
            guard case .failure(let error) = PlistReader.parse(Data(bytes), path: "Info.plist") else {
                Issue.record("a truncated plist of \(cut) bytes was accepted"); continue
            }
            #expect(error.message.contains("binary"), "\(error.message)")
        }
        #expect(whole.count == 53)
    }

    // 2. and 14. Workflow commands and invisible characters in file names.
    @Test func aFolderNamedLikeAWorkflowCommandStartsNoCommandInAnyFormat() throws {
        let tree = try HostileTree()
        let plist = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>a.b</string>"
            + "<key>NSCameraUsageDescription</key><string></string></dict></plist>\n"
        let names = ["::error title=X::PWNED", "::add-mask::secret", " ::stop-commands::token", "##[add-mask]hidden", "a\u{202E}txt"]
        for name in names { try tree.write("\(name)/Info.plist", plist) }
        for format in ["text", "github", "markdown", "json", "sarif", "junit", "gitlab", "checkstyle"] {
            // From inside the tree, so that printed paths start with the folder names.
            let run = try Shipcheck.run(["check", ".", "--format", format, "--fail-on", "never"], in: tree.root)
            #expect(run.status == 0, "\(format): \(run.stderr.prefix(300))")
            let lines = run.all.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" })
            for line in lines {
                let trimmed = line.drop { $0.isWhitespace }
                if trimmed.hasPrefix("::") {
                    // Only the github format's own annotations are commands, and their properties are escaped.
                    let ownCommand = format == "github" && ["::error file=", "::warning file=", "::notice file=", "::notice title=shipcheck::"]
                        .contains { trimmed.hasPrefix($0) }
                    #expect(ownCommand, "\(format): a line starts a workflow command: \(line.prefix(120))")
                    // The runner tries the `::` form first (ActionCommandManager: TryParseV2 || TryParse), so a
                    // `##[` inside one of these lines is data, never a second command.
                    if ownCommand { continue }
                }
                #expect(!line.contains("##["), "\(format): a line holds the legacy command prefix: \(line.prefix(120))")
                if ["text", "github", "markdown"].contains(format) {
                    #expect(!line.unicodeScalars.contains("\u{202E}"), "\(format): a bidi override printed raw")
                }
            }
        }
    }

    @Test func theGuardPrefixesOnlyCommandLines() {
        #expect(WorkflowCommandGuard.guardLineStarts("::error x\nok ::x\n  ::warning y\r::z", prefix: "./")
            == "./::error x\nok ::x\n  ./::warning y\r./::z")
        #expect(WorkflowCommandGuard.guardLineStarts("a:b\n:x", prefix: "./") == "a:b\n:x")
        #expect(VisibleText.escape("a##[b") == "a#\\u{23}[b")
        #expect(JSONValue.quoted("##[x]") == "\"#\\u0023[x]\"")
    }

    // 3. Quadratic key search.
    @Test func keyLinesAreLinearInTheLinesAfterTheLastKey() {
        // 400 KB of lines after the last key took 11.7 s before the fix; the search per line now stops at its end.
        var text = "<plist><dict>\n<key>First</key>\n<array>\n"
        for index in 0..<40_000 { text += "<string>\(index)</string>\n" }
        text += "</array></dict></plist>\n"
        let document = PlistDocument(value: .dictionary([:]), text: text)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(document.keyLines() == ["First": 2]) }
        // A hang guard (minutes before the fix at this size), not a performance measure.
        #expect(elapsed < .seconds(20))
    }

    // 4. Flags that name files.
    @Test func aChecklistLinkedOutOfTheRootIsRefusedUnread() throws {
        let outside = try HostileTree()
        try outside.write("secret.yml", "OUTSIDE-SECRET-TOKEN: [\n")
        let tree = try HostileTree()
        try tree.write("ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>")
        try tree.link("rules/team.yml", to: outside.path("secret.yml"))
        try tree.link("report.md.mustache", to: outside.path("secret.yml"))
        try tree.link("config.yml", to: outside.path("secret.yml"))
        try tree.link("baseline.json", to: outside.path("secret.yml"))
        let runs = [
            (["check", tree.root, "--rules", tree.path("rules")], "link to a file outside"),
            (["check", tree.root, "--template", tree.path("report.md.mustache"), "--format", "markdown"], "link to a file outside"),
            (["check", tree.root, "--config", tree.path("config.yml")], "link to a file outside"),
            (["check", tree.root, "--baseline", tree.path("baseline.json")], "link to a file outside"),
        ]
        for (arguments, expected) in runs {
            let run = try Shipcheck.run(arguments)
            #expect(run.status == 2, "\(arguments[2...]): exit \(run.status)")
            #expect(run.all.contains(expected), "\(arguments[2...]): \(run.all.prefix(300))")
            #expect(!run.all.contains("OUTSIDE-SECRET-TOKEN"))
        }
        // The same file named directly, outside the root, is the operator's choice: read (and here, a YAML error).
        let direct = try Shipcheck.run(["check", tree.root, "--config", outside.path("secret.yml")])
        #expect(direct.status == 2)
        #expect(!direct.all.contains("link to a file outside"))
    }

    @Test func aFIFOGivenAsAFlagFileIsRefusedWithoutHanging() throws {
        let tree = try HostileTree()
        try tree.write("ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>")
        #expect(mkfifo(tree.path("fifo"), 0o644) == 0)
        for flag in ["--template", "--config", "--baseline"] {
            let run = try Shipcheck.run(["check", tree.root, flag, tree.path("fifo")], timeout: 60)
            #expect(!run.timedOut, "\(flag) hung on a FIFO")
            #expect(run.status == 2)
            #expect(run.stderr.contains("not a regular file"), "\(flag): \(run.stderr.prefix(200))")
        }
        // 8. GITHUB_STEP_SUMMARY pointing at a FIFO nobody reads: a warning, never a hang.
        let summary = try Shipcheck.run(["check", tree.root, "--summary", "--fail-on", "never"],
                                        environment: ["GITHUB_STEP_SUMMARY": tree.path("fifo")], timeout: 60)
        #expect(!summary.timedOut)
        #expect(summary.status == 0)
        #expect(summary.stderr.contains("cannot write the job summary"))
    }

    // 5. A stdout that cannot be written.
    @Test func aFullStdoutExitsTwoWithOneLine() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let script = "\"$0\" check \"$1\" > /dev/full"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, Shipcheck.binary.path, Shipcheck.packageRoot.appendingPathComponent("Examples/TodoCloud").path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr.prefix(300))")
        #expect(stderr.contains("cannot write to standard output"))
    }

    // 6. Review credentials, however the key is spelt.
    @Test func noValueUnderReviewIsEchoedInAnError() throws {
        let secret = "hunter2-Secret-77"
        let manifests = ["review:\n  demo_pw: \(secret)\n", "review:\n  demo_secret: [\(secret)]\n",
                         "review:\n  \"demo_p\\x61ssword\": \(secret)\n", "review: {demo_user: a, demo_pw: \(secret)}\n",
                         "review:\n  demo_pw: |\n    \(secret)\n", "review:\n  demo_password: \(secret)\n  bad: [\n"]
        for manifest in manifests {
            let tree = try HostileTree()
            try tree.write("ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>")
            try tree.write("shipcheck.yml", manifest)
            let run = try Shipcheck.run(["check", tree.root])
            #expect(run.status == 2, "\(manifest)")
            #expect(!run.all.contains(secret), "echoed for: \(manifest)")
            #expect(!run.all.contains("hunter2"), "echoed for: \(manifest)")
        }
    }

    // 9. Every project file unreadable.
    @Test func unreadableProjectFilesAreNamedNotNothingFound() throws {
        let tree = try HostileTree()
        try tree.write("App/Info.plist", Data(Self.plistWithSet()))
        let run = try Shipcheck.run(["check", tree.root])
        #expect(run.status == 2)
        #expect(run.stderr.contains("App/Info.plist"))
        #expect(run.stderr.contains("holds a set"))
        #expect(!run.stderr.contains("nothing to check"))
    }

    // 12. and 13. SARIF URIs and Markdown mentions.
    @Test func aColonInTheFirstSegmentIsNoScheme() {
        #expect(URIPath.encode("javascript:alert(1)/Info.plist") == "javascript%3Aalert%281%29/Info.plist")
        #expect(URIPath.encode("ios/a:b/Info.plist") == "ios/a:b/Info.plist")
    }

    @Test func mentionsAndIssueReferencesAreEscapedInMarkdown() {
        #expect(Template.escape("ping @octocat and @org/team about #123") == "ping &#64;octocat and &#64;org/team about &#35;123")
        #expect(Template.escape("C# and #hashtag") == "C# and #hashtag")
    }

    // 7. A failed report write leaves no temporary file.
    @Test func aFailedReportWriteLeavesNoTemporaryFile() throws {
        let tree = try HostileTree()
        try tree.mkdir("out/report.sarif")  // a folder where the file should go: the rename fails
        #expect(throws: WriteError.self) { try AtomicWriter.write(Data("{}".utf8), to: tree.path("out/report.sarif")) }
        let left = try FileManager.default.contentsOfDirectory(atPath: tree.path("out"))
        #expect(left == ["report.sarif"])
    }

    // 16. GITHUB_SERVER_URL is not a link base unless it is one.
    @Test func anUncheckedServerURLIsNotALinkBase() throws {
        let tree = try HostileTree()
        try tree.write("ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string><key>NSCameraUsageDescription</key><string></string></dict></plist>")
        let environment = ["GITHUB_SERVER_URL": "javascript:alert(1)//", "GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "abc123"]
        let run = try Shipcheck.run(["check", tree.root, "--format", "markdown", "--fail-on", "never"], environment: environment)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("javascript:"))
    }

    // 10. Outside a git repository, paths start at the project root wherever the command runs.
    @Test func aBaselineWrittenFromOneFolderHidesTheSameFindingsFromAnother() throws {
        let tree = try HostileTree()
        try tree.write("app/ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string><key>NSCameraUsageDescription</key><string></string></dict></plist>")
        let written = try Shipcheck.run(["check", "app", "--write-baseline", tree.path("baseline.json"), "--fail-on", "never"], in: tree.root)
        #expect(written.status == 0, "\(written.stderr.prefix(300))")
        let fromInside = try Shipcheck.run(["check", ".", "--baseline", tree.path("baseline.json"), "--format", "json"], in: tree.path("app"))
        #expect(fromInside.status == 0, "\(fromInside.all.prefix(500))")
        // The finding the baseline hid is still there without it, at the project-relative path.
        let unhidden = try Shipcheck.run(["check", ".", "--format", "json", "--fail-on", "never"], in: tree.path("app"))
        #expect(unhidden.stdout.contains("ios/App/Info.plist"))
    }

    // 16. The online step has an overall deadline; a stated data_safety FIFO is refused, not read as empty.
    struct SlowFetcher: PageFetcher {
        func fetch(_ url: String) -> WebFetch { Thread.sleep(forTimeInterval: 0.4); return .failure("slow") }
    }

    @Test func theOnlineStepStopsAtItsDeadline() {
        let urls = (0..<40).map { "https://example.invalid/\($0)" }
        let clock = ContinuousClock()
        var pages: [String: WebFetch] = [:]
        let elapsed = clock.measure { pages = OnlineStep.fetch(urls, with: SlowFetcher(), deadline: 0.5) }
        #expect(pages.count == 40)
        let late = pages.values.filter { if case .failure(let reason) = $0 { return reason.contains("stop after") } else { return false } }
        #expect(late.count >= 24)  // 5 batches of 8 at 0.4 s each; the first two at most were answered
        #expect(elapsed < .seconds(10))
    }

    @Test func aStatedDataSafetyFIFOIsUnreadableNotEmpty() throws {
        let tree = try HostileTree()
        try tree.write("app/src/main/AndroidManifest.xml", AndroidApp.manifest)
        try tree.write("shipcheck.yml", "paths:\n  data_safety: data-safety.csv\n")
        #expect(mkfifo(tree.path("data-safety.csv"), 0o644) == 0)
        let document = LoadedDocument.load(root: tree.root, path: "data-safety.csv", maxBytes: 1 << 20)
        guard case .unreadable(let reason) = document.content else { Issue.record("a FIFO was read"); return }
        #expect(reason.contains("not a regular file"))
        let run = try Shipcheck.run(["check", tree.root, "--format", "json"], timeout: 60)
        #expect(!run.timedOut)
        #expect(run.stdout.contains("not a regular file"), "\(run.all.prefix(600))")
    }

    // FORMAT:PATH and --write-baseline inside the root never write through a planted folder link.
    @Test func reportsAreNotWrittenThroughAFolderLinkOutOfTheRoot() throws {
        let outside = try HostileTree()
        let tree = try HostileTree()
        try tree.write("ios/App/Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>")
        try tree.link("out", to: outside.root)
        for arguments in [["--format", "sarif:\(tree.path("out/r.sarif"))"], ["--write-baseline", tree.path("out/b.json")]] {
            let run = try Shipcheck.run(["check", tree.root, "--fail-on", "never"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr.prefix(300))")
            #expect(run.stderr.contains("outside the project root"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root).isEmpty)
    }
}
