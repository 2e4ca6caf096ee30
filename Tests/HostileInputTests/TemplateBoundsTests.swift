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

    // Issue #20, item 11: a `range(of:)` per tag made 40,000 tags take 24 s; 100,000 nested sections never finished.
    @Test func manyTagsTokeniseInOnePass() throws {
        let text = String(repeating: "a {{x}} b\n", count: 40_000)
        let clock = ContinuousClock()
        var rendered = ""
        let elapsed = try clock.measure { rendered = try Template(text, name: "t.md").render(.object(["x": .string("y")])) }
        #expect(rendered.count == 40_000 * "a y b\n".count)
        #expect(elapsed < .seconds(20))  // a hang guard, not a performance measure
    }

    @Test func deepNestingStopsWhileScanning() throws {
        let text = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        do {
            _ = try Template(text, name: "t.md")
            Issue.record("expected the depth bound")
        } catch {
            #expect(error.message.contains("nest deeper than 64"))
            #expect(error.line == 1)
        }
    }
}
