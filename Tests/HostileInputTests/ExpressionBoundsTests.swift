import Foundation
import Testing
@testable import Rules

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct ExpressionBoundsTests {
    @Test func aHundredThousandTermOrChainIsRefusedAtLoad() {
        let text = (0..<100_000).map { "f\($0)" }.joined(separator: " or ")
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
        do { _ = try ExpressionParser.parse(text) } catch { #expect(error.message.contains("expression is too long")) }
        #expect(throws: Never.self) { try ExpressionParser.parse((0..<300).map { "f\($0)" }.joined(separator: " or ")) }
    }
}
