import Testing
@testable import Reports

@Suite struct TemplateTests {
    func render(_ text: String, _ context: [String: TemplateValue]) throws -> String {
        try Template(text, name: "t.md").render(.object(context))
    }

    func error(_ text: String, _ context: [String: TemplateValue] = [:]) -> TemplateError? {
        do {
            _ = try Template(text, name: "team.md").render(.object(context))
            return nil
        } catch {
            return error
        }
    }

    @Test func variablesAndDottedNames() throws {
        let context: [String: TemplateValue] = ["name": .string("Ada"), "tool": .object(["version": .string("1.0")]), "n": .int(3)]
        #expect(try render("Hi {{name}}, v{{ tool.version }}, {{n}}", context) == "Hi Ada, v1.0, 3")
    }

    @Test func sectionsRepeatOverListsAndSeeOuterNames() throws {
        let context: [String: TemplateValue] = [
            "sep": .string(";"),
            "items": .list([.object(["x": .string("a")]), .object(["x": .string("b")])]),
            "words": .list([.string("p"), .string("q")]),
        ]
        #expect(try render("{{#items}}{{x}}{{sep}}{{/items}}|{{#words}}<{{.}}>{{/words}}", context) == "a;b;|<p><q>")
    }

    @Test func truthyAndInvertedSections() throws {
        let context: [String: TemplateValue] = ["yes": .bool(true), "no": .bool(false), "none": .null, "empty": .list([]), "zero": .int(0)]
        #expect(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}!N{{/no}}{{^none}}!0{{/none}}{{^empty}}!E{{/empty}}{{#zero}}Z{{/zero}}", context)
            == "Y!N!0!E")
    }

    @Test func escapingSuitsMarkdownTablesAndHTML() throws {
        let context: [String: TemplateValue] = ["v": .string("a|b <i> & c\nd\r\ne")]
        #expect(try render("| {{v}} |", context) == "| a&#124;b &lt;i&gt; &amp; c<br>d<br>e |")
        #expect(try render("{{{v}}}/{{&v}}", ["v": .string("<b>|")]) == "<b>|/<b>|")
    }

    @Test func standaloneSectionAndCommentLinesDisappear() throws {
        let text = "top\n{{! note }}\n{{#items}}\n- {{.}}\n{{/items}}\nend\n"
        #expect(try render(text, ["items": .list([.string("a"), .string("b")])]) == "top\n- a\n- b\nend\n")
        #expect(try render("  {{#x}}  \nin\n  {{/x}}\nout", ["x": .bool(true)]) == "in\nout")
    }

    @Test func longCommentsMayHoldBraces() throws {
        #expect(try render("{{!-- use {{name}} here --}}\nok", [:]) == "ok")
    }

    @Test func missingVariableNamesTemplateAndLine() {
        let problem = error("line one\nline two {{nmae}}\n", ["name": .string("x")])
        #expect(problem == TemplateError(template: "team.md", line: 2, message: "unknown variable 'nmae'"))
        #expect(problem?.description == "team.md:2: unknown variable 'nmae'")
    }

    @Test func missingFieldOfAnObjectIsAnError() {
        #expect(error("{{tool.nme}}", ["tool": .object(["name": .string("x")])])?.message == "unknown variable 'tool.nme': no 'nme'")
    }

    @Test func unclosedSectionNamesItsOpeningLine() {
        #expect(error("a\n\n{{#items}}\nx\n", ["items": .list([])])
            == TemplateError(template: "team.md", line: 3, message: "{{#items}} is never closed"))
    }

    @Test func mismatchedSectionNamesBothLines() {
        let problem = error("{{#a}}\n{{^b}}\n{{/a}}\n{{/b}}", ["a": .bool(true), "b": .bool(true)])
        #expect(problem == TemplateError(template: "team.md", line: 3, message: "{{/a}} does not match {{^b}} opened on line 2"))
    }

    @Test func strayCloseAndUnclosedTagAreErrors() {
        #expect(error("x\n{{/a}}")?.line == 2)
        #expect(error("x\ny {{name")?.message == "'{{' is never closed with '}}'")
        #expect(error("x\ny {{name")?.line == 2)
        #expect(error("{{a b}}", ["a": .null])?.message == "'a b' is not a variable name")
    }

    @Test func listAsTextIsAnError() {
        #expect(error("{{items}}", ["items": .list([])])?.message.hasPrefix("'items' is a list or an object") == true)
    }

    @Test func userTemplateErrorsCarryItsName() {
        do {
            _ = try MarkdownReport.render(Fixture.result, template: "# {{verdict}}\n{{#checklists}}\n{{titel}}\n{{/checklists}}\n",
                                          templateName: "ci/report.md")
            Issue.record("expected a template error")
        } catch {
            #expect(error == TemplateError(template: "ci/report.md", line: 3, message: "unknown variable 'titel'"))
        }
    }

    @Test func builtinTemplateIsEmbedded() throws {
        let markdown = try MarkdownReport.render(Fixture.result)
        #expect(markdown.hasPrefix("## shipcheck: ❌ 2 errors block submission\n"))
    }
}

@Suite struct ReportRendererTests {
    @Test func dispatchesEveryFormatToItsReport() throws {
        let result = Fixture.result
        #expect(try ReportRenderer.render(.text, result, options: .init(quiet: true)) == TextReport.render(result, options: .init(quiet: true)))
        #expect(try ReportRenderer.render(.json, result) == JSONReport.render(result))
        #expect(try ReportRenderer.render(.markdown, result, options: .init(linkBase: "https://x/y")) == MarkdownReport.render(result, linkBase: "https://x/y"))
        #expect(try ReportRenderer.render(.sarif, result) == SARIFReport.render(result))
        #expect(try ReportRenderer.render(.junit, result) == JUnitReport.render(result))
        #expect(try ReportRenderer.render(.github, result) == GitHubReport.render(result))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "{{#a}}", count: 500) + String(repeating: "{{/a}}", count: 500)
        #expect(throws: TemplateError.self) { try Template(text, name: "deep.md") }
    }
}
