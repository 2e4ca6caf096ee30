import ShipcheckCore
import Foundation
import Project
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
    /// Text: list the manual items (`--manual`).
    var manual = false
    /// HTML: the store listings to preview.
    var storeListings: [StoreListing] = []
    /// The template's name and text, read before the run.
    let template: (path: String, text: String)?
    let failOn: Severity?
    /// Append the Markdown report to `$GITHUB_STEP_SUMMARY` (`--summary`, or `--format github`).
    let writeSummary: Bool
    let paths: ReportPaths

    /// The largest `--template` read: the built-in template is 6 KB.
    static let maxTemplateBytes = 1 << 20

    /// Reads `--template FILE`; nil and an error message when it cannot. A template inside the project `root`
    /// that links out of it is refused: it would be rendered into the job summary and PR comment.
    static func readTemplate(_ path: String?, root: String) -> Result<(path: String, text: String)?, TemplateReadFailure> {
        guard let path else { return .success(nil) }
        let bytes: [UInt8]
        do { bytes = try RootedPath.readGivenFile(path, root: root, limit: maxTemplateBytes) } catch {
            return .failure(TemplateReadFailure(message: "\(path): cannot read the template: \(error.message)"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(TemplateReadFailure(message: "\(path): cannot read the template: it is not UTF-8 text"))
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
            var renderOptions = ReportRenderer.Options(
                color: spec.path == nil && options.color, quiet: options.quiet, template: options.template?.text,
                templateName: options.template?.path ?? MarkdownReport.defaultTemplateName, linkBase: linkBase,
                failOn: options.failOn, displayPath: { paths.forDisplay($0) }, fileForFolder: fileForFolder)
            renderOptions.manual = options.manual
            renderOptions.storeListings = options.storeListings
            let text: String
            do { text = try ReportRenderer.render(spec.format, result, options: renderOptions) } catch {
                console.error(error.description)
                return .usage
            }
            if let path = spec.path {
                if spec.format == .markdown, let summaryPath, path == summaryPath { markdownWentToSummary = true }
                do { try RootedPath.checkReportTarget(path, root: paths.base) } catch {
                    console.error("cannot write the \(spec.format.rawValue) report: \(error.message)")
                    return .usage
                }
                if let message = ReportFolder.prepare(path, projectRoot: paths.projectRoot) {
                    console.error(message)
                    return .usage
                }
                do { try AtomicWriter.write(Data(text.utf8), to: path) } catch {
                    console.error("cannot write the \(spec.format.rawValue) report: \(error.description)")
                    return .usage
                }
            } else if spec.format == .github {
                console.outWorkflowCommands(text)
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
                if let problem = appendToRegularFile(summary, at: summaryPath) {
                    console.warning("cannot write the job summary to GITHUB_STEP_SUMMARY (\(summaryPath)): \(problem); the reports above are complete")
                }
            } catch {
                console.warning("cannot write the job summary to GITHUB_STEP_SUMMARY (\(summaryPath)): \(error); the reports above are complete")
            }
        }
        return nil
    }

    /// Appends `text` to the regular file at `path`, creating it if missing; why not, otherwise. Opened
    /// non-blocking and checked before writing, so a FIFO nobody reads (or a device) cannot hang the run.
    static func appendToRegularFile(_ text: String, at path: String) -> String? {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return String(cString: strerror(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "it is not a regular file (a FIFO, socket or device)" }
        return AtomicWriter.writeAll(Array(text.utf8), to: fd)
    }

    /// `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA`, when GitHub Actions sets all three: report
    /// paths start at the repository root, so each location links to its line.
    static func linkBase(_ environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], !server.isEmpty,
              let repository = environment["GITHUB_REPOSITORY"], !repository.isEmpty,
              let sha = environment["GITHUB_SHA"], !sha.isEmpty,
              isServerURL(server), isRepositoryName(repository), sha.allSatisfy(\.isHexDigit) else { return nil }
        return "\(server)/\(repository)/blob/\(sha)"
    }

    /// `https://host[:port]` (GitHub Enterprise included) and nothing else: the value becomes every link's base.
    static func isServerURL(_ text: String) -> Bool {
        guard text.hasPrefix("https://") || text.hasPrefix("http://") else { return false }
        let host = text.drop(while: { $0 != "/" }).dropFirst(2)
        return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":") }
    }

    /// `owner/name` in GitHub's characters.
    static func isRepositoryName(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        }
    }
}

/// `--baseline` and `--write-baseline`.
enum BaselineStep {
    /// Writes the baseline; returns an error message on failure.
    static func write(path: String, findings: [Finding], root: String) -> String? {
        do { try RootedPath.checkReportTarget(path, root: root) } catch { return "cannot write the baseline: \(error.message)" }
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
