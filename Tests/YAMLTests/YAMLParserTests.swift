import Foundation
import Testing
@testable import YAML

private func parse(_ text: String, limits: YAMLLimits = .default) throws -> Node? {
    try YAMLParser.parse(text, file: "x.yml", limits: limits)
}

private func parseError(_ text: String, limits: YAMLLimits = .default) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(text, file: "x.yml", limits: limits)
        return nil
    } catch {
        return error
    }
}

private func dataError(_ bytes: [UInt8]) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(data: Data(bytes), file: "bad.yml")
        return nil
    } catch {
        return error
    }
}

@Suite struct MarkTests {
    @Test func everyNodeKindHasItsLineAndColumn() throws {
        let text = """
        name: shipcheck
        list:
          - one
          - [a, b]
        map: { k: v }
        """
        let root = try #require(try parse(text))
        #expect(root.mark == Mark(line: 1, column: 1))
        let pairs = try #require(root.mapping)
        #expect(pairs[0].key.mark == Mark(line: 1, column: 1))
        #expect(pairs[0].value.mark == Mark(line: 1, column: 7))
        let list = try #require(root["list"])
        #expect(list.mark == Mark(line: 3, column: 3))
        let items = try #require(list.sequence)
        #expect(items[0].mark == Mark(line: 3, column: 5))
        #expect(items[1].mark == Mark(line: 4, column: 5))
        #expect(items[1].sequence?[1].mark == Mark(line: 4, column: 9))
        let map = try #require(root["map"])
        #expect(map.mark == Mark(line: 5, column: 6))
        #expect(map["k"]?.mark == Mark(line: 5, column: 11))
    }

    @Test func mappingsKeepDocumentOrder() throws {
        let root = try #require(try parse("z: 1\na: 2\nm: 3\n"))
        #expect(root.mapping?.map { $0.key.scalar } == ["z", "a", "m"])
    }

    @Test func crlfLineEndsGiveTheSameLines() throws {
        let root = try #require(try parse("a: 1\r\nb:\r\n  - x\r\n  - y\r\n"))
        #expect(root["b"]?.sequence?[1].mark == Mark(line: 4, column: 5))
        #expect(root["b"]?.sequence?[1].scalar == "y")
        #expect(root["a"]?.scalar == "1")
    }
}

@Suite struct ScalarTests {
    @Test(arguments: ["yes", "on", "no", "off", "0x10", "1e3", "true", "012", "2026-08-31"])
    func plainScalarsStayText(_ word: String) throws {
        let root = try #require(try parse("v: \(word)\n"))
        #expect(root["v"]?.scalar == word)
        #expect(root["v"]?.isNull == false)
    }

    @Test func tildeIsNullOnlyWhenPlain() throws {
        let root = try #require(try parse("a: ~\nb: '~'\nc:\n"))
        #expect(root["a"]?.scalar == "~")
        #expect(root["a"]?.isNull == true)
        #expect(root["b"]?.isNull == false)
        #expect(root["c"]?.isNull == true)
    }

    @Test func styleRecordsHowAScalarWasWritten() throws {
        let root = try #require(try parse("p: text\ns: 'text'\nd: \"text\"\nl: |\n  text\nf: >\n  text\nc: [x]\n"))
        #expect(root["p"]?.style == .plain)
        #expect(root["s"]?.style == .singleQuoted)
        #expect(root["d"]?.style == .doubleQuoted)
        #expect(root["l"]?.style == .literal)
        #expect(root["l"]?.scalar == "text\n")
        #expect(root["f"]?.style == .folded)
        #expect(root["c"]?.style == .collection)
    }

    @Test func explicitTagIsKept() throws {
        let root = try #require(try parse("a: !!str 10\nb: 10\nc: !custom x\n"))
        #expect(root["a"]?.tag == "!!str")
        #expect(root["b"]?.tag == nil)
        #expect(root["c"]?.tag == "!custom")
    }

    @Test func unicodeScalarsSurvive() throws {
        let root = try #require(try parse("title: \"Café 👩‍👩‍👧 日本\"\n"))
        #expect(root["title"]?.scalar == "Café 👩‍👩‍👧 日本")
    }
}

@Suite struct DocumentTests {
    @Test func emptyOrCommentOnlyDocumentIsNil() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n\n# another\n") == nil)
        #expect(try parse("---\n") == nil)
    }

    @Test func secondDocumentIsAnError() throws {
        let error = try #require(parseError("a: 1\n---\nb: 2\n"))
        #expect(error.mark?.line == 2)
        #expect(error.message.contains("expected one document"))
    }

    @Test func duplicateKeyNamesTheFirstLine() throws {
        let error = try #require(parseError("name: a\nother: b\nname: c\n"))
        #expect(error.mark == Mark(line: 3, column: 1))
        #expect(error.message == "duplicate key \"name\" (first defined at line 1)")
        #expect(error.file == "x.yml")
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        let root = try #require(try parse("a: { k: 1 }\nb: { k: 2 }\n"))
        #expect(root["b"]?["k"]?.scalar == "2")
    }

    @Test func scannerErrorHasLineColumnAndSnippet() throws {
        let error = try #require(parseError("a: 1\nb: [x, y\nc: 3\n"))
        let mark = try #require(error.mark)
        #expect(mark.line == 3)
        #expect(mark.column == 2)
        #expect(error.message.contains("did not find expected ',' or ']'"))
        #expect(error.message.contains("while parsing a flow sequence at line 2, column 4"))
        #expect(error.snippet == "  c: 3\n   ^")
        #expect(error.description.hasPrefix("x.yml:3:2: "))
    }

    @Test func tabIndentationIsAnError() throws {
        let error = try #require(parseError("a:\n\tb: 1\n"))
        #expect(error.mark?.line == 2)
        #expect(error.message.contains("tab"))
    }

    @Test func controlCharacterIsAReaderErrorWithAPosition() throws {
        let error = try #require(parseError("a: 1\nbé: x\u{07}y\n"))
        #expect(error.message.contains("control characters are not allowed"))
        #expect(error.mark == Mark(line: 2, column: 6))
    }

    @Test func aliasesExpandWithinTheBudget() throws {
        let root = try #require(try parse("base: &b { x: 1 }\ncopy: *b\n"))
        #expect(root["copy"]?["x"]?.scalar == "1")
    }

    @Test func unknownAliasIsAnError() throws {
        let error = try #require(parseError("a: *nowhere\n"))
        #expect(error.message.contains("unknown alias *nowhere"))
        #expect(error.mark == Mark(line: 1, column: 4))
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i"]
        var previous = "a"
        for name in names {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let clock = ContinuousClock()
        var error: YAMLError?
        let elapsed = clock.measure { error = parseError(text) }
        let refused = try #require(error)
        #expect(refused.message.contains("more than 1000000 nodes"))
        #expect(elapsed < .seconds(1))
    }

    @Test func deepNestingIsRefusedWithoutCrashing() throws {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = try #require(parseError(text))
        #expect(error.message == "nesting deeper than 256 levels")
        #expect(error.mark == Mark(line: 1, column: 257))
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(try parse(text, limits: YAMLLimits(maxDepth: 10)) != nil)
        #expect(parseError(text, limits: YAMLLimits(maxDepth: 9)) != nil)
    }

    @Test func oversizedInputIsRefused() throws {
        let error = try #require(parseError("a: 123456789\n", limits: YAMLLimits(maxBytes: 8)))
        #expect(error.message.contains("more than the limit of 8 bytes"))
    }

    @Test func largeFlatListParsesCompletely() throws {
        let text = (0..<50_000).map { "- item\($0)" }.joined(separator: "\n")
        let root = try #require(try parse(text))
        #expect(root.sequence?.count == 50_000)
        #expect(root.sequence?.last?.scalar == "item49999")
    }
}

@Suite struct DataInputTests {
    @Test func invalidUTF8NamesFileAndOffset() throws {
        let error = try #require(dataError(Array("a: ok\nb: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)))
        #expect(error.file == "bad.yml")
        #expect(error.message == "invalid UTF-8 at byte offset 9; save the file as UTF-8")
        #expect(error.mark == Mark(line: 2, column: 4))
        #expect(error.description.hasPrefix("bad.yml:2:4: "))
    }

    @Test func nulByteIsABinaryFile() throws {
        let error = try #require(dataError([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]))
        #expect(error.message == "binary file: NUL byte at byte offset 4; expected YAML text")
        #expect(error.mark == Mark(line: 1, column: 4))
        #expect(error.file == "bad.yml")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try #require(try YAMLParser.parse(data: Data([0xEF, 0xBB, 0xBF] + Array("key: value\n".utf8)), file: "bom.yml"))
        #expect(root.mapping?.first?.key.scalar == "key")
        #expect(root.mapping?.first?.key.mark == Mark(line: 1, column: 1))
    }

    @Test func crlfBytesParse() throws {
        let root = try #require(try YAMLParser.parse(data: Data("a: 1\r\nb: 2\r\n".utf8), file: "crlf.yml"))
        #expect(root["b"]?.mark == Mark(line: 2, column: 4))
        #expect(root["b"]?.scalar == "2")
    }
}

@Suite struct NodeReaderTests {
    private func reader(_ text: String) throws -> NodeReader {
        let node = try #require(try YAMLParser.parse(text, file: "x.yml"))
        return NodeReader(node: node, diagnostics: Diagnostics(file: "x.yml", source: text))
    }

    @Test func oneOfErrorReadsWithPathFileLineColumn() throws {
        var text = String(repeating: "# padding\n", count: 37)
        text += "rules:\n  - severity: error\n  - severity: info\n  - severity: warning\n  - id: x\n    severity:     fatal\n"
        let root = try reader(text)
        let rules = try #require(root.mapping()?["rules"]?.sequence())
        #expect(rules[3].mapping()?["severity"]?.oneOf(["error", "warning", "info", "off"]) == nil)
        let error = try #require(root.diagnostics.errors.first)
        #expect(error.description.hasPrefix("rules[3].severity at x.yml:43:19: expected one of error, warning, info, off, got \"fatal\""))
    }

    @Test func unknownKeySuggestsTheNearest() throws {
        let root = try reader("serverity: error\n")
        _ = root.mapping(allowed: ["severity", "id"])
        #expect(root.diagnostics.errors.map(\.message) == ["unknown key \"serverity\" (did you mean \"severity\"?)"])
    }

    @Test func boolRefusesYes() throws {
        let root = try reader("a: yes\nb: true\n")
        let map = try #require(root.mapping())
        #expect(map["a"]?.bool() == nil)
        #expect(map["b"]?.bool() == true)
        #expect(root.diagnostics.errors.first?.message == "expected true or false, got \"yes\"")
        #expect(root.diagnostics.errors.first?.mark == Mark(line: 1, column: 4))
    }
}
