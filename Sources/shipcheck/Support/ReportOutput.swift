import Foundation
import Rules

// Interim: replaced by the Reports module's formats when that branch lands.

struct OutputRequest {
    let format: String
    let path: String?

    struct ParseError: Error { let message: String }

    static func parse(_ specs: [String]) throws(ParseError) -> [OutputRequest] {
        let requests = specs.isEmpty ? ["text"] : specs
        return try requests.map { spec throws(ParseError) in
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard let format = parts.first, CommonOptions.formats.contains(format) else {
                throw ParseError(message: "unknown format '\(spec)'; expected one of \(CommonOptions.formats.joined(separator: ", "))")
            }
            return OutputRequest(format: format, path: parts.count > 1 ? parts[1] : nil)
        }
    }
}

struct RenderOptions {
    let color: Bool
    let quiet: Bool
    let templatePath: String?
}

enum ReportOutput {
    static func emit(_ result: RunResult, outputs: [OutputRequest], options: RenderOptions, console: Console) -> ExitCode? {
        for finding in result.findings {
            var place = finding.location.path
            if let line = finding.location.line { place += ":\(line)"; if let column = finding.location.column { place += ":\(column)" } }
            console.out("\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n")
        }
        return nil
    }
}

enum BaselineStep {
    static func apply(path: String, to findings: [Finding]) -> Result<([Finding], Int, Int), BaselineFailure> {
        .failure(BaselineFailure(message: "baselines are not available yet"))
    }

    static func write(path: String, findings: [Finding]) -> String? { "baselines are not available yet" }
}

struct BaselineFailure: Error { let message: String }
