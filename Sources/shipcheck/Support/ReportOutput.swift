import Foundation
import Reports
import Rules

/// The parsed `--format` options: the first without a path goes to the terminal, the rest to files.
enum OutputRequest {
    static func parse(_ specs: [String]) throws(FormatSpecError) -> [FormatSpec] {
        guard !specs.isEmpty else { return [FormatSpec(format: .text)] }
        return try specs.map { spec throws(FormatSpecError) in try FormatSpec.parse(spec) }
    }
}

struct RenderOptions {
    let color: Bool
    let quiet: Bool
    let templatePath: String?
}

/// Renders every requested format and writes it where it belongs. Files are written atomically; a
/// failure names the path and ends the run with exit code 2.
enum ReportOutput {
    static func emit(_ result: RunResult, outputs: [FormatSpec], options: RenderOptions, console: Console) -> ExitCode? {
        var template: String?
        if let path = options.templatePath {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                console.error("\(path): cannot read the template (missing, unreadable or not UTF-8)")
                return .usage
            }
            template = text
        }
        var printedToTerminal = false
        var markdownWentToSummary = false
        let summaryPath = console.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        for spec in outputs {
            let toTerminal = spec.path == nil && !printedToTerminal
            let renderOptions = ReportRenderer.Options(color: toTerminal && options.color, quiet: options.quiet, template: template,
                                                       templateName: options.templatePath ?? MarkdownReport.defaultTemplateName)
            let text: String
            do { text = try ReportRenderer.render(spec.format, result, options: renderOptions) } catch {
                console.error(error.description)
                return .usage
            }
            if let path = spec.path {
                if spec.format == .markdown, let summaryPath, path == summaryPath { markdownWentToSummary = true }
                do { try AtomicWriter.write(Data(text.utf8), to: path) } catch {
                    console.error("cannot write the \(spec.format.rawValue) report: \(error.description)")
                    return .usage
                }
            } else if toTerminal {
                console.out(text)
                printedToTerminal = true
            } else {
                console.error("only one --format may go to the terminal; give '\(spec.format.rawValue):PATH' to write it to a file")
                return .usage
            }
        }
        // In GitHub Actions the Markdown summary also goes to the job summary (appended, as GitHub expects),
        // unless a --format markdown:PATH already writes there.
        if let summaryPath, !markdownWentToSummary {
            do {
                let summary = try GitHubReport.jobSummary(result)
                if let handle = FileHandle(forWritingAtPath: summaryPath) {
                    handle.seekToEndOfFile()
                    handle.write(Data(summary.utf8))
                    handle.closeFile()
                } else {
                    try AtomicWriter.write(Data(summary.utf8), to: summaryPath)
                }
            } catch {
                console.error("cannot append to GITHUB_STEP_SUMMARY (\(summaryPath)): \(error)")
                return .usage
            }
        }
        return nil
    }
}

/// `--baseline` and `--write-baseline`.
enum BaselineStep {
    /// Writes the baseline; returns an error message on failure.
    static func write(path: String, findings: [Finding]) -> String? {
        do {
            try AtomicWriter.write(Baseline.make(from: findings).encode(), to: path)
            return nil
        } catch {
            return "cannot write the baseline: \(error.description)"
        }
    }
}

