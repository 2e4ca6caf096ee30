import Testing
@testable import Formats

/// The byte-level XML reader behind AndroidManifestReader: what it reports, and every well-formedness
/// error it gives with its line.
struct XMLScannerTests {
    enum Event: Equatable {
        case start(XMLStartTag)
        case end
    }

    static func events(_ text: String) throws(XMLSyntaxError) -> [Event] {
        var text = text
        var events: [Event] = []
        let error = text.withUTF8 { bytes -> XMLSyntaxError? in
            do throws(XMLSyntaxError) {
                try XMLScanner.scan(bytes, start: { events.append(.start($0)) }, end: { events.append(.end) })
                return nil
            } catch {
                return error
            }
        }
        if let error { throw error }
        return events
    }

    static func error(_ text: String) -> XMLSyntaxError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func tagsAttributesAndLinesAsWritten() throws {
        let text = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- a comment with <tags> and 'quotes' -->
        <!DOCTYPE manifest [ <!ENTITY x "y>"> <!-- ]> --> ]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package='a.b'>
          <uses-permission
              android:name="p" />
          <application><![CDATA[ <not-a-tag> ]]><?pi data?></application>
        </manifest>

        """
        let events = try Self.events(text)
        #expect(events == [
            .start(XMLStartTag(name: "manifest", attributes: [
                XMLAttribute(name: "xmlns:android", value: "http://schemas.android.com/apk/res/android", line: 4),
                XMLAttribute(name: "package", value: "a.b", line: 4),
            ], line: 4)),
            .start(XMLStartTag(name: "uses-permission", attributes: [XMLAttribute(name: "android:name", value: "p", line: 6)], line: 5)),
            .end,
            .start(XMLStartTag(name: "application", attributes: [], line: 7)),
            .end,
            .end,
        ])
    }

    @Test func attributeValuesResolveReferencesAndNormaliseWhitespace() throws {
        let events = try Self.events("<m a=\"&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;\" b='x\ty\r\nz\nw' c=\"&#10;\"/>")
        guard case .start(let tag) = events.first else {
            Issue.record("no start tag in \(events)")
            return
        }
        #expect(tag["a"] == "<>&\"'AB😀")
        #expect(tag["b"] == "x y z w")
        #expect(tag["c"] == "\n")
        #expect(events.count == 2)
    }

    @Test func aByteOrderMarkAndATrailingCommentAreFine() throws {
        #expect(try Self.events("\u{FEFF}<m/>\n<!-- end -->\n").count == 2)
    }

    @Test(arguments: [
        ("", XMLSyntaxError.Reason.empty, 1),
        ("<!-- only a comment -->", .empty, 1),
        ("text", .textOutsideRoot, 1),
        ("<m/>\n<n/>", .contentAfterRoot, 2),
        ("<m/>\n</m>", .contentAfterRoot, 2),
        ("<m>\n<n>\n", .unclosedElement(name: "n", line: 2), 3),
        ("<m a='&nbsp;'/>", .undeclaredEntity(name: "nbsp", afterInternalSubset: false), 1),
        ("<!DOCTYPE m [<!ENTITY e 'x'>]>\n<m a='&e;'/>", .undeclaredEntity(name: "e", afterInternalSubset: true), 2),
        ("<m>\nfish & chips</m>", .badReference, 2),
        ("<m a='&#0;'/>", .badCharacterReference, 1),
        ("<m a='&#x110000;'/>", .badCharacterReference, 1),
        ("<m a='&#99999999999999999999999;'/>", .badCharacterReference, 1),
        ("<m a=b/>", .attributeNotQuoted, 1),
        ("<m\n a/>", .attributeWithoutValue, 2),
        ("<m a='1'\n a='2'/>", .attributeGivenTwice(name: "a"), 2),
        ("<m a='1'b='2'/>", .missingSpace, 1),
        ("<1m/>", .nameExpected, 1),
        ("<m><!x></m>", .nameExpected, 1),
        ("<m></m x>", .missingGreaterThan, 1),
        ("<m/ >", .missingGreaterThan, 1),
        ("<manifest>\n  <uses-permission name=\"a\">\n</manifest>\n", .mismatchedTag, 3),
        ("<m a='1'", .unclosedTag, 1),
        ("<m a='1\n", .unclosedAttributeValue, 1),
        ("<m a='<'/>", .lessThanInAttributeValue, 1),
        ("<m>\n<!-- open", .unclosedComment, 2),
        ("<m><!-- a -- b --></m>", .doubleHyphenInComment, 1),
        ("<m><![CDATA[ x </m>", .unclosedCDATA, 1),
        ("<?xml version='1.0'", .unclosedProcessingInstruction, 1),
        ("<!DOCTYPE m [ <!ENTITY e '>' ", .unclosedDoctype, 1),
        ("<m>\n<!DOCTYPE m></m>", .misplacedDoctype, 2),
        ("<m>\u{1}</m>", .forbiddenCharacter, 1),
        ("<m>\n<tools:n/></m>", .unboundPrefix(name: "tools:n"), 2),
        ("<m xmlns:a='u'><n a:x='1'/></m>\n", nil, 0),
        ("<m><n xmlns:a='u'/><o a:x='1'/></m>", .unboundPrefix(name: "a:x"), 1),
        ("<m>]]></m>", .cdataEndInText, 1),
    ] as [(String, XMLSyntaxError.Reason?, Int)])
    func wellFormednessErrorsWithTheirLine(_ text: String, _ reason: XMLSyntaxError.Reason?, _ line: Int) {
        let error = Self.error(text)
        #expect(error?.reason == reason)
        if reason != nil { #expect(error?.line == line) }
    }

    @Test func theFirstErrorHasItsColumn() {
        #expect(Self.error("<m>\n  <n></m>")?.column == 6)
    }

    @Test func hostileShapesEndQuickly() throws {
        // Deep nesting without recursion, and constructs that are never closed.
        let depth = 100_000
        #expect(try Self.events(String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)).count == 2 * depth)
        #expect(Self.error("<m><!--" + String(repeating: "- ", count: 50_000))?.reason == .unclosedComment)
        #expect(Self.error("<!DOCTYPE " + String(repeating: "[\"", count: 50_000))?.reason == .unclosedDoctype)
        #expect(Self.error("<m a='" + String(repeating: "&#1", count: 50_000))?.reason == .badReference)
    }
}
