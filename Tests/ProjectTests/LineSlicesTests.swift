import Testing
@testable import Project
@testable import Support

/// Lines are found on bytes, and must be the slices `split(separator: "\n")` gives (which works on
/// Characters: "\r\n" is one Character, so it does not end a line there).
@Suite struct LineSlicesTests {
    static let texts = ["", "\n", "\n\n", "a", "a\n", "\na", "a\nb\n\nc", "a\r\nb\nc", "\r\n", "a\r\n\nb", "x\r", "\r\r\n\n",
                        "é\n\u{301}b", "日本\n語\n", "emoji 👍🏽\nnext", "tab\tline\nz\u{0}y\n", "\u{600}\nx"]

    @Test(arguments: texts) func theSlicesAreWhatSplittingGives(_ text: String) {
        #expect(text.lineSlices() == text.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(text.lineSlices(omittingEmpty: true) == text.split(separator: "\n"))
        let inner = text.dropFirst()
        #expect(inner.lineSlices() == inner.split(separator: "\n", omittingEmptySubsequences: false))
    }

    @Test func aCarriageReturnLineFeedDoesNotEndALine() {
        #expect("a\r\nb\nc".lineSlices() == ["a\r\nb", "c"])
    }
}
