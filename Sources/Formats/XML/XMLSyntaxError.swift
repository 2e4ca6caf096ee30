/// Why a document is not well-formed XML, and where (1-based line, and byte column when known).
package struct XMLSyntaxError: Error, Equatable, Sendable {
    package enum Reason: Equatable, Sendable {
        case empty
        case textOutsideRoot
        case contentAfterRoot
        case unclosedElement(name: String, line: Int)
        case undeclaredEntity(name: String, afterInternalSubset: Bool)
        case unboundPrefix(name: String)
        case cdataEndInText
        case badReference
        case badCharacterReference
        case attributeNotQuoted
        case attributeWithoutValue
        case attributeGivenTwice(name: String)
        case missingSpace
        case nameExpected
        case missingGreaterThan
        case mismatchedTag
        case unclosedTag
        case unclosedAttributeValue
        case lessThanInAttributeValue
        case unclosedComment
        case doubleHyphenInComment
        case unclosedCDATA
        case unclosedProcessingInstruction
        case unclosedDoctype
        case misplacedDoctype
        case forbiddenCharacter

        /// What people read after "is not well-formed XML: ". The wordings of the libxml2 days are kept.
        package var description: String {
            switch self {
            case .empty: "the document is empty"
            case .textOutsideRoot: "there is text outside the root element"
            case .contentAfterRoot: "there is content after the root element is closed"
            case .unclosedElement(let name, let line): "the document ends before <\(name)> (line \(line)) is closed"
            case .undeclaredEntity(let name, false): "an entity is used but never declared (&\(name);)"
            case .undeclaredEntity(let name, true):
                "an entity is used but never declared (&\(name);; entities a DOCTYPE declares are not expanded)"
            case .unboundPrefix(let name): "a namespace prefix is used but never declared (\(name); declare it with xmlns:…=\"…\")"
            case .cdataEndInText: "the text contains ']]>', which only ends a CDATA section"
            case .badReference: "an '&' does not start an entity or character reference ending in ';' (write &amp;)"
            case .badCharacterReference: "a character reference (&#…;) is not a character XML allows"
            case .attributeNotQuoted: "an attribute value is not quoted"
            case .attributeWithoutValue: "an attribute has no value"
            case .attributeGivenTwice(let name): "an attribute is given twice (\(name))"
            case .missingSpace: "a space is missing between attributes"
            case .nameExpected: "a name is expected"
            case .missingGreaterThan: "'>' is missing"
            case .mismatchedTag: "a closing tag does not match the open element"
            case .unclosedTag: "a tag is not closed"
            case .unclosedAttributeValue: "an attribute value is not closed (its closing quote is missing)"
            case .lessThanInAttributeValue: "an attribute value contains '<' (write &lt;)"
            case .unclosedComment: "a comment is not closed ('-->' is missing)"
            case .doubleHyphenInComment: "a comment contains '--'"
            case .unclosedCDATA: "a CDATA section is not closed (']]>' is missing)"
            case .unclosedProcessingInstruction: "a processing instruction is not closed ('?>' is missing)"
            case .unclosedDoctype: "the DOCTYPE declaration is not closed"
            case .misplacedDoctype: "a DOCTYPE declaration comes after the root element"
            case .forbiddenCharacter: "the text contains a control character XML does not allow"
            }
        }
    }

    package let reason: Reason
    package let line: Int
    package let column: Int?
}
