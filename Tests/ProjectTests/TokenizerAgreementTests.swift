import Foundation
import Testing
@testable import Project

/// The tokenizer reads runs of blanks, identifier bytes, string text and comment text in tight loops; it must give
/// the words (offsets, line, line start) the byte-at-a-time reading before it gives (`ReferenceTokenizer`), each with
/// the hash that is the scan's key for its bytes, in every language, on texts made of the bytes that change its
/// state, and on the source files of the fixtures.
@Suite struct TokenizerAgreementTests {
    static func words(_ text: [UInt8], _ language: Language) -> (new: [[Int]], old: [[Int]]) {
        text.withUnsafeBufferPointer { buffer in
            var new = Tokenizer(bytes: buffer, language: language)
            var old = ReferenceTokenizer(bytes: buffer, language: language)
            var a: [[Int]] = []
            var b: [[Int]] = []
            while let word = new.nextWord() {
                // The hash it computes as it reads is the scan's key for those bytes.
                let hash = SourceScanner.hash(buffer, word.start, word.end)
                a.append([word.start, word.end, word.line, word.lineStart] + (word.hash == hash ? [] : [-1]))
            }
            while let word = old.nextWord() { b.append([word.start, word.end, word.line, word.lineStart]) }
            return (a, b)
        }
    }

    @Test func agreesOnTextsOfStateChangingPieces() {
        let pieces = ["signUp", "x1", "_a", "0xFF", "12", " ", "  ", "\t", "\n", "\r\n", "\"", "\"\"\"", "'", "'''", "`", "\\", "\\(",
                      "$", "${", "{", "}", "(", ")", "/", "//", "/*", "*/", "*", "#", "#\"", "\"#", "#if DEBUG\n", "#else\n",
                      "#endif\n", "#include <a.h>\n", "#Preview", ": PreviewProvider", "r\"", "r'", "é", "\u{00FC}x", ".", ",", "=",
                      "\u{0}"]
        var seed: UInt64 = 0x2545F4914F6CDD1D
        var words = 0
        for round in 0..<3_000 {
            var text: [UInt8] = []
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<(seed >> 58) + 4 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += Array(pieces[Int(seed >> 33) % pieces.count].utf8)
            }
            let language = Language.allCases[round % Language.allCases.count]
            let (new, old) = Self.words(text, language)
            words += old.count
            #expect(new == old, "\(language): \(String(decoding: text, as: UTF8.self).debugDescription)")
        }
        #expect(words > 10_000)  // the texts do hold words
    }

    @Test func agreesOnTheFixtureSources() throws {
        let root = AndroidTestPaths.fixtures
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var files = 0
        for path in paths.sorted() {
            guard let language = Language(path: path), language != .layoutXML,
                  let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { continue }
            files += 1
            let (new, old) = Self.words(Array(data), language)
            #expect(new == old, "\(path)")
        }
        #expect(files > 20)
    }
}

/// The plain-punctuation bits say what their comment says, byte by byte.
@Suite struct PlainPunctuationTests {
    @Test func bitsAreTheBytesThatStartNothing() {
        let starters = Set(" \t\n/\"'`#{}".utf8)
        for byte in 0...255 {
            let c = UInt8(byte)
            let expected = c < 0x80 && !Tokenizer.isWordByte(c) && !starters.contains(c)
            #expect(Tokenizer.isPlainPunctuation(c) == expected, "\(byte)")
        }
    }
}

/// A word filter passes over exactly the words it rules out: the words returned are those of the unfiltered reading
/// whose length and hash it admits.
@Suite struct TokenizerWordFilterTests {
    @Test func filteredWordsAreTheAdmittedOnes() {
        let text = Array("val signUp = x.signUp(y) // signUp\nlet a = \"signUp\"; fun go() { signIn(z); sign_up() }\n".utf8)
        var bits = [UInt64](repeating: 0, count: 1024)
        let wanted = Array("signUp".utf8).withUnsafeBufferPointer { SourceScanner.hash($0, 0, 6) }
        bits[Int((wanted >> 6) & 1023)] |= 1 << (wanted & 63)
        let filter = Tokenizer.WordFilter(lengths: 1 << 6, hashBits: bits)
        text.withUnsafeBufferPointer { buffer in
            var plain = Tokenizer(bytes: buffer, language: .kotlin)
            var filtered = Tokenizer(bytes: buffer, language: .kotlin, filter: filter)
            var expected: [[Int]] = []
            var found: [[Int]] = []
            while let word = plain.nextWord() {
                if filter.admits(length: word.end - word.start, hash: word.hash) { expected.append([word.start, word.end, word.line, word.lineStart]) }
            }
            while let word = filtered.nextWord() { found.append([word.start, word.end, word.line, word.lineStart]) }
            #expect(found == expected)
            #expect(found.count == 2)  // the two signUp in code: not the comment's or the string's
        }
    }
}
