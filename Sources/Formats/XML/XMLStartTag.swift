/// One attribute of a start tag: the name as written (`android:name`, prefix kept, no namespace processing),
/// the value with references replaced and whitespace normalised as XML prescribes, and the line of the name.
package struct XMLAttribute: Equatable, Sendable {
    package let name: String
    package let value: String
    package let line: Int
}

/// A start tag (`<uses-permission android:name="…">` or a self-closing one) and the line of its `<`.
package struct XMLStartTag: Equatable, Sendable {
    package let name: String
    package let attributes: [XMLAttribute]
    package let line: Int

    /// The attribute named exactly `name`; names are unique within a tag (the scanner rejects duplicates).
    package func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }

    package subscript(_ name: String) -> String? { attribute(name)?.value }
}
