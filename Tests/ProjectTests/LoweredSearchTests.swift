import Testing
@testable import Project
@testable import Support

/// Workflows and Fastfiles are searched for upload words in bytes folded to lower case, which must find
/// an ASCII word exactly where the lower-cased text holds it (including the two non-ASCII scalars whose
/// lower case is ASCII: KELVIN SIGN and İ).
@Suite struct LoweredSearchTests {
    static let texts: [[UInt8]] = [
        Array("- run: bundle exec fastlane PILOT upload_to_TestFlight 🚀".utf8),
        Array("Upload_To_App_Store in \u{212A}elvin \u{130}stanbul AltOOL".utf8),
        Array("pİlot testflİght".utf8),
        [0x66, 0xE2, 0x61, 0x6C, 0x74, 0x6F, 0x6F, 0x6C, 0xFF, 0x44, 0x45, 0x4C, 0x49, 0x56, 0x45, 0x52, 0xC4],
        Array("\u{212A}I".utf8) + [0xE2, 0x84],
        [],
    ]

    @Test(arguments: texts) func wordsAreFoundWhereTheLowerCasedTextHasThem(_ bytes: [UInt8]) {
        let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
        let folded = CIXcodeSelection.loweredForSearch(bytes)
        for word in CIXcodeSelection.uploadWords + ["k", "i", "ki", "kelvin", "istanbul", "altool"] {
            let expected = lowered.contains(word)
            #expect(folded.withUnsafeBufferPointer { StringSearch.occurs(word, in: $0) } == expected, "\(word)")
        }
    }
}
