/// One attribute of a start tag: the name as written (`android:name`, prefix kept, no namespace processing),
/// the value with references replaced and whitespace normalised as XML prescribes, and the line of the name.
struct XMLAttribute: Equatable, Sendable {
    let name: String
    let value: String
    let line: Int
}

/// A start tag (`<uses-permission android:name="…">` or a self-closing one) and the line of its `<`.
struct XMLStartTag: Equatable, Sendable {
    let name: String
    let attributes: [XMLAttribute]
    let line: Int

    /// The attribute named exactly `name`; names are unique within a tag (the scanner rejects duplicates).
    func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }

    subscript(_ name: String) -> String? { attribute(name)?.value }
}
