import Foundation
import Testing
@testable import Project
@testable import Support

/// The byte trim gives what Foundation's `.whitespaces` trim gives, on ASCII ends and on the others it hands back.
struct BlankTrimmingTests {
    @Test(arguments: ["", " ", "\t \t", "  minSdk 24\t", "x", "\tversion: \"1.2\"  ", "a b", "\u{A0}id\u{A0}", " \u{3000}x ",
                      "é ", " né", "line\n", "\u{2003}", "  (privacy)  ", " \tAuth.signUp  ", "\u{00A0}signUp\u{2003}", "\nsignUp"])
    func matchesFoundation(_ text: String) {
        // Foundation's own trim, through NSString: on a String or Substring this module's scalar trim
        // (StringSearch) would answer instead.
        let foundation = NSString(string: text).trimmingCharacters(in: .whitespaces)
        #expect(text.trimmingBlanks() == foundation)
        let padded = "##" + text + "##"
        #expect(padded.dropFirst(2).dropLast(2).trimmingBlanks() == foundation)
    }

    /// A file everyone may read is not asked of the kernel again; any other mode is.
    @Test func worldReadableFilesNeedNoAccessCall() {
        var info = stat()
        info.st_mode = S_IFREG | 0o644
        #expect(FileWalker.mayRead(info))
        info.st_mode = S_IFREG | 0o640
        #expect(!FileWalker.mayRead(info))
    }
}

/// The language of a file name: read from the end on the bytes, in any ASCII case; an extension longer than five is none.
struct LanguageFromFileNameTests {
    @Test func extensionsInAnyCase() {
        #expect(Language(fileName: "Login.swift") == .swift)
        #expect(Language(fileName: "View.M") == .objc)
        #expect(Language(fileName: "build.gradle.kts") == .kotlin)
        #expect(Language(fileName: "App.TSX") == .javascript)
        #expect(Language(fileName: "x.c++") == .cpp)
        #expect(Language(fileName: ".swift") == .swift)
        #expect(Language(fileName: "swift") == nil)
        #expect(Language(fileName: "file.") == nil)
        #expect(Language(fileName: "notes.swifty") == nil)
        #expect(Language(fileName: "Main.java"[...]) == .java)
    }
}

/// A path inside a folder, on the bytes: the folder's own name is not a prefix test (`a/bc` is not in `a/b`).
struct TreePathInsideTests {
    @Test func insideMeansUnderTheFolderSlash() {
        #expect(TreePath.isInside("buildSrc/src/main/kotlin/Flavors.kt", "buildSrc"))
        #expect(TreePath.isInside("a/b/c", "a/b"))
        #expect(!TreePath.isInside("a/bc/d", "a/b"))
        #expect(!TreePath.isInside("a/b", "a/b"))
        #expect(!TreePath.isInside("a/b", ""))
    }
}
