import Foundation
import Testing
@testable import Project

/// Inputs that ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct PrivacyPolicyBoundsTests {
    @Test func fiftyThousandUnclosedAngleBracketsAreReadInLinearTime() {
        let text = PrivacyPolicyText.extract(String(repeating: "<", count: 50_000) + " TodoCloud", format: .html)
        #expect(text.hasSuffix("TodoCloud"))
        #expect(PrivacyPolicyText.extract("<p>Hello <b>TodoCloud</b></p>", format: .html).split(separator: " ") == ["Hello", "TodoCloud"])
    }
}
