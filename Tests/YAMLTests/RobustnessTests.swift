import Foundation
import Testing
@testable import YAML

/// Hostile and broken input: every prefix and many corruptions of a real checklist either parse or
/// give an error that names the file and a position inside it, and never crash.
@Suite struct RobustnessTests {
    static let sample = """
    checklist: account-deletion   # a comment
    title: "Account deletion"
    references:
      - { title: 'Guideline 5.1.1(v)', url: "https://developer.apple.com/app-store/review/guidelines/" }
    tables:
      signals: &signals
        source: >
          folded text
        value: [FirebaseAuth, "Amplify", {a: 1}]
      copy: *signals
    rules:
      - id: account-deletion.in-app
        severity: error
        when: account.creation and not app.login_required
        message: |
          Accounts can be created ({{evidence}})
          but no deletion was found — 日本語 👩‍👩‍👧
    """

    static let lineCount = sample.split(separator: "\n", omittingEmptySubsequences: false).count

    func checkOutcome(_ body: () throws(YAMLError) -> Node?) {
        do {
            _ = try body()
        } catch {
            #expect(error.file == "fuzz.yml")
            #expect(!error.message.isEmpty)
            if let mark = error.mark {
                #expect((1...Self.lineCount + 1).contains(mark.line), "line out of range: \(error)")
                #expect(mark.column >= 1)
            }
        }
    }

    @Test func everyPrefixParsesOrFailsCleanly() {
        let characters = Array(Self.sample)
        for end in 0...characters.count {
            let text = String(characters[..<end])
            checkOutcome { () throws(YAMLError) in try YAMLParser.parse(text, file: "fuzz.yml") }
        }
    }

    @Test func corruptedBytesParseOrFailCleanly() {
        var generator = SplitMix64(seed: 42)
        let original = Array(Self.sample.utf8)
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            checkOutcome { () throws(YAMLError) in try YAMLParser.parse(data: Data(bytes), file: "fuzz.yml") }
        }
    }

    @Test func theSampleItselfParses() throws {
        let root = try #require(try YAMLParser.parse(Self.sample, file: "fuzz.yml"))
        #expect(root["tables"]?["copy"]?["value"]?.sequence?.count == 3)
        #expect(root["rules"]?.sequence?.first?["message"]?.scalar?.hasSuffix("deletion was found — 日本語 👩‍👩‍👧") == true)
    }
}

/// A small seeded generator so the corruptions are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
