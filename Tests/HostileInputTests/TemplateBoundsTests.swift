import Foundation
import Testing
@testable import Reports

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct TemplateBoundsTests {
    @Test func twelveNestedSectionsStopAtTheOutputBound() throws {
        let body = String(repeating: "x", count: 100_000)
        let text = String(repeating: "{{#items}}", count: 12) + body + String(repeating: "{{/items}}", count: 12)
        let template = try Template(text, name: "t.md")
        let items = TemplateValue.list((0..<10).map { _ in TemplateValue.object([:]) })
        do {
            _ = try template.render(.object(["items": items]))
            Issue.record("expected the bound to stop the rendering")
        } catch {
            #expect(error.message.contains("sections over lists nested"))
        }
        #expect(try Template("{{#items}}y{{/items}}", name: "t.md").render(.object(["items": items])) == "yyyyyyyyyy")
    }
}
