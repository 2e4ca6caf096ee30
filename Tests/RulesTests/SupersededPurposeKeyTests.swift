import Foundation
import Testing
@testable import Rules

/// An Info.plist with only the key Apple superseded (NSCalendarsUsageDescription since the iOS 17 SDK) is a
/// warning: App Store Connect's scan has accepted that key (DroidKaigi's 2024 app shipped with it alone), while
/// iOS denies the access without the new one. Without any calendar key it stays the error.
@Suite struct SupersededPurposeKeyTests {
    static func project(plistKey: String?) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("superseded-\(UUID().uuidString)").path
        let entry = plistKey.map { "<key>\($0)</key><string>Adds the session to your calendar.</string>" } ?? ""
        let files: [String: String] = [
            "shipcheck.yml": "stores: [appstore]\n",
            "App/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleName</key><string>Talks</string>\(entry)</dict></plist>
            """,
            "App/Calendar.swift": "import EventKit\nlet store = EKEventStore()\nfunc ask() async throws { _ = try await store.requestWriteOnlyAccessToEvents() }\n",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func calendarFindings(_ key: String?) throws -> [Finding] {
        let root = try project(plistKey: key)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try RuleExampleTests.evaluate(root).filter { $0.rule == "purpose-strings.missing" && $0.message.contains("NSCalendars") }
    }

    @Test func onlyTheSupersededKeyIsAWarningThatSaysSo() throws {
        let findings = try Self.calendarFindings("NSCalendarsUsageDescription")
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("it sets only NSCalendarsUsageDescription, which Apple superseded") == true)
    }

    @Test func noCalendarKeyIsAnError() throws {
        #expect(try Self.calendarFindings(nil).map(\.severity) == [.error])
    }

    @Test func theNewKeySatisfiesIt() throws {
        #expect(try Self.calendarFindings("NSCalendarsWriteOnlyAccessUsageDescription").isEmpty)
    }

    @Test func aSignalMappingTakesOnlyKeysAndSuperseded() throws {
        let yaml = "purpose_api.calendars: { keys: [NSCalendarsFullAccessUsageDescription], replaced: [NSCalendarsUsageDescription] }\n"
        let table = try GenericCheckSupport.table("purpose_keys", yaml)
        #expect(throws: TableError.self) { try PurposeKeys(table) }
    }
}
