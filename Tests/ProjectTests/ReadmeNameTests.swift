import Testing
@testable import Project

/// Store links are read from a README's text; an image named README (focus-ios's README.png) is not one.
@Suite struct ReadmeNameTests {
    @Test(arguments: [("README.md", true), ("README", true), ("readme.txt", true), ("README_zh.rst", true),
                      ("README.zh-CN.md", true), ("README.png", false), ("Readme.JPG", false), ("README.pdf", false),
                      ("CHANGELOG.md", false)])
    func aReadmeIsTextUnlessItsExtensionSaysOtherwise(name: String, expected: Bool) {
        #expect(AndroidStoreEvidence.isReadmeText(name) == expected)
    }
}
