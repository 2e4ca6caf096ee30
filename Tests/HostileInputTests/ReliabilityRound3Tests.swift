import Foundation
import Testing
@testable import Project
@testable import Formats

/// Issue #33 (round 3 of the crash hunt, on 4d8730d): the Expo config reader, archives and the MCP server.
/// Each case crashed, hung, ran unbounded or read outside the root there, and must end in a clear result now.
/// The hostile inputs are built here, small, in the shapes the issue gives.
@Suite struct ReliabilityRound3Tests {
    // MARK: - 1–3. The JS object-literal reader (app.config.js / .ts)

    @Test func anExportedVariableWithoutASemicolonIsNoObjectNotACrash() {
        // Prettier `semi: false`, StandardJS, the Expo docs' typed example: trapped at JSObjectLiteral.swift:48.
        // The exported name is the object its declaration writes (read, not run).
        #expect(JSObjectLiteral.read("const config = { name: \"a\" }\nmodule.exports = config\n")?.object["name"] as? String == "a")
        let typed = JSObjectLiteral.read("import type { ExpoConfig } from 'expo/config'\n\nconst config: ExpoConfig = {\n  slug: 'x',\n}\n\nexport default config")
        #expect(typed?.object["slug"] as? String == "x")
        #expect(typed?.keyLines["slug"] == 4)
        #expect(JSObjectLiteral.read("module.exports = config\n") == nil)
        #expect(JSObjectLiteral.read("export default ") == nil)
        #expect(JSObjectLiteral.read("module.exports =") == nil)
        // The twin: a literal after the marker is still read.
        #expect(JSObjectLiteral.read("export default { name: \"a\" }")?.object["name"] as? String == "a")
    }

    @Test func anUnterminatedQuoteOrCommentAfterAnExpressionEndsAtTheEnd() throws {
        // Trapped at JSObjectLiteral.swift:139 (a slice past the end).
        let read = try #require(JSObjectLiteral.read("export default { a: x\""))
        #expect(read.object.isEmpty)
        #expect(read.unread.first?.what.hasPrefix("x") == true)
        for text in ["export default { a: x'", "export default { a: 'x", "export default { a: `x", "export default { a: x /* open",
                     "export default { a: 1, b: \"x\\", "export default { ...x\"", "export default { [x\"", "export default [x\""] {
            _ = JSObjectLiteral.read(text)
        }
    }

    @Test func aMismatchedBracketEndsInLinearTime() throws {
        // `{)}` looped forever appending entries (6.45 GB in 17 s).
        let clock = ContinuousClock.now
        let read = try #require(JSObjectLiteral.read("module.exports = {)}"))
        #expect(read.object.isEmpty)
        let mixed = try #require(JSObjectLiteral.read("export default { a: ], b: [ ) } ], c: [}], d: 'kept' }"))
        #expect(mixed.object["d"] as? String == "kept")
        for text in ["export default [)]", "export default [}", "export default { a: ]}", "export default { a: ) }", "export default {{)}",
                     "defineConfig({ a: [ ) ] })", "export default ({ config }) => ({ a: ) })"] {
            _ = JSObjectLiteral.read(text)
        }
        // 10,000 stray brackets: each pass of every loop moves on.
        _ = JSObjectLiteral.read("export default {" + String(repeating: ")]", count: 10_000) + "}")
        _ = JSObjectLiteral.read("export default [" + String(repeating: ")}", count: 10_000) + "]")
        #expect(ContinuousClock.now - clock < .seconds(10))
    }

    @Test func everyPrefixOfARealConfigReadsOrEndsCleanly() {
        let config = """
        import { ExpoConfig, ConfigContext } from 'expo/config'
        // A typed Expo config, no semicolons
        export default ({ config }: ConfigContext): ExpoConfig => ({
          ...config,
          name: "Todo", slug: 'todo', version: `1.0.0`,
          ios: { infoPlist: { NSCameraUsageDescription: "Scan \\"receipts\\"" }, bundleIdentifier: process.env.ID },
          android: { permissions: ["CAMERA", ], adaptiveIcon: { foregroundImage: './a.png' } },
          plugins: [["expo-build-properties", { android: { targetSdkVersion: 35 } }]], /* trailing */
        })
        """
        let bytes = Array(config.utf8)
        for cut in 0...bytes.count {
            _ = JSObjectLiteral.read(String(decoding: bytes.prefix(cut), as: UTF8.self))
        }
        let whole = JSObjectLiteral.read(config)
        #expect(whole?.object["slug"] as? String == "todo")
    }

    @Test func everyCommandSurvivesTheCrashingConfigs() throws {
        for text in ["export default ", "export default { a: x\"", "module.exports = {)}",
                     "const config = {\n  name: 'a'\n}\nmodule.exports = config\n"] {
            let tree = try HostileTree()
            try tree.write("package.json", "{\"dependencies\": {\"expo\": \"~52.0.0\"}}")
            try tree.write("app.config.js", text)
            for command in ["check", "facts"] {
                let run = try Shipcheck.run([command, tree.root], timeout: 60)
                #expect(!run.timedOut, "\(command) hung on \(text.debugDescription)")
                #expect(run.terminationReason == .exit, "\(command) was killed by a signal on \(text.debugDescription)")
                #expect([0, 1, 2].contains(run.status), "\(command) exited \(run.status) on \(text.debugDescription)")
            }
        }
    }

    // MARK: - Fuzzing follow-up: the XcodeGen reader's template merging

    @Test func manyTargetsNamingOneLargeTemplateStayBounded() {
        // 1,000 targets × a template of 2,000 settings: 2,000,000 values applied, past the bound of 1,000,000.
        var yaml = "targetTemplates:\n  Big:\n    settings:\n"
        for i in 0..<2000 { yaml += "      INFOPLIST_KEY_K\(i): v\n" }
        yaml += "targets:\n"
        for i in 0..<1000 { yaml += "  T\(i):\n    templates: [Big]\n" }
        let spec = XcodeGenSpecReader.read(path: "project.yml", text: yaml) { _ in nil }
        #expect(spec.targets.count == 1000)
        #expect(spec.targets.first?.keys.count == 2000)
        #expect(spec.targets.last?.keys.isEmpty == true)
        #expect(spec.unevaluated.contains { $0.what.contains("past shipcheck's bound") })
    }

    // MARK: - 4. ZIP64 sizes near 2^63

    static func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A stored ZIP of `entries`; `zip64Compressed` gives an entry a ZIP64 compressed size in its central record.
    static func zip(_ entries: [(name: String, data: [UInt8])], zip64Compressed: [String: Int] = [:]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = Int(Inflater.crc32(entry.data))
            let offset = out.count
            out += le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
                + le(entry.data.count, 4) + le(entry.data.count, 4) + le(name.count, 2) + le(0, 2) + name + entry.data
            if let huge = zip64Compressed[entry.name] {
                central += le(0x0201_4B50, 4) + le(45, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
                    + le(0xFFFF_FFFF, 4) + le(entry.data.count, 4) + le(name.count, 2) + le(12, 2) + le(0, 2) + le(0, 2) + le(0, 2)
                    + le(0, 4) + le(offset, 4) + name + le(1, 2) + le(8, 2) + le(huge, 8)
            } else {
                central += le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
                    + le(entry.data.count, 4) + le(entry.data.count, 4) + le(name.count, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2)
                    + le(0, 4) + le(offset, 4) + name
            }
        }
        let directoryOffset = out.count
        out += central
        out += le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(entries.count, 2) + le(entries.count, 2) + le(central.count, 4)
            + le(directoryOffset, 4) + le(0, 2)
        return out
    }

    @Test func aZIP64SizeNear2To63IsRefusedNotAnOverflowTrap() throws {
        let bytes = Self.zip([("Payload/App.app/Info.plist", Array("<plist/>".utf8)), ("Payload/App.app/App", [0xCF, 0xFA, 0xED, 0xFE])],
                             zip64Compressed: ["Payload/App.app/Info.plist": Int.max - 40])
        #expect(bytes.count < 700)
        let tree = try HostileTree()
        let path = try tree.write("app.ipa", Data(bytes))
        do {
            _ = try ArchiveInput.open(path, root: tree.root)
            Issue.record("an archive declaring \(Int.max - 40) compressed bytes was opened")
        } catch {
            #expect(error.entry == "Payload/App.app/Info.plist")
            #expect(error.message.contains("past the end of the archive"), "\(error.message)")
        }
        // The overlap check itself sums with overflow checks (entries as a lying directory would give them).
        let entries = [ZipEntry(name: "a", method: 0, crc32: 0, compressedSize: Int.max - 10, uncompressedSize: 0, localHeaderOffset: 0),
                       ZipEntry(name: "b", method: 0, crc32: 0, compressedSize: 1, uncompressedSize: 1, localHeaderOffset: 100)]
        #expect(throws: ArchiveError.self) { try ZipArchive.checkOverlaps(entries, directoryOffset: 1000) }
        // Every command that takes an archive ends with exit 2 and the reason, never a signal.
        let run = try Shipcheck.run(["archive", path])
        #expect(run.terminationReason == .exit)
        #expect(run.status == 2)
        #expect(run.stderr.contains("past the end of the archive"))
    }

    // MARK: - 5. Binary XML string-pool amplification

    /// A binary XML file holding only a UTF-16 string pool: `offsets` into `data`.
    static func binaryXML(offsets: [Int], data: [UInt8]) -> [UInt8] {
        let header = 28
        var pool = le(0x0001, 2) + le(header, 2) + le(0, 4) + le(offsets.count, 4) + le(0, 4) + le(0, 4)
            + le(header + 4 * offsets.count, 4) + le(0, 4)
        for offset in offsets { pool += le(offset, 4) }
        pool += data
        while pool.count % 4 != 0 { pool.append(0) }
        let size = pool.count
        pool.replaceSubrange(4..<8, with: le(size, 4))
        return le(0x0003, 2) + le(8, 2) + le(8 + size, 4) + pool
    }

    static func utf16String(_ units: Int) -> [UInt8] {
        le(0x8000 | (units >> 16), 2) + le(units & 0xFFFF, 2) + Array(repeating: [UInt8(ascii: "a"), 0], count: units).flatMap { $0 } + [0, 0]
    }

    @Test func aPoolNamingOneLongStringManyTimesDecodesItOnce() throws {
        // 20,000 indices at one 30,000-unit string: 600 M units decoded one by one before (minutes, gigabytes).
        let bytes = Self.binaryXML(offsets: Array(repeating: 0, count: 20_000), data: Self.utf16String(30_000))
        #expect(bytes.count < 150_000)
        let clock = ContinuousClock.now
        let strings = try BinaryXMLReader.stringPool(ByteCursor(bytes), at: 8, headerSize: 28, size: bytes.count - 8)
        #expect(strings.count == 20_000)
        #expect(strings.allSatisfy { $0.utf8.count == 30_000 })
        #expect(ContinuousClock.now - clock < .seconds(5))
        _ = try BinaryXMLReader.read(bytes, location: SourceLocation(path: "app.apk!/AndroidManifest.xml"))
    }

    @Test func offsetsIntoTheMiddleOfALongStringAreRefusedAtTheBudget() throws {
        // Every even offset of a run of 0x7FFF units reads a 32,767-unit string: quadratic in the pool's size.
        let run: [UInt8] = Array(repeating: [UInt8(0xFF), 0x7F], count: 20_000).flatMap { $0 }
        let bytes = Self.binaryXML(offsets: (0..<10_000).map { $0 * 2 }, data: run + [UInt8](repeating: 0, count: 70_000))
        do {
            _ = try BinaryXMLReader.read(bytes, location: SourceLocation(path: "app.apk!/AndroidManifest.xml"))
            Issue.record("a pool of overlapping strings was decoded whole")
        } catch {
            #expect(error.message.contains("strings overlap"), "\(error.message)")
        }
    }

    // MARK: - 6. Mach-O symbol amplification

    /// A thin 64-bit Mach-O whose LC_SYMTAB lists `offsets.count` undefined external symbols naming `offsets` in `strings`.
    static func machO(symbolOffsets offsets: [Int], strings: [UInt8]) -> [UInt8] {
        let commands = 24
        let symbolOffset = 32 + commands
        let stringOffset = symbolOffset + 16 * offsets.count
        var out = le(0xFEED_FACF, 4) + le(0x0100_000C, 4) + le(0, 4) + le(2, 4) + le(1, 4) + le(commands, 4) + le(0, 4) + le(0, 4)
        out += le(0x2, 4) + le(commands, 4) + le(symbolOffset, 4) + le(offsets.count, 4) + le(stringOffset, 4) + le(strings.count, 4)
        for offset in offsets { out += le(offset, 4) + [0x01, 0, 0, 0] + le(0, 8) }
        return out + strings
    }

    @Test func manySymbolsNamingOneStringAreOneName() throws {
        let name = [0] + Array(repeating: UInt8(ascii: "S"), count: 4000) + [0]
        let file = try MachOReader.read(Self.machO(symbolOffsets: Array(repeating: 1, count: 20_000), strings: name))
        // Before: 20,000 copies of the 4 KB name (2,000,000 of them reached 8.25 GB).
        #expect(file.slices.first?.undefinedSymbols.count == 1)
        #expect(file.undefinedSymbols == [String(repeating: "S", count: 4000)])
    }

    @Test func symbolsIntoTheMiddleOfLongStringsStopAtTheTextBudget() throws {
        // An aperiodic run of non-NUL bytes: every 4 KB window of it is a distinct name.
        var state: UInt32 = 0x9E37_79B9
        let run: [UInt8] = (0..<24_000).map { _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(1 + state % 255)
        }
        // 20,000 symbols at 20,000 offsets: some 80 MB of distinct names, past the 64 MB a binary may keep.
        do {
            _ = try MachOReader.read(Self.machO(symbolOffsets: Array(1...20_000), strings: [0] + run + [0]))
            Issue.record("80 MB of overlapping symbol names were kept")
        } catch {
            #expect(error.message.contains("more text than shipcheck reads"), "\(error.message)")
        }
        // The budget is what the caller has left (an archive's binaries share one).
        let distinct = (0..<10).flatMap { i in Array(repeating: UInt8(ascii: "a") + UInt8(i), count: 200) + [0] }
        #expect(throws: DecodeError.self) {
            try MachOReader.read(Self.machO(symbolOffsets: (0..<10).map { $0 * 201 }, strings: distinct), maxSymbolText: 1000)
        }
        #expect(try MachOReader.read(Self.machO(symbolOffsets: (0..<10).map { $0 * 201 }, strings: distinct), maxSymbolText: 2010)
            .undefinedSymbols.count == 10)
    }

    // MARK: - 8. A folder archive's Products link

    @Test func anXcarchiveWhoseProductsIsALinkIsRefused() throws {
        let outside = try HostileTree()
        try outside.write("Applications/App.app/Info.plist", "<plist version=\"1.0\"><dict><key>CFBundleName</key><string>OutsideSecret</string></dict></plist>")
        try outside.write("Applications/App.app/App", "not a binary")
        let tree = try HostileTree()
        try tree.mkdir("build/App.xcarchive")
        try tree.link("build/App.xcarchive/Products", to: outside.root)
        do {
            let opened = try ArchiveInput.open(tree.path("build/App.xcarchive"), root: tree.root)
            Issue.record("the link was followed: \(opened.contents.fileNames)")
        } catch {
            #expect(error.description.contains("symbolic link"), "\(error.description)")
        }
        // The twin: the same bundle as a real folder is read.
        let real = try HostileTree()
        try real.write("build/App.xcarchive/Products/Applications/App.app/Info.plist", "<plist version=\"1.0\"><dict/></plist>")
        let opened = try ArchiveInput.open(real.path("build/App.xcarchive"), root: real.root)
        #expect(opened.contents.fileNames.contains("Products/Applications/App.app/Info.plist"))
    }

    @Test func aFolderSwappedForALinkAfterTheListingIsNotFollowed() throws {
        let outside = try HostileTree()
        try outside.write("App.app/Info.plist", "<plist version=\"1.0\"><dict/></plist>")
        let tree = try HostileTree()
        try tree.write("App.xcarchive/Products/Applications/App.app/Info.plist", "<plist version=\"1.0\"><dict/></plist>")
        let archive = try FolderArchive(folder: tree.path("App.xcarchive"), name: "App.xcarchive")
        try FileManager.default.removeItem(atPath: tree.path("App.xcarchive/Products/Applications"))
        try tree.link("App.xcarchive/Products/Applications", to: outside.root)
        #expect(throws: ArchiveError.self) { try archive.read("Products/Applications/App.app/Info.plist") }
    }

    // MARK: - 9. and 12. Plists and version files in archives: declared sizes checked before reading

    @Test func archivePlistsHaveTheSourceTreesCap() throws {
        #expect(ArchiveLimits().maxPlistBytes == PlistReader.maxBytes)
        let plist = Array("<plist version=\"1.0\"><dict><key>CFBundleExecutable</key><string>App</string></dict></plist>".utf8)
        let tree = try HostileTree()
        let path = try tree.write("app.ipa", Data(Self.zip([("Payload/App.app/Info.plist", plist)])))
        var limits = ArchiveLimits()
        limits.maxPlistBytes = 50
        let opened = try ArchiveInput.open(path, root: tree.root, limits: limits)
        do {
            _ = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
            Issue.record("a plist over the cap was read")
        } catch {
            #expect(error.entry == "Payload/App.app/Info.plist")
            #expect(error.message.contains("over shipcheck's limit of 50"), "\(error.message)")
        }
    }

    @Test func aLargeVersionFileIsSkippedByItsDeclaredSize() throws {
        final class Counting: ArchiveContents, @unchecked Sendable {
            let name = "app.apk"
            let fileNames = ["AndroidManifest.xml", "META-INF/androidx.core_core.version", "META-INF/a.b_big.version"]
            let limits = ArchiveLimits()
            var wholeReads: [String] = []
            func read(_ entry: String) throws(ArchiveError) -> [UInt8] { wholeReads.append(entry); return Array(repeating: 0x41, count: 1 << 20) }
            func read(_ entry: String, limit: Int) throws(ArchiveError) -> [UInt8] {
                if entry.hasSuffix("big.version") { throw ArchiveError(archive: name, entry: entry, "inflates to 1048576 bytes, over the limit") }
                if entry.hasSuffix(".version") { return Array("1.13.1\n".utf8) }
                return try read(entry)
            }
            func open(_ entry: String) throws(ArchiveError) -> any EntryReader { throw ArchiveError(archive: name, entry: entry, "unused") }
            func storedDataOffset(of entry: String) -> Int? { nil }
            func location(of entry: String) -> Project.SourceLocation { Project.SourceLocation(path: name + "!/" + entry) }
        }
        let contents = Counting()
        var output = ArchiveInspector.Output(archive: BuiltArchive(name: "app.apk", kind: .apk))
        ArchiveInspector.readPackagedVersions(contents, names: contents.fileNames, kind: .apk, into: &output)
        #expect(output.archive.packagedVersions.map(\.name) == ["androidx.core:core"])
        #expect(contents.wholeReads.isEmpty, "version files were inflated whole: \(contents.wholeReads)")
    }

    // MARK: - 11. `archives:` through an in-root link to an outside folder

    @Test func anArchiveThroughAnInRootLinkIsRefusedBeforeItIsOpened() throws {
        let outside = try HostileTree()
        // Not a ZIP at all: opening it would fail with "not a ZIP archive", refusing it first names the root.
        try outside.write("builds/app.ipa", "not a zip")
        let tree = try HostileTree()
        try tree.write("Podfile", "")
        try tree.link("out", to: outside.path("builds"))
        try tree.write("shipcheck.yml", "archives: [out/app.ipa]\n")
        let run = try Shipcheck.run(["check", tree.root])
        #expect(run.status == 2)
        #expect(run.stderr.contains("leads out of the project root"), "\(run.stderr)")
        #expect(!run.stderr.contains("not a ZIP archive"), "\(run.stderr)")
        #expect(throws: ArchiveError.self) { try ArchiveInput.open(tree.path("out/app.ipa"), root: tree.root, confinedToRoot: true) }
    }

    // MARK: - 7. stderr lines are escaped like the reports

    @Test func configurationValuesReachStderrEscaped() throws {
        let tree = try HostileTree()
        try tree.write("Podfile", "")
        try tree.write("shipcheck.yml", "archives:\n  - \"##[error]forged\\e[31m\\u202Eevil\\nerror: forged line\"\n")
        let run = try Shipcheck.run(["check", tree.root])
        #expect(run.status == 2)
        #expect(!run.stderr.contains("##["), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "\(run.stderr.debugDescription)")
        #expect(!run.stderr.contains("\u{202E}"), "\(run.stderr.debugDescription)")
        #expect(!run.stderr.split(separator: "\n").contains { $0.hasPrefix("error: forged") }, "\(run.stderr)")
        #expect(run.stderr.contains("\\e[31m"), "\(run.stderr)")
        let skip = try HostileTree()
        try skip.write("Podfile", "")
        try skip.write("shipcheck.yml", "rules:\n  skip: [\"x\\e]0;title\\u0007\\nerror: forged\"]\n")
        let second = try Shipcheck.run(["check", skip.root])
        #expect(second.status == 2)
        #expect(!second.stderr.contains("\u{1B}") && !second.stderr.contains("\u{07}"), "\(second.stderr.debugDescription)")
        #expect(!second.stderr.split(separator: "\n").contains { $0.hasPrefix("error: forged") }, "\(second.stderr)")
    }

    // MARK: - 10. MCP: no shipcheck.yml above ROOT

    @Test func theMCPServerReadsNoManifestAboveItsRoot() throws {
        let repository = try HostileTree()
        try repository.mkdir(".git")
        try repository.write("shipcheck.yml", "stores: [play]\n")
        try repository.write("served/app/Podfile", "")
        // The twin: run from the command line, discovery goes up to the repository's top (documented).
        let cli = try Shipcheck.run(["facts", repository.path("served/app"), "--format", "json"])
        #expect(cli.stdout.contains("\"stated\""), "\(cli.all)")
        let process = Process()
        process.executableURL = Shipcheck.binary
        process.arguments = ["mcp", repository.path("served")]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let request = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"facts","arguments":{"path":"app"}}}"#
        input.fileHandleForWriting.write(Data((request + "\n").utf8))
        try input.fileHandleForWriting.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(answer.contains("\"id\":1"), "\(answer)")
        #expect(!answer.contains("stated"), "\(answer)")
    }
}
