import ShipcheckCore
import Foundation
import Reports
import Rules

/// The parsed `--format` options: the first without a path goes to the terminal, the rest to files.
/// Everything is validated before the project is read, so a bad option never follows a full report.
enum OutputRequest {
    struct Problem: Error { let message: String }

    static func parse(_ specs: [String]) throws(Problem) -> [FormatSpec] {
        guard !specs.isEmpty else { return [FormatSpec(format: .text)] }
        var outputs: [FormatSpec] = []
        for spec in specs {
            do { outputs.append(try FormatSpec.parse(spec)) } catch { throw Problem(message: error.description) }
        }
        let toTerminal = outputs.filter { $0.path == nil }
        if toTerminal.count > 1 {
            let second = toTerminal[1].format.rawValue
            throw Problem(message: "only one --format may go to the terminal; give '\(second):PATH' to write it to a file")
        }
        return outputs
    }
}

struct RenderOptions {
    let color: Bool
    let quiet: Bool
    /// The template's name and text, read before the run.
    let template: (path: String, text: String)?
    let failOn: Severity?
    /// Append the Markdown report to `$GITHUB_STEP_SUMMARY` (`--summary`, or `--format github`).
    let writeSummary: Bool
    let paths: ReportPaths

    /// Reads `--template FILE`; nil and an error message when it cannot.
    static func readTemplate(_ path: String?) -> Result<(path: String, text: String)?, TemplateReadFailure> {
        guard let path else { return .success(nil) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(TemplateReadFailure(message: "\(path): cannot read the template (missing, unreadable or not UTF-8)"))
        }
        return .success((path, text))
    }
}

/// Renders every requested format and writes it where it belongs. Files are written atomically; a
/// failure names the path and ends the run with exit code 2.
enum ReportOutput {
    static func emit(_ result: RunResult, outputs: [FormatSpec], options: RenderOptions, console: Console) -> ExitCode? {
        let summaryPath = console.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        let linkBase = Self.linkBase(console.environment)
        let paths = options.paths
        let fileForFolder = paths.filesForFolders(result.findings)
        var markdownWentToSummary = false
        for spec in outputs {
            let renderOptions = ReportRenderer.Options(
                color: spec.path == nil && options.color, quiet: options.quiet, template: options.template?.text,
                templateName: options.template?.path ?? MarkdownReport.defaultTemplateName, linkBase: linkBase,
                failOn: options.failOn, displayPath: { paths.forDisplay($0) }, fileForFolder: fileForFolder)
            let text: String
            do { text = try ReportRenderer.render(spec.format, result, options: renderOptions) } catch {
                console.error(error.description)
                return .usage
            }
            if let path = spec.path {
                if spec.format == .markdown, let summaryPath, path == summaryPath { markdownWentToSummary = true }
                if let message = ReportFolder.prepare(path, projectRoot: paths.projectRoot) {
                    console.error(message)
                    return .usage
                }
                do { try AtomicWriter.write(Data(text.utf8), to: path) } catch {
                    console.error("cannot write the \(spec.format.rawValue) report: \(error.description)")
                    return .usage
                }
            } else {
                console.out(text)
            }
        }
        // The job summary, when asked for: appended, as GitHub expects, unless --format markdown:PATH
        // already writes there. A summary that cannot be written is a warning, never a failed run.
        if options.writeSummary, let summaryPath, !markdownWentToSummary {
            do {
                let summary = try MarkdownReport.render(result, template: options.template?.text,
                                                        templateName: options.template?.path ?? MarkdownReport.defaultTemplateName,
                                                        linkBase: linkBase)
                guard let handle = FileHandle(forWritingAtPath: summaryPath) else {
                    try AtomicWriter.write(Data(summary.utf8), to: summaryPath)
                    return nil
                }
                defer { handle.closeFile() }
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(summary.utf8))
            } catch {
                console.warning("cannot write the job summary to GITHUB_STEP_SUMMARY (\(summaryPath)): \(error); the reports above are complete")
            }
        }
        return nil
    }

    /// `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA`, when GitHub Actions sets all three: report
    /// paths start at the repository root, so each location links to its line.
    static func linkBase(_ environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], !server.isEmpty,
              let repository = environment["GITHUB_REPOSITORY"], !repository.isEmpty,
              let sha = environment["GITHUB_SHA"], !sha.isEmpty else { return nil }
        return "\(server)/\(repository)/blob/\(sha)"
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

/// Why `--template FILE` could not be read.
struct TemplateReadFailure: Error { let message: String }
