import Testing
import YAML
@testable import StoreLocale

@Suite struct ShippedTableTests {
    @Test func appStoreTableIsCleanAndComplete() throws {
        let (table, errors) = try ShippedTables.load("appstore_locales", store: .appstore)
        #expect(errors.isEmpty, "\(errors)")
        #expect(table.codes.count == 50)
        #expect(table.legacy.count == 16)
        #expect(table.specialFolders.contains("review_information"))
    }

    @Test func playTableIsCleanAndComplete() throws {
        let (table, errors) = try ShippedTables.load("play_locales", store: .play)
        #expect(errors.isEmpty, "\(errors)")
        #expect(table.codes.count == 87)
        #expect(table.specialFolders.isEmpty)
    }
}

@Suite struct NormalizeTests {
    @Test func appStoreDropsTheRegionWhereItUsesABareLanguage() throws {
        let appStore = try ShippedTables.appStore()
        #expect(appStore.normalize("ja_JP") == "ja")
        #expect(appStore.normalize("zh-Hans-CN") == "zh-Hans")
        #expect(appStore.normalize("zh_Hant_HK") == "zh-Hant")
        #expect(appStore.normalize("EN-us") == "en-US")
        #expect(appStore.normalize("en_GB") == "en-GB")
        #expect(appStore.normalize("no-NO") == "no")
        #expect(appStore.normalize("cmn-Hans") == "zh-Hans")
        #expect(appStore.normalize("ar") == "ar-SA")
        #expect(appStore.normalize("iw-IL") == "he")
    }

    @Test func playKeepsTheRegion() throws {
        let play = try ShippedTables.play()
        #expect(play.normalize("ja_JP") == "ja-JP")
        #expect(play.normalize("ja") == "ja-JP")
        #expect(play.normalize("zh-Hans-CN") == "zh-CN")
        #expect(play.normalize("zh_Hant_HK") == "zh-HK")
        #expect(play.normalize("fr") == "fr-FR")
        #expect(play.normalize("nb-NO") == "no-NO")
        #expect(play.normalize("he") == "iw-IL")
        #expect(play.normalize("ar_LY") == "ar")
        #expect(play.normalize("es-419") == "es-419")
    }

    @Test func ambiguousOrUnknownIsNil() throws {
        let play = try ShippedTables.play()
        #expect(play.normalize("pt") == nil)
        #expect(play.normalize("tok") == nil)
        #expect(play.normalize("ast") == nil)
        #expect(play.normalize("not a code") == nil)
        #expect(play.normalize("") == nil)
    }
}

@Suite struct JudgeTests {
    @Test func playFolders() throws {
        let play = try ShippedTables.play()
        #expect(play.judge(folder: "fr-FR") == .valid("fr-FR"))
        #expect(play.judge(folder: "fr") == .invalid(suggestions: ["fr-FR"]))
        #expect(play.judge(folder: "pt") == .invalid(suggestions: ["pt-PT", "pt-BR"]))
        #expect(play.judge(folder: "en_GB") == .invalid(suggestions: ["en-GB"]))
        #expect(play.judge(folder: "en-NZ") == .invalid(suggestions: ["en-AU", "en-CA", "en-GB", "en-IN", "en-SG", "en-US", "en-ZA"]))
        #expect(play.judge(folder: "zh_Hant_HK") == .invalid(suggestions: ["zh-HK"]))
        #expect(play.judge(folder: "nb-NO") == .invalid(suggestions: ["no-NO"]))
        #expect(play.judge(folder: "he") == .invalid(suggestions: ["iw-IL"]))
        #expect(play.judge(folder: "ar-AR") == .invalid(suggestions: ["ar"]))
        #expect(play.judge(folder: "sr-SR") == .invalid(suggestions: ["sr"]))
        #expect(play.judge(folder: "bg-BG") == .invalid(suggestions: ["bg"]))
        #expect(play.judge(folder: "und") == .invalid(suggestions: []))
        #expect(play.judge(folder: "tok") == .invalid(suggestions: []))
        #expect(play.judge(folder: "nl-BE") == .invalid(suggestions: ["nl-NL"]))
        #expect(play.judge(folder: "ast") == .invalid(suggestions: []))
        #expect(play.judge(folder: "default") == .invalid(suggestions: []))
    }

    @Test func appStoreFolders() throws {
        let appStore = try ShippedTables.appStore()
        #expect(appStore.judge(folder: "en-US") == .valid("en-US"))
        #expect(appStore.judge(folder: "en-us") == .valid("en-US"))
        #expect(appStore.judge(folder: "default") == .special)
        #expect(appStore.judge(folder: "Review_Information") == .special)
        #expect(appStore.judge(folder: "ja-JP") == .legacy(modern: "ja"))
        #expect(appStore.judge(folder: "vi-VI") == .legacy(modern: "vi"))
        #expect(appStore.judge(folder: "ar") == .invalid(suggestions: ["ar-SA"]))
        #expect(appStore.judge(folder: "fr") == .invalid(suggestions: ["fr-FR"]))
        #expect(appStore.judge(folder: "zh-CN") == .invalid(suggestions: ["zh-Hans"]))
        #expect(appStore.judge(folder: "ja_JP") == .invalid(suggestions: ["ja"]))
        #expect(appStore.judge(folder: "de-AT") == .invalid(suggestions: ["de-DE"]))
    }
}

@Suite struct MapTests {
    @Test func appStoreToPlay() throws {
        let appStore = try ShippedTables.appStore(), play = try ShippedTables.play()
        #expect(appStore.map("zh-Hans", to: play) == ["zh-CN"])
        #expect(appStore.map("zh-Hant", to: play) == ["zh-TW", "zh-HK"])
        #expect(appStore.map("he", to: play) == ["iw-IL"])
        #expect(appStore.map("no", to: play) == ["no-NO"])
        #expect(appStore.map("ja", to: play) == ["ja-JP"])
        #expect(appStore.map("en-US", to: play) == ["en-US"])
        #expect(appStore.map("es-MX", to: play) == ["es-419", "es-ES", "es-US"])
    }

    @Test func playToAppStore() throws {
        let appStore = try ShippedTables.appStore(), play = try ShippedTables.play()
        #expect(play.map("zh-CN", to: appStore) == ["zh-Hans"])
        #expect(play.map("zh-TW", to: appStore) == ["zh-Hant"])
        #expect(play.map("iw-IL", to: appStore) == ["he"])
        #expect(play.map("no-NO", to: appStore) == ["no"])
        #expect(play.map("ja-JP", to: appStore) == ["ja"])
        #expect(play.map("fil", to: appStore) == [])
    }
}

@Suite struct ResolveTests {
    @Test func exactThenScriptThenLanguageThenDefault() {
        #expect(LocaleTable.resolve(userLocale: "zh-Hant-HK", supported: ["zh-Hans", "zh-Hant"], default: "en") == "zh-Hant")
        #expect(LocaleTable.resolve(userLocale: "zh-TW", supported: ["zh-Hans", "zh-Hant"], default: "en") == "zh-Hant")
        #expect(LocaleTable.resolve(userLocale: "zh_CN", supported: ["zh-Hant", "zh-Hans"], default: "en") == "zh-Hans")
        #expect(LocaleTable.resolve(userLocale: "pt-BR", supported: ["pt-PT", "pt-BR"], default: "en") == "pt-BR")
        #expect(LocaleTable.resolve(userLocale: "pt-AO", supported: ["en", "pt-PT", "pt-BR"], default: "en") == "pt-PT")
        #expect(LocaleTable.resolve(userLocale: "de_AT", supported: ["en-US", "de-DE"], default: "en-US") == "de-DE")
        #expect(LocaleTable.resolve(userLocale: "sr-Latn", supported: ["sr-Cyrl", "sr-Latn-RS"], default: nil) == "sr-Latn-RS")
        #expect(LocaleTable.resolve(userLocale: "ko-KR", supported: ["en-US", "ja"], default: "en-US") == "en-US")
        #expect(LocaleTable.resolve(userLocale: "ko-KR", supported: ["ja"], default: nil) == nil)
    }

    @Test func displayNames() {
        #expect(LocaleTable.displayName("pt-BR") == "Portuguese (Brazil)")
        #expect(LocaleTable.displayName("zh-Hans") == "Chinese, Simplified")
        #expect(LocaleTable.displayName("iw-IL") == "Hebrew (Israel)")
        #expect(LocaleTable.displayName("und") == nil)
        #expect(LocaleTable.displayName("not a code") == nil)
    }
}

@Suite struct TableReaderTests {
    private func read(_ text: String) throws -> (LocaleTable, [String]) {
        let node = try #require(try YAMLParser.parse(text, file: "t.yml"))
        let diagnostics = Diagnostics(file: "t.yml", source: text)
        let table = LocaleTable(store: .play, reader: NodeReader(node: node, diagnostics: diagnostics))
        return (table, diagnostics.errors.map { "\($0.mark?.description ?? "-") \($0.message)" })
    }

    @Test func mistakesAreReportedWithTheirLine() throws {
        let (table, errors) = try read("""
        codes: [fr-FR, de-DE, fr-FR, "no way"]
        legacy: { fr: fr-CA }
        corrections: { fr: fr-FX, de-DE: fr-FR, nb-NO: [fr-FR] }
        special_folder: [x]
        """)
        #expect(table.codes == ["fr-FR", "de-DE"])
        #expect(table.corrections == ["nb-NO": ["fr-FR"]])
        #expect(errors == [
            "4:1 unknown key \"special_folder\" (did you mean \"special_folders\"?)",
            "1:23 duplicate code \"fr-FR\"",
            "1:30 \"no way\" is not a locale code (language[-Script][-REGION])",
            "2:15 legacy code \"fr\" maps to \"fr-CA\", which is not in codes",
            "3:20 correction for \"fr\" names \"fr-FX\", not in codes",
            "3:34 \"de-DE\" is a valid code of this store; it cannot need a correction",
        ])
    }

    @Test func codesAreRequired() throws {
        let (table, errors) = try read("special_folders: [default]\n")
        #expect(table.codes.isEmpty)
        #expect(errors == ["1:1 missing required key \"codes\""])
    }
}
