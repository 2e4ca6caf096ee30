import Foundation
import Testing

@Suite("Command line: count and locales")
struct CountAndLocalesCLITests {
    @Test func countsEveryUnitOfAnEmojiFamilyAFlagAndACombiningMark() throws {
        // 👨‍👩‍👧 is 5 scalars (3 people + 2 joiners), 8 UTF-16 units, 18 bytes; 🇫🇮 is 2 scalars, 4 units, 8 bytes;
        // "é" written as e + U+0301 is 2 scalars, 2 units, 3 bytes; two spaces: 11 scalars, 16 units, 31 bytes.
        let result = try ShipcheckProcess.run(["count", "👨‍👩‍👧 🇫🇮 e\u{301}"])
        #expect(result.status == 0)
        #expect(result.stdout == """
        graphemes        5
        unicode scalars  11
        utf-16 units     16
        utf-8 bytes      31
        non-whitespace   3

        """)
    }

    @Test func countsStandardInputAsJSONWithoutTheTrailingNewline() throws {
        let result = try ShipcheckProcess.run(["count", "--format", "json"], stdin: "日本語のテキスト\n")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["graphemes"] as? Int == 8)
        #expect(object["utf16"] as? Int == 8)
        #expect(object["utf8"] as? Int == 24)
    }

    @Test func rightToLeftTextCountsLikeAnyOther() throws {
        let result = try ShipcheckProcess.run(["count", "--format", "json", "مرحبا بالعالم"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["graphemes"] as? Int == 13)
        #expect(object["non_whitespace"] as? Int == 12)
        #expect(object["utf8"] as? Int == 25)
    }

    @Test func fieldShowsTheLimitAndWhereTheCutFalls() throws {
        let result = try ShipcheckProcess.run(["count", "--field", "appstore.subtitle", "Listen, die überall synchron sind"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("field            appstore.subtitle: at most 30"))
        #expect(result.stdout.contains("result           33 UTF-16 units: 3 over the limit"))
        #expect(result.stdout.contains("fits up to       \"Listen, die überall synchron s\""))
    }

    @Test func fieldThatFitsSaysHowManyAreLeft() throws {
        let result = try ShipcheckProcess.run(["count", "--field", "play.title", "--format", "json", "NewPipe"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let field = try #require(object["field"] as? [String: Any])
        #expect(field["max"] as? Int == 30)
        #expect(field["remaining"] as? Int == 23)
        #expect(field["fits"] as? Bool == true)
    }

    @Test func unknownFieldSuggestsTheNearest() throws {
        let result = try ShipcheckProcess.run(["count", "--field", "appstore.subtitel", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no limit is known for the field 'appstore.subtitel'; did you mean 'appstore.subtitle'?"))
    }

    @Test func nonUTF8InputIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-latin1-\(UUID().uuidString).txt")
        try Data([0x43, 0x61, 0x66, 0xE9]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ShipcheckProcess.run(["count", "--file", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path): the text is not valid UTF-8"))
    }

    @Test(arguments: [
        (["locales", "normalize", "ja_JP"], "appstore  ja\nplay      ja-JP\n"),
        (["locales", "normalize", "zh-Hans-CN"], "appstore  zh-Hans\nplay      zh-CN\n"),
        (["locales", "normalize", "EN_gb", "--store", "play"], "play      en-GB\n"),
        (["locales", "map", "zh-Hans", "--from", "appstore", "--to", "play"], "zh-CN\n"),
        (["locales", "map", "he", "--from", "appstore", "--to", "play"], "iw-IL\n"),
        (["locales", "map", "no-NO", "--from", "play", "--to", "appstore"], "no\n"),
        (["locales", "map", "ja", "--from", "appstore", "--to", "play"], "ja-JP\n"),
        (["locales", "resolve", "zh-Hant-HK", "--supported", "zh-Hans,zh-Hant,en-US"], "zh-Hant\n"),
        (["locales", "resolve", "pt-BR", "--supported", "en-US,pt-PT,fr-FR", "--default", "en-US"], "pt-PT\n"),
        (["locales", "resolve", "fr-CA", "--supported", "fr-FR,en-US"], "fr-FR\n"),
        (["locales", "resolve", "sv-SE", "--supported", "en-US,ja", "--default", "en-US"], "en-US\n"),
    ])
    func localeUtilities(arguments: [String], expected: String) throws {
        let result = try ShipcheckProcess.run(arguments)
        #expect(result.stdout == expected)
        #expect(result.status == 0)
    }

    @Test func listShowsCodesWithNames() throws {
        let result = try ShipcheckProcess.run(["locales", "list", "--store", "appstore"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("App Store (50 codes)\n"))
        #expect(result.stdout.contains("  pt-BR      Portuguese (Brazil)\n"))
    }

    @Test func checkJudgesFoldersWithTheFixTheStoreExpects() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-locales-\(UUID().uuidString)")
        for folder in ["fr", "en-US", "nb-NO", "he", "en_GB"] {
            let dir = root.appendingPathComponent("fastlane/metadata/android/\(folder)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data("Title\n".utf8).write(to: dir.appendingPathComponent("title.txt"))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ShipcheckProcess.run(["locales", "check", root.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  fr           not a Google Play code; rename to fr-FR\n"))
        #expect(result.stdout.contains("  nb-NO        not a Google Play code; rename to no-NO\n"))
        #expect(result.stdout.contains("  he           not a Google Play code; rename to iw-IL\n"))
        #expect(result.stdout.contains("  en_GB        not a Google Play code; rename to en-GB\n"))
        #expect(result.stdout.contains("  en-US        ok\n"))
    }
}
