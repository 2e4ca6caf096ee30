import Foundation
import Project
import Testing
import YAML
@testable import Rules

@Suite struct MetadataKeywordsTests {
    /// The `keywords` check looking for `find` (one rule each in rules/metadata.yml).
    func run(_ find: String, _ keywords: String, project: ProjectModel = ProjectModel(root: "/p"),
             options: [String: CheckOptions.Value] = [:]) throws -> [CheckResult] {
        try GenericCheckSupport.run(MetadataKeywords.function, [GenericCheckSupport.subject(keywords, path: "m/en-US/keywords.txt")],
                                    options: options.merging(["find": .string(find)]) { $1 }, project: project)
    }

    @Test func spacesAroundCommasAreCounted() throws {
        let result = try #require(try run("spaces", "notes, todo ,list,  sync").first)
        #expect(result.values["count"] == "4")
        #expect(result.values["length"] == "24")
        #expect(result.values["length_without"] == "20")
        #expect(try run("spaces", "notes,todo,list").isEmpty)
        #expect(try run("spaces", "to do,notes").isEmpty)  // a space inside a keyword is part of it
    }

    @Test func duplicatesIgnoreCaseAndAreListedOnce() throws {
        let result = try #require(try run("repeats", "Notes,todo,notes,NOTES,Todo,list").first)
        #expect(result.values["duplicates"] == "notes, Todo")
        #expect(result.values["count"] == "2")
        #expect(try run("repeats", "notes,note,list").isEmpty)
    }

    @Test func shortKeywordsExceptHanKanaAndHangul() throws {
        let result = try #require(try run("short", "ai,notes,x,メモ,笔记,할일,tv").first)
        #expect(result.values["keywords"] == "ai, x, tv")
        #expect(try run("short", "ai,notes", options: ["min": .int(2)]).isEmpty)
    }

    @Test func appNameWordsComeFromTheLocaleOrItsDefault() throws {
        let keywords = MetadataValue(text: "wallet,bitcoin,lightning", raw: "", location: SourceLocation(path: "m/en-US/keywords.txt"))
        let own = MetadataLocale(code: "en-US", location: SourceLocation(path: "m/en-US"), fields: [
            "keywords": keywords, "name": MetadataValue(text: "BlueWallet - Bitcoin Wallet", raw: "", location: SourceLocation(path: "m/en-US/name.txt")),
        ])
        let project = ProjectModel(root: "/p", metadata: [MetadataTree(store: .appstore, path: "m", name: "main", locales: [own])])
        let result = try #require(try run("name_words", "wallet,bitcoin,lightning", project: project).first)
        #expect(result.values["keywords"] == "wallet, bitcoin")
        #expect(result.values["name"] == "BlueWallet - Bitcoin Wallet")

        let inherited = MetadataLocale(code: "en-US", location: SourceLocation(path: "m/en-US"), fields: ["keywords": keywords])
        let defaults = MetadataLocale(code: "default", location: SourceLocation(path: "m/default"), fields: [
            "name": MetadataValue(text: "Lightning Notes", raw: "", location: SourceLocation(path: "m/default/name.txt")),
        ])
        let viaDefault = ProjectModel(root: "/p", metadata: [MetadataTree(store: .appstore, path: "m", name: "main", locales: [inherited], defaults: defaults)])
        #expect(try run("name_words", "wallet,bitcoin,lightning", project: viaDefault).first?.values["keywords"] == "lightning")
    }

    @Test func appNameFallsBackToTheManifestAndAddsTheDeveloper() throws {
        let manifest = Manifest(file: "shipcheck.yml", appName: "Simplenote", developer: "Automattic")
        let project = ProjectModel(root: "/p", manifest: manifest)
        let result = try #require(try run("name_words", "simplenote,automattic,markdown", project: project).first)
        #expect(result.values["keywords"] == "simplenote, automattic")
    }
}

/// The App Store category rule is `one-of` over the `app_store_categories` table, whose `legacy` map gives the
/// modern id for a `MZGenre.*` value fastlane still maps.
@Suite struct OneOfCategoryTests {
    let table = """
        values: [PRODUCTIVITY, UTILITIES, PHOTO_AND_VIDEO, LIFESTYLE]
        legacy: { MZGenre.Photography: PHOTO_AND_VIDEO, MZGenre.Lifestyle: LIFESTYLE }
        """

    func run(_ values: [String]) throws -> [CheckResult] {
        try GenericCheckSupport.run(GenericOneOf.function, values.map { GenericCheckSupport.subject($0, path: "m/primary_category.txt") },
                                    options: ["table": .string("categories")], tables: [GenericCheckSupport.table("categories", table)])
    }

    @Test func knownIdsAndEmptyFilesPass() throws {
        #expect(try run(["PRODUCTIVITY", "", "UTILITIES"]).isEmpty)
    }

    @Test func unknownIdGetsTheNearestSuggestion() throws {
        let result = try #require(try run(["Productivty"]).first)
        #expect(result.values["suggestion"] == "PRODUCTIVITY")
        #expect(result.values["problem"] == "is not in the table categories")
        #expect(result.severity == nil)
    }

    @Test func legacyIdsAreNotesWithTheModernId() throws {
        let results = try run(["MZGenre.Photography", "mzgenre.lifestyle", "MZGenre.Nonsense"])
        #expect(results.map { $0.values["suggestion"] ?? "" } == ["PHOTO_AND_VIDEO", "LIFESTYLE", ""])
        #expect(results.map(\.severity) == [.info, .info, nil])
    }
}

@Suite struct MetadataImagesTests {
    let table = """
        - { types: [icon], width: 512, height: 512 }
        - { types: [phoneScreenshots], min: 320, max: 3840, max_ratio: 2.3 }
        """

    func run(_ images: [MetadataImage]) throws -> [String] {
        let locale = MetadataLocale(code: "en-US", location: SourceLocation(path: "p/en-US"), images: images)
        let project = ProjectModel(root: "/p", metadata: [MetadataTree(store: .play, path: "p", name: "main", locales: [locale])])
        return try GenericCheckSupport.run(MetadataImages.function, [], options: ["table": .string("sizes")],
                                           tables: [GenericCheckSupport.table("sizes", table)], project: project, given: false)
            .map { "\($0.location.path): \($0.values["problem"] ?? "")" }
    }

    func image(_ type: String, _ width: Int?, _ height: Int?, _ name: String = "1.png") -> MetadataImage {
        MetadataImage(type: type, location: SourceLocation(path: "p/en-US/images/\(type)/\(name)"), width: width, height: height)
    }

    @Test func exactSizes() throws {
        #expect(try run([image("icon", 512, 512)]).isEmpty)
        #expect(try run([image("icon", 1024, 1024)]) == ["p/en-US/images/icon/1.png: is 1024×1024 px"])
    }

    @Test func screenshotSidesAndRatio() throws {
        let results = try run([image("phoneScreenshots", 1080, 1920, "ok.png"), image("phoneScreenshots", 1080, 2484, "ratio23.png"),
                               image("phoneScreenshots", 300, 600, "small.png"), image("phoneScreenshots", 1000, 4000, "big.png"),
                               image("phoneScreenshots", 1000, 2400, "tall.png")])
        #expect(results == [
            "p/en-US/images/phoneScreenshots/small.png: is 300×600 px, a side under 320 px",
            "p/en-US/images/phoneScreenshots/big.png: is 1000×4000 px, a side over 3840 px",
            "p/en-US/images/phoneScreenshots/tall.png: is 1000×2400 px, a long:short ratio over 2.3",
        ])
    }

    @Test func unreadableSizesAndTypesWithoutARowAreSkipped() throws {
        #expect(try run([image("icon", nil, nil), image("tvScreenshots", 10, 10)]).isEmpty)
    }
}

@Suite struct MetadataChangelogAndEmptyFileTests {
    func project(_ changelogs: [String: String], extraEmpty: Bool = false) -> ProjectModel {
        var values: [String: MetadataValue] = [:]
        for (version, text) in changelogs {
            values[version] = MetadataValue(text: text, raw: text, location: SourceLocation(path: "p/en-US/changelogs/\(version).txt", line: 1))
        }
        var fields: [String: MetadataValue] = ["title": MetadataValue(text: "Notes", raw: "Notes\n", location: SourceLocation(path: "p/en-US/title.txt"))]
        if extraEmpty {
            fields["video"] = MetadataValue(text: "", raw: "\n", location: SourceLocation(path: "p/en-US/video.txt"))
            fields["short_description"] = MetadataValue(text: " ", raw: " ", location: SourceLocation(path: "p/en-US/short_description.txt"))
        }
        let locale = MetadataLocale(code: "en-US", location: SourceLocation(path: "p/en-US"), fields: fields, changelogs: values)
        return ProjectModel(root: "/p", metadata: [MetadataTree(store: .play, path: "p", name: "main", locales: [locale])])
    }

    func changelogMessages(_ project: ProjectModel, versionCode: Int?) throws -> [String] {
        var facts = project.facts
        if let versionCode { facts.add(Fact(name: "android.version_code", value: .number(Double(versionCode)), source: .detected)) }
        var withFacts = project
        withFacts.facts = facts
        return try GenericCheckSupport.run(MetadataChangelogLength.function, [], options: ["max": .int(10), "fields": .stringList(["changelogs"])],
                                           project: withFacts, given: false)
            .map { "\($0.values["version"] ?? "") (\($0.values["release_note"] ?? ""))" }
    }

    @Test func onlyTheChangelogThatShipsIsCheckedAndTheChoiceNamed() throws {
        let long = String(repeating: "x", count: 11)
        let project = project(["99": long, "100": long, "default": long])
        #expect(try changelogMessages(project, versionCode: nil) == ["100 (android.version_code unknown; 100.txt is the newest note of the tree)"])
        #expect(try changelogMessages(project, versionCode: 100) == ["100 (the note for android.version_code 100)"])
        #expect(try changelogMessages(project, versionCode: 99) == ["99 (the note for android.version_code 99)"])
        #expect(try changelogMessages(project, versionCode: 101) == ["default (no changelogs/101.txt for android.version_code 101, so default.txt ships)"])
    }

    /// The empty-file rule is `present` over `*.files`: every file the uploader sends, once.
    @Test func emptyFilesAreReportedExceptIgnoredFields() throws {
        let project = project(["100": ""], extraEmpty: true)
        let files = Engine.subjects([try Selector.parse("*.files")], for: GenericPresent.function, project: project, stores: [])
        let all = try GenericCheckSupport.run(GenericPresent.function, files).map(\.location.path).sorted()
        #expect(all == ["p/en-US/changelogs/100.txt", "p/en-US/short_description.txt", "p/en-US/video.txt"])
        let some = try GenericCheckSupport.run(GenericPresent.function, files, options: ["ignore_fields": .stringList(["video", "changelogs/100"])])
            .map(\.location.path)
        #expect(some == ["p/en-US/short_description.txt"])
    }
}
