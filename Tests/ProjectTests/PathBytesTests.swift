import Foundation
import Testing
@testable import Project

/// The per-file path tests read on bytes (the language by extension, the shipping conventions, the vendored
/// `Carthage/Checkouts`, the privacy detector's test folders) say what the `Substring` versions said, and the
/// byte searches (`StopBytes`, the scheme split) find what a byte-by-byte loop and Foundation's split find.
@Suite struct PathBytesTests {
    @Test func languageByExtensionAnyCase() {
        #expect(Language(path: "App/View.swift") == .swift)
        #expect(Language(path: "App/VIEW.SWIFT") == .swift)
        #expect(Language(path: "a/b/Main.Kt") == .kotlin)
        #expect(Language(path: "lib.C++") == .cpp)
        #expect(Language(path: "x.h") == .objc)
        #expect(Language(path: "Makefile") == nil)
        #expect(Language(path: "dir.swift/README") == nil)
        #expect(Language(path: "x.") == nil)
        #expect(Language(path: "x.swiftx") == nil)
        #expect(Language(path: "x.javascript") == nil)
        #expect(Language(path: "") == nil)
        // A name ending in a slash or in `l` takes the general path (`.xml` needs the folders above).
        #expect(Language(path: "src/View.swift/") == .swift)
        #expect(Language(path: "a/res/layout/x.xml") == .layoutXML)
        #expect(Language(path: "a/b.dll") == nil)
        // A non-ASCII extension is lower-cased by Unicode, as before: none of them is a language.
        #expect(Language(path: "a/b.swïft") == nil)
    }

    @Test func shippingConventionsOnBytes() {
        #expect(ShippingScope.isNonShippingByConvention("App/Tests/LoginTests.swift"))
        #expect(ShippingScope.isNonShippingByConvention("AppUITests/Flow.swift"))
        #expect(ShippingScope.isNonShippingByConvention("Preview Content/Sample.swift"))
        #expect(ShippingScope.isNonShippingByConvention("app/src/test/java/A.kt"))
        #expect(ShippingScope.isNonShippingByConvention("app/src/freeDebug/java/A.kt"))
        #expect(ShippingScope.isNonShippingByConvention("app/src/androidTestFree/A.kt"))
        #expect(ShippingScope.isNonShippingByConvention("Sources/MockServer.swift"))
        #expect(ShippingScope.isNonShippingByConvention("fastlane/Fastfile.swift"))
        #expect(ShippingScope.isNonShippingByConvention("/x//Mocks/a.swift"))
        #expect(!ShippingScope.isNonShippingByConvention("app/src/main/java/A.kt"))
        #expect(!ShippingScope.isNonShippingByConvention("app/test/src/A.kt"))
        #expect(!ShippingScope.isNonShippingByConvention("Sources/MockServer.kt"))
        #expect(!ShippingScope.isNonShippingByConvention("Sources/Mocking/Server.swift"))
        #expect(!ShippingScope.isNonShippingByConvention("Testsuite/a.swift"))
        #expect(!ShippingScope.isNonShippingByConvention("Tests"))
        #expect(!ShippingScope.isNonShippingByConvention(""))
    }

    @Test func carthageCheckoutsByLastFolder() {
        #expect(FileWalker.isVendoredPath("Checkouts", in: "Carthage"))
        #expect(FileWalker.isVendoredPath("Checkouts", in: "ios/Carthage"))
        #expect(!FileWalker.isVendoredPath("Checkouts", in: ""))
        #expect(!FileWalker.isVendoredPath("Checkouts", in: "Carthage/Build"))
        #expect(!FileWalker.isVendoredPath("Checkouts", in: "MyCarthage"))
        #expect(!FileWalker.isVendoredPath("Build", in: "Carthage"))
    }

    @Test func joinedPathsAndNames() {
        #expect(FileWalker.joined("a/b", "c.swift") == "a/b/c.swift")
        #expect(FileWalker.joined("Ünï", "cödé") == "Ünï/cödé")
        #expect(FileWalker.utf8Name(Array("plain.txt".utf8)) == "plain.txt")
        #expect(FileWalker.utf8Name(Array("café".utf8)) == "café")
        #expect(FileWalker.utf8Name([0x61, 0xFF]) == nil)
    }

    @Test func privacyTestFoldersOnBytes() {
        #expect(PrivacyURLDetector.isTestPath("app/src/androidTest/res/values/strings.xml"))
        #expect(PrivacyURLDetector.isTestPath("Samples/App/Info.plist"))
        #expect(PrivacyURLDetector.isTestPath("a/UnitTests/b.swift"))
        #expect(!PrivacyURLDetector.isTestPath("app/src/main/res/values/strings.xml"))
        #expect(!PrivacyURLDetector.isTestPath("testing/x.swift"))
        #expect(!PrivacyURLDetector.isTestPath(""))
    }

    @Test func schemePiecesAsFoundationSplits() {
        let texts = ["", "no marker here", "<BuildableReference a>", "x<BuildableReference a = \"1\">y<BuildableReference>z",
                     "<BuildableReference<BuildableReference>", "é<BuildableReference ü>\n<BuildableReference"]
        for text in texts {
            let parts: [String] = text.components(separatedBy: "<BuildableReference")
            let expected = Array(parts.dropFirst())
            #expect(UnuploadedXcodeProjects.pieces(of: text, after: "<BuildableReference").map(String.init) == expected)
        }
    }

    @Test func stopBytesFindTheFirstStop() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("ab\"\\\n$*/ \u{7F}".utf8) + [0x00, 0x80, 0xFF, 0x01, 0x22 ^ 0x80]
        let stops = StopBytes(UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "$"))
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let expected = bytes[start...].firstIndex { "\"\\\n$".utf8.contains($0) } ?? bytes.count
            bytes.withUnsafeBufferPointer { #expect(stops.first(in: $0, from: start) == expected) }
        }
    }
}
