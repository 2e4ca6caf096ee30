import Project
import Rules

/// One self-contained HTML page for a person to read (`--format html:PATH`): the verdict and summary, the
/// findings by checklist (errors first; a checklist with an error or warning open, one with notes only
/// folded), the items to confirm by hand (folded), and each metadata tree's listing per locale as the store
/// shows it, with every field's count against its limit and the part over the limit marked.
/// It loads nothing (no script, stylesheet, font or image from anywhere) and needs no script to read; its
/// markup is also well-formed XML, so tools (and the tests) can read it as a document.
public enum HTMLReport {
    public static func render(_ result: RunResult, listings: [StoreListing] = []) -> String {
        var html = HTMLWriter()
        let errors = result.count(.error)
        let verdict = errors == 0 ? "Ready to submit" : "\(plural(errors, "error")) \(errors == 1 ? "blocks" : "block") submission"
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
        // No request leaves the page, whatever a finding holds: only inline styles, no scripts.
        html.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"/>\n")
        html.element("title", "shipcheck: \(verdict)")
        html.raw("\n<style>\n\(style)</style>\n</head>\n<body>\n")

        html.raw("<header id=\"summary\" class=\"\(errors == 0 ? "ready" : "blocked")\">\n")
        html.element("h1", "shipcheck: \(verdict)")
        html.element("p", TextReport.summary(result), attributes: [("class", "summary")])
        html.raw("\n<p class=\"counts\">")
        for (severity, noun) in [(Severity.error, "error"), (.warning, "warning"), (.info, "note")] {
            html.element("span", plural(result.count(severity), noun), attributes: [("class", "badge \(severityClass(severity))")])
            html.raw(" ")
        }
        html.element("span", plural(result.manual.count, "item") + " to confirm", attributes: [("class", "badge manual")])
        html.raw("</p>\n")
        let notChecked = NotCheckedInput.inputs(result)
        if !notChecked.isEmpty {
            html.raw("<ul class=\"not-checked\">\n")
            for input in notChecked { html.element("li", input.message); html.raw("\n") }
            html.raw("</ul>\n")
        }
        html.raw("</header>\n")

        findings(result, into: &html)
        manual(result, into: &html)
        if !listings.isEmpty { storeListings(listings, findings: result.findings, into: &html) }

        html.raw("<footer>")
        html.element("p", "shipcheck \(result.toolVersion)")
        html.raw("</footer>\n</body>\n</html>\n")
        return html.output
    }

    /// One `<details>` per checklist with findings, errors first; open when it holds an error or a warning.
    private static func findings(_ result: RunResult, into html: inout HTMLWriter) {
        html.raw("<section id=\"findings\">\n")
        html.element("h2", "Findings by checklist")
        html.raw("\n")
        if result.findings.isEmpty { html.element("p", "No problems found."); html.raw("\n") }
        let titles = Dictionary(result.checklists.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
        let byChecklist = Dictionary(grouping: result.findings, by: \.checklist)
        func weight(_ name: String) -> [Int] {
            let found = byChecklist[name] ?? []
            return [Severity.error, .warning, .info].map { severity in found.filter { $0.severity == severity }.count }
        }
        // Errors first, then warnings, then notes; by name among equals.
        let ordered = byChecklist.keys.sorted { a, b in
            let (wa, wb) = (weight(a), weight(b))
            return wa != wb ? wb.lexicographicallyPrecedes(wa) : a < b
        }
        for name in ordered {
            let found = byChecklist[name] ?? []
            let open = found.contains { $0.severity >= .warning }
            html.raw("<details class=\"checklist\" data-checklist=\"\(HTMLWriter.escape(name))\"\(open ? " open=\"open\"" : "")>\n<summary>")
            html.element("span", titles[name] ?? name, attributes: [("class", "checklist-title")])
            html.raw(" ")
            html.element("span", counts(found), attributes: [("class", "checklist-counts")])
            html.raw("</summary>\n")
            for group in RuleGroup.make(found) {
                let severity = severityClass(group.severity)
                html.raw("<article class=\"rule \(severity)\" data-rule=\"\(HTMLWriter.escape(group.rule))\">\n<h3>")
                html.element("span", TextReport.severityLabel(group.severity), attributes: [("class", "badge \(severity)")])
                html.raw(" ")
                html.text(group.title)
                html.raw(" ")
                html.element("code", group.rule)
                html.raw("</h3>\n")
                if let help = group.help {
                    html.raw("<p class=\"help\"><strong>Fix:</strong> ")
                    html.lines(help)
                    html.raw("</p>\n")
                }
                if !group.references.isEmpty {
                    html.raw("<ul class=\"references\">\n")
                    for reference in group.references {
                        html.raw("<li>")
                        if let url = reference.url, let safe = safeURL(url) {
                            html.element("a", reference.title, attributes: [("href", safe), ("rel", "noreferrer")])
                        } else {
                            html.text(reference.title)
                        }
                        html.raw("</li>\n")
                    }
                    html.raw("</ul>\n")
                }
                html.raw("<ul class=\"locations\">\n")
                for finding in group.findings {
                    html.raw("<li class=\"\(severityClass(finding.severity))\">")
                    html.element("code", finding.location.description, attributes: [("class", "location")])
                    html.raw(" ")
                    html.element("span", finding.message, attributes: [("class", "message")])
                    html.raw("</li>\n")
                }
                html.raw("</ul>\n</article>\n")
            }
            html.raw("</details>\n")
        }
        html.raw("</section>\n")
    }

    /// The items to confirm by hand, folded: they are the same on every run.
    private static func manual(_ result: RunResult, into html: inout HTMLWriter) {
        guard !result.manual.isEmpty else { return }
        html.raw("<section id=\"manual\">\n<details class=\"manual\">\n<summary>")
        html.text("Confirm by hand before submitting (\(result.manual.count))")
        html.raw("</summary>\n<ul>\n")
        for item in result.manual {
            html.raw("<li>")
            html.element("span", item.title, attributes: [("class", "title")])
            html.raw(" ")
            html.element("code", item.rule)
            if let help = item.help {
                html.raw(" ")
                html.element("span", help, attributes: [("class", "help")])
            }
            html.raw("</li>\n")
        }
        html.raw("</ul>\n</details>\n</section>\n")
    }

    /// Per tree, per locale: each field with its count against the limit, the part over the limit marked;
    /// the images per slot with their size and the findings on them. A locale with a field over is open.
    private static func storeListings(_ listings: [StoreListing], findings: [Finding], into html: inout HTMLWriter) {
        let findingsByPath = Dictionary(grouping: findings, by: \.location.path)
        html.raw("<section id=\"listings\">\n")
        html.element("h2", "Store listings")
        html.raw("\n")
        for listing in listings {
            html.raw("<article class=\"listing\" data-tree=\"\(HTMLWriter.escape(listing.path))\">\n<h3>")
            html.text("\(listing.store): ")
            html.element("code", listing.path)
            if listing.name != "main" { html.text(" (\(listing.name))") }
            html.raw("</h3>\n")
            for locale in listing.locales {
                let open = locale.fields.contains(where: \.isOver)
                html.raw("<details class=\"locale\" data-locale=\"\(HTMLWriter.escape(locale.code))\"\(open ? " open=\"open\"" : "")>\n<summary>")
                html.text(locale.code)
                let over = locale.fields.filter(\.isOver).count
                if over > 0 {
                    html.raw(" ")
                    html.element("span", "\(over) over the limit", attributes: [("class", "badge error")])
                }
                html.raw("</summary>\n<table class=\"fields\">\n<thead><tr><th>Field</th><th>As the store shows it</th><th>Count</th></tr></thead>\n<tbody>\n")
                for field in locale.fields {
                    html.raw("<tr class=\"field\(field.isOver ? " over" : "")\" data-field=\"\(HTMLWriter.escape(field.name))\">")
                    html.raw("<th scope=\"row\">")
                    html.text(field.name)
                    if field.inherited { html.raw(" "); html.element("span", "from default/", attributes: [("class", "inherited")]) }
                    html.raw("</th><td class=\"text\">")
                    html.lines(field.fitting)
                    if field.isOver {
                        html.raw("<mark class=\"over-limit\" title=\"over the limit\">")
                        html.lines(field.over)
                        html.raw("</mark>")
                    }
                    html.raw("</td><td class=\"count\">")
                    html.text(field.limit.map { "\(field.count)/\($0) \(field.unit)" } ?? "\(field.count) \(field.unit)")
                    html.raw("</td></tr>\n")
                }
                html.raw("</tbody>\n</table>\n")
                if !locale.images.isEmpty {
                    html.raw("<ul class=\"images\">\n")
                    for image in locale.images {
                        let problems = findingsByPath[image.path] ?? []
                        let verdict = problems.map(\.severity).max()
                        html.raw("<li class=\"image \(verdict.map(severityClass) ?? "ok")\" data-slot=\"\(HTMLWriter.escape(image.slot))\">")
                        html.element("span", image.slot, attributes: [("class", "slot")])
                        html.raw(" ")
                        html.element("code", image.path)
                        html.raw(" ")
                        let size = image.width.flatMap { width in image.height.map { "\(width)×\($0)" } } ?? "size unknown"
                        html.element("span", size, attributes: [("class", "size")])
                        for problem in problems {
                            html.raw(" ")
                            html.element("span", problem.message, attributes: [("class", "verdict \(severityClass(problem.severity))")])
                        }
                        html.raw("</li>\n")
                    }
                    html.raw("</ul>\n")
                }
                html.raw("</details>\n")
            }
            html.raw("</article>\n")
        }
        html.raw("</section>\n")
    }

    /// `2 errors, 1 note`.
    private static func counts(_ findings: [Finding]) -> String {
        [(Severity.error, "error"), (.warning, "warning"), (.info, "note")].compactMap { severity, noun in
            let count = findings.filter { $0.severity == severity }.count
            return count > 0 ? plural(count, noun) : nil
        }.joined(separator: ", ")
    }

    static func severityClass(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info, .off: return "note"
        }
    }

    /// An http(s) link only: a `javascript:` or `data:` reference from a team's checklist is shown as text.
    static func safeURL(_ url: String) -> String? {
        let lowered = url.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") ? url : nil
    }

    static let style = """
    body { font: 15px/1.45 -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem; color: #1d1d1f; }
    header.blocked h1 { color: #b3261e; } header.ready h1 { color: #1b7f3b; }
    .badge { display: inline-block; border-radius: 0.6rem; padding: 0 0.5rem; font-size: 0.85em; background: #eee; }
    .badge.error { background: #fde2e0; color: #8c1d18; } .badge.warning { background: #fff1c2; color: #6b4e00; }
    .badge.note { background: #e2f0fb; color: #0b4f7c; } .badge.manual { background: #ece6f7; color: #4a2a85; }
    details { border: 1px solid #ddd; border-radius: 0.4rem; margin: 0.6rem 0; padding: 0.3rem 0.8rem; }
    summary { cursor: pointer; font-weight: 600; }
    article.rule { border-left: 4px solid #ccc; margin: 0.8rem 0; padding-left: 0.8rem; }
    article.rule.error { border-color: #d93025; } article.rule.warning { border-color: #e0a800; } article.rule.note { border-color: #1a73e8; }
    h3 { font-size: 1rem; margin: 0.4rem 0; } code { font-size: 0.9em; background: #f5f5f7; padding: 0 0.2rem; border-radius: 0.2rem; }
    ul.locations li { margin: 0.2rem 0; } .help { color: #333; }
    table.fields { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
    table.fields th, table.fields td { border-bottom: 1px solid #eee; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
    td.text { white-space: pre-wrap; word-break: break-word; } td.count { white-space: nowrap; }
    tr.over td.count { color: #b3261e; font-weight: 600; }
    mark.over-limit { background: #f8c4c0; color: #8c1d18; text-decoration: line-through; }
    .inherited { color: #666; font-weight: normal; font-size: 0.85em; }
    li.image.error .verdict { color: #b3261e; } li.image.warning .verdict { color: #6b4e00; }
    footer { color: #777; font-size: 0.85em; margin-top: 2rem; }

    """
}

/// Builds the page's markup; every text and attribute is escaped (and made visible where it holds control
/// characters), so nothing from a project can add markup.
struct HTMLWriter {
    private(set) var output = ""

    mutating func raw(_ markup: String) { output += markup }

    /// Text on one line: a line break in a path or message is shown as `\n`, as in the text report.
    mutating func text(_ value: String) { output += Self.escape(VisibleText.escape(value)) }

    /// Text whose line breaks are the author's (help, a store listing's field), shown as breaks.
    mutating func lines(_ value: String) { output += Self.escape(VisibleText.escape(value, keepingLinesIndentedBy: "")) }

    mutating func element(_ name: String, _ content: String, attributes: [(String, String)] = []) {
        output += "<\(name)"
        for (key, value) in attributes { output += " \(key)=\"\(Self.escape(value))\"" }
        output += ">"
        text(content)
        output += "</\(name)>"
    }

    /// `& < > " '` as entities (XML's own five, which HTML reads the same), other characters XML cannot carry
    /// as U+FFFD; `##[` broken as in every format.
    static func escape(_ value: String) -> String {
        XMLEscape.attribute(value).replacingOccurrences(of: "&apos;", with: "&#39;").replacingOccurrences(of: "&#10;", with: "\n")
            .replacingOccurrences(of: "&#9;", with: "\t")
    }
}

extension HTMLReport: Reporter {
    public static let format = OutputFormat.html
    public static let writes = "one self-contained HTML page (html:report.html): the findings by checklist and each store listing per locale, its counts against the limits"

    public static func report(_ result: RunResult, options: ReportRenderer.Options) -> String {
        render(result, listings: options.storeListings)
    }
}
