import Foundation
import Testing
@testable import Project

/// The app's privacy link (Tests/Fixtures/android/privacy-url): the default resources before a localized copy,
/// and only URLs that look like a policy page (not a blog post or news page that mentions privacy).
struct PrivacyURLChoiceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/android/privacy-url").path

    static func url(_ name: String) throws -> String? {
        let model = try ProjectInspector.inspect(root: "\(fixtures)/\(name)", manifest: nil, options: InspectionOptions())
        guard case .string(let url)? = model.facts[PrivacyURLDetector.factName]?.value else { return nil }
        return url
    }

    @Test func theDefaultResourcesComeBeforeALocalizedCopy() throws {
        #expect(try Self.url("localized") == "https://tally.example.com/privacy")
    }

    @Test func aBlogPostMentioningPrivacyIsNoPolicyPage() throws {
        #expect(try Self.url("blog") == "https://tally.example.com/legal/privacy-policy.html")
    }

    @Test(arguments: [("https://example.org/privacy", true), ("https://example.org/legal/privacy-policy.html", true),
                      ("https://privacy.example.org/", true), ("https://github.com/ankidroid/Anki-Android/wiki/Privacy-Policy", true), ("https://example.org/index.php?page=privacy", true),
                      ("https://example.org/blog/2024/05/how-we-think-about-privacy", false),
                      ("https://example.org/2023/privacy", false),
                      ("https://example.org/why-we-care-so-much-about-your-privacy-online", false)])
    func policyPagesAreTold(url: String, isPolicy: Bool) {
        #expect(PrivacyURLDetector.isPolicyURL(url) == isPolicy)
    }

    /// A translation's default file named on the bytes of an ASCII path, as the `Character` split and join name it.
    @Test func defaultResourceOnBytesAsByCharacters() {
        let paths = ["app/src/main/res/values-de/strings.xml", "res/values-b+sr+Latn/strings.xml", "values-fr/a.xml", "strings.xml",
                     "", "/", "//", "a//b.xml", "/x/values-it/s.xml", "a/b/", "é/values-de/strings.xml"]
        for path in paths {
            #expect(PrivacyURLDetector.defaultResource(of: path) == PrivacyURLDetector.defaultResourceByCharacters(of: path), "\(path)")
        }
        #expect(PrivacyURLDetector.defaultResource(of: "app/src/main/res/values-de/strings.xml") == "app/src/main/res/values/strings.xml")
    }
}
