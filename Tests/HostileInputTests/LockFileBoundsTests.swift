import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct LockFileBoundsTests {
    @Test func fiveThousandPinsOnOneLineGetTheirLines() throws {
        let pins = (0..<5_000).map { "{\"identity\":\"p\($0)\",\"location\":\"https://github.com/x/p\($0)\",\"state\":{\"version\":\"1.0.\($0)\"}}" }
        let text = "{\"pins\":[\n" + pins.joined(separator: ",\n") + "\n],\"version\":2}"
        let dependencies = try PackageResolvedReader.read(text, path: "Package.resolved")
        #expect(dependencies.count == 5_000)
        #expect(dependencies.last?.location.line == 5_001)
        #expect(dependencies.last?.version == "1.0.4999")
    }

    @Test func quotedStringLinesAreFirstOccurrences() {
        let lines = QuotedText.quotedStringLines(in: "{\"a\": \"b\",\n\"b\": [\"c\"]}\n\"unterminated\n\"a\"")
        #expect(lines["\"a\""] == 1)
        #expect(lines["\"b\""] == 1)
        #expect(lines["\"c\""] == 2)
        #expect(lines["\"unterminated"] == nil)
    }
}
