import TestSupport
import Testing
@testable import YAML


private func decodeError(_ text: String) -> CompiledNodeError? {
    do {
        _ = try CompiledNode.decode(text)
        return nil
    } catch {
        return error
    }
}

@Suite("Compiled node")
struct CompiledNodeTests {
    /// Every style, tags, empty and null scalars, anchors and aliases, flow and block collections,
    /// a carriage return, a NUL, quotes, backslashes and characters beyond ASCII.
    static let document = """
    plain: text
    single: 'it''s'
    double: "tab\\there\\r\\n\\0 \\"q\\" \\\\ é 😀"
    literal: |
      line one
      line two
    folded: >
      folded
      text
    tagged: !!str 42
    custom: !thing {a: 1}
    empty: ""
    null: ~
    missing:
    anchors:
      base: &b [x, {y: z}]
      again: *b
    nested:
      - - deep
        - [1, 2, []]
      - {}
    "quoted key": ünïcödé
    """

    @Test func aTreeRoundTripsWithMarksStylesAndTags() throws {
        let parsed = try #require(try YAMLParser.parse(Self.document, file: "x.yml"))
        let encoded = CompiledNode.encode(parsed)
        let decoded = try CompiledNode.decode(encoded)
        #expect(compiledNodeDifference(parsed, decoded) == nil)
        #expect(try Node(compiled: encoded)["double"]?.scalar == "tab\there\r\n\0 \"q\" \\ é 😀")
        #expect(decoded["tagged"]?.tag == "!!str")
        #expect(decoded["literal"]?.style == .literal)
        #expect(decoded["nested"]?.mark == Mark(line: 19, column: 3))
    }

    @Test func theDifferenceFinderSeesAMarkChange() throws {
        let a = Node(.scalar("x"), mark: Mark(line: 1, column: 1))
        let b = Node(.scalar("x"), mark: Mark(line: 1, column: 2))
        #expect(compiledNodeDifference(a, b) == "$: mark 1:1 vs 1:2")
    }

    @Test func malformedTextsFailWithAnError() {
        #expect(decodeError("")?.message == "not a compiled node (no N1 header)")
        #expect(decodeError("N2sp1,1,-0:")?.message == "not a compiled node (no N1 header)")
        #expect(decodeError("N1xp1,1,-0:")?.message == "unknown node kind")
        #expect(decodeError("N1sz1,1,-0:")?.message == "unknown style")
        #expect(decodeError("N1sp,1,-0:")?.message == "expected a number")
        #expect(decodeError("N1sp1,1,-5:abc")?.message == "text of 5 bytes runs past the end")
        #expect(decodeError("N1sp1,1,-0:extra")?.message == "trailing bytes after the root node")
        #expect(decodeError("N1sp99999999999999999,1,-0:")?.message == "expected a number")
        #expect(decodeError("N1qc1,1,-999999999:")?.message == "999999999 items cannot fit in what is left")
        #expect(decodeError("N1mc1,1,-1:sp1,1,-0:")?.message == "1 pairs cannot fit in what is left")
        #expect(decodeError("N1sp1,1,-0:") == nil)
    }

    /// Every strict prefix of a valid text is truncated, so each must fail, and none may crash.
    @Test func everyTruncationFails() throws {
        let parsed = try #require(try YAMLParser.parse(Self.document, file: "x.yml"))
        let bytes = Array(CompiledNode.encode(parsed).utf8)
        var decodedPrefixes: [Int] = []
        for length in 0..<bytes.count where decodeError(String(decoding: bytes[..<length], as: UTF8.self)) == nil {
            decodedPrefixes.append(length)
        }
        #expect(decodedPrefixes == [])
    }

    /// Any byte changed to any structural byte: an error or some tree, never a crash.
    @Test func corruptedBytesNeverCrash() throws {
        let parsed = try #require(try YAMLParser.parse(Self.document, file: "x.yml"))
        let bytes = Array(CompiledNode.encode(parsed).utf8)
        var failures = 0
        for index in bytes.indices {
            for replacement in Array("9:,-qms0".utf8) where bytes[index] != replacement {
                var copy = bytes
                copy[index] = replacement
                if decodeError(String(decoding: copy, as: UTF8.self)) != nil { failures += 1 }
            }
        }
        #expect(failures > bytes.count) // most corruptions are caught, not silently decoded
    }

    @Test func deepNestingIsBoundedNotAStackOverflow() {
        let deep = "N1" + String(repeating: "qc1,1,-1:", count: 100_000) + "sp1,1,-0:"
        #expect(decodeError(deep)?.message == "nesting deeper than 256 levels")
    }
}
