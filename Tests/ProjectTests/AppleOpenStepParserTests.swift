import Foundation
import Testing
@testable import Project
@testable import Formats

/// The byte-level pbxproj parser gives the value Foundation gives, on every project file of the tests and of
/// the laid-out corpus (when present), and refuses broken files with a line.
@Suite struct AppleOpenStepParserTests {
    static let corpus = "/work/corpus"

    static func projectFiles() -> [String] {
        var paths: [String] = []
        for root in [AppleFixtures.path("Tests"), corpus] where FileManager.default.fileExists(atPath: root) {
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".xcodeproj/project.pbxproj"), !relative.contains("/broken/") { paths.append(root + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    @Test func sameValueAsFoundation() throws {
        let paths = Self.projectFiles()
        #expect(paths.count >= 8)
        for path in paths {
            let data = try #require(FileManager.default.contents(atPath: path))
            let foundation = try PlistReader.parse(data, path: path).get().value
            let own = try OpenStepParser.parse([UInt8](data)).get()
            #expect(own == foundation, "\(path)")
        }
    }

    @Test func quotedStringsEscapesCommentsAndData() throws {
        let text = """
        // !$*UTF8*$!
        { a = "x\\ty\\"z\\U00e9"; /* comment */ b = ( 1, two, "3", ); c = <0fBD 77>; 'd' = { e = $SRCROOT/a-b.c_d+e:f; }; }
        """
        let value = try OpenStepParser.parse(Array(text.utf8)).get()
        #expect(value == .dictionary([
            "a": .string("x\ty\"z\u{e9}"), "b": .array([.string("1"), .string("two"), .string("3")]),
            "c": .data(Data([0x0F, 0xBD, 0x77])), "d": .dictionary(["e": .string("$SRCROOT/a-b.c_d+e:f")]),
        ]))
    }

    @Test(arguments: [
        ("{ a = b }", 1, "expected `;` after the value of \"a\""),
        ("{\n a = (b c);\n}", 2, "expected `,` or `)` in an array"),
        ("{\n\n a = \"open;\n}", 3, "unterminated quoted string"),
        ("{ a = b; } junk", 1, "unexpected text after the top-level value"),
        ("{ a = <0g>; }", 1, "unexpected character in <data>"),
    ])
    func brokenFilesFailWithALine(text: String, line: Int, message: String) {
        guard case .failure(let failure) = OpenStepParser.parse(Array(text.utf8)) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(failure.line == line)
        #expect(failure.message == message)
    }

    @Test func deepNestingIsRefusedNotFollowed() {
        let text = String(repeating: "(", count: 100_000)
        guard case .failure(let failure) = OpenStepParser.parse(Array(text.utf8)) else {
            Issue.record("parsed")
            return
        }
        #expect(failure.message.hasPrefix("nested more than"))
    }
}
