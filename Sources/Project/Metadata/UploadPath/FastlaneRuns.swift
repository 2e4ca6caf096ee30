import Foundation
import YAML
import Support
import Formats

/// A command that runs fastlane, in a GitHub workflow step or a shell script: the lane (or action) it runs, the
/// `--env` it selects, the environment the step sets, and the commands that ran before it in the same job
/// (which may move or remove the metadata tree before the upload).
struct FastlaneRun {
    /// `deploy` for `bundle exec fastlane android deploy`; nil when the command runs an action (`fastlane supply`).
    let lane: String?
    /// `supply` or `deliver` for `fastlane supply …` / `fastlane deliver …` run directly.
    let action: FastfileModel.Action?
    /// `--env <name>` (fastlane loads `.env.<name>`), with where it was given.
    let envName: (name: String, evidence: Evidence)?
    /// The step's environment: workflow, job, then step `env:`; variables set in the script before the command.
    let environment: RunEnvironment
    /// The folder the command runs in, from the repository root (`working-directory:`, a `cd` before it).
    let workingDirectory: [Substring]
    /// The line that runs fastlane.
    let evidence: Evidence
    /// The command line's own arguments after the lane or action (`metadata_path:…`, `--metadata_path …`).
    let arguments: String
    /// Shell commands run before this one in the same job, oldest first, with the step that runs each.
    let earlierCommands: [(command: String, evidence: Evidence)]
}

enum FastlaneRuns {
    static let fastlanePlatforms: Set<String> = ["ios", "android", "mac"]

    /// Shell scripts of the repository by path, read when a step runs one: their lines (nil: no such script).
    typealias Scripts = (String) -> [(Int, String)]?
    /// How deep a script that runs a script is followed.
    static let scriptDepth = 3

    /// The runs of fastlane in a workflow file; `followed` collects the scripts its steps run (they are read as
    /// part of the step, with its environment and the commands before it).
    static func workflow(_ path: String, text: String, lines: [(Int, String)], scripts: Scripts = { _ in nil },
                         followed: inout Set<String>) -> [FastlaneRun] {
        guard let root = try? YAMLParser.parse(text, file: path), let jobs = root["jobs"]?.mapping else { return [] }
        let workflowEnvironment = environment(root["env"], path: path)
        var runs: [FastlaneRun] = []
        for job in jobs {
            var jobEnvironment = RunEnvironment()
            jobEnvironment.overload(workflowEnvironment)
            jobEnvironment.overload(environment(job.value["env"], path: path))
            let jobDirectory = job.value["defaults"]?["run"]?["working-directory"]?.scalar
            var earlier: [(String, Evidence)] = []
            for step in job.value["steps"]?.sequence ?? [] {
                guard let run = step["run"], let script = run.scalar else { continue }
                var stepEnvironment = jobEnvironment
                stepEnvironment.overload(environment(step["env"], path: path))
                let directory = step["working-directory"]?.scalar ?? jobDirectory
                let start = run.mark.line
                let stepLines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                var cursor = max(0, start - 1)
                var commands: [(String, Int)] = []
                for command in stepLines {
                    let code = command.trimmingBlanks()
                    guard !code.isEmpty, !code.hasPrefix("#") else { continue }
                    // The command's own line in the file: the next line from the step's `run:` that holds it.
                    if let found = lines[min(cursor, lines.count)...].firstIndex(where: { $0.1.contains(code) }) {
                        cursor = found
                        commands.append((code, lines[found].0))
                    } else {
                        commands.append((code, start))
                    }
                }
                runs += self.runs(in: joiningContinuations(commands), path: path, environment: stepEnvironment, directory: directory, earlier: &earlier,
                                  scripts: scripts, followed: &followed)
            }
        }
        return runs
    }

    /// The runs of fastlane in a shell script (run from the repository root).
    static func script(_ path: String, lines: [(Int, String)]) -> [FastlaneRun] {
        guard lines.contains(where: { $0.1.contains("fastlane") }) else { return [] }
        var earlier: [(String, Evidence)] = []
        let commands = lines.map { ($0.1.trimmingBlanks(), $0.0) }.filter { !$0.0.isEmpty && !$0.0.hasPrefix("#") }
        var followed: Set<String> = []
        return runs(in: joiningContinuations(commands), path: path, environment: RunEnvironment(), directory: nil, earlier: &earlier,
                    followed: &followed)
    }

    /// The script a command runs (`./scripts/release.sh`, `bash scripts/x.sh`, `sh x.sh`, `source x.sh`), from the
    /// repository root; nil for anything else, a path with a variable, an absolute one or one leaving the root.
    static func scriptPath(_ command: String, folder: [Substring]) -> String? {
        // The first two words are all it reads: split no further (every command of every step is asked, and
        // splitting a long one whole, Character by Character, was most of reading a large workflow).
        let words = command.split(maxSplits: 2) { $0 == " " || $0 == "\t" }.map(String.init)
        guard let first = words.first else { return nil }
        let candidate: String
        if ["bash", "sh", "zsh", "source", "."].contains(first), words.count >= 2, !words[1].hasPrefix("-") {
            candidate = words[1]
        } else if first.hasPrefix("./") || first.hasSuffix(".sh") {
            candidate = first
        } else {
            return nil
        }
        let unquoted = candidate.trimmingCharacters(in: ["\"", "'"])
        guard !unquoted.contains("$"), !unquoted.hasPrefix("/"), !unquoted.hasPrefix("~") else { return nil }
        var depth = folder.count
        for part in pathComponents(unquoted) {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return nil }
        }
        let path = resolve(pathComponents(unquoted), from: folder).joined(separator: "/")
        return path.isEmpty ? nil : path
    }

    /// A shell command continued over lines (`fastlane supply \` then `--skip_upload_metadata` on the next line) is one
    /// command, as the shell runs it: its flags belong to it. It keeps the line where it starts.
    static func joiningContinuations(_ commands: [(String, Int)]) -> [(String, Int)] {
        var joined: [(String, Int)] = []
        var continuing = false
        for (code, line) in commands {
            let continues = code.hasSuffix("\\")
            let part = continues ? String(code.dropLast()).trimmingBlanks() : code
            if continuing, let last = joined.popLast() {
                joined.append((last.0 + " " + part, last.1))
            } else {
                joined.append((part, line))
            }
            continuing = continues
        }
        return joined
    }

    static func runs(in commands: [(String, Int)], path: String, environment: RunEnvironment, directory: String?,
                     earlier: inout [(String, Evidence)], scripts: Scripts = { _ in nil }, followed: inout Set<String>,
                     depth: Int = 0) -> [FastlaneRun] {
        var runs: [FastlaneRun] = []
        var environment = environment
        var folder = directory.map(pathComponents) ?? []
        for (command, line) in commands {
            // A script the step runs: its plain commands are the step's, in its environment and after what ran before.
            if depth < scriptDepth, !command.contains("&&"), let script = scriptPath(command, folder: folder), let lines = scripts(script) {
                followed.insert(script)
                let inner = lines.map { ($0.1.trimmingBlanks(), $0.0) }.filter { !$0.0.isEmpty && !$0.0.hasPrefix("#") }
                runs += self.runs(in: joiningContinuations(inner), path: script, environment: environment,
                                  directory: folder.joined(separator: "/"), earlier: &earlier, scripts: scripts, followed: &followed, depth: depth + 1)
                continue
            }
            let evidence = Evidence(location: SourceLocation(path: path, line: line), snippet: MetadataConsumerDetection.clip(command))
            // (Split only when there is something to split at; the Character-wise searches only when their byte is there.)
            let parts: [Substring] = command.contains("&&") ? command.split(separator: "&&") : command.isEmpty ? [] : [command[...]]
            for part in parts.map({ $0.trimmingBlanks() }) {
                // `export X=…` and `X=…` set the variable for the commands after it in the same step.
                let assignment = part.hasPrefix("export ") ? String(part.dropFirst(7)) : part
                if assignment.utf8.contains(UInt8(ascii: "=")), let equals = assignment.firstIndex(of: "="), DotenvFile.isName(assignment[..<equals]),
                   !assignment.contains(" fastlane") {
                    environment.overload(DotenvFile.parse([(line, assignment)], path: path))
                    continue
                }
                if part.hasPrefix("cd ") { folder = resolve(pathComponents(String(part.dropFirst(3))), from: folder); continue }
                if let run = fastlaneRun(part, evidence: evidence, environment: environment, folder: folder, earlier: earlier) {
                    runs.append(run)
                    continue
                }
                earlier.append((part, evidence))
            }
        }
        return runs
    }

    static func fastlaneRun(_ command: String, evidence: Evidence, environment: RunEnvironment, folder: [Substring],
                            earlier: [(String, Evidence)]) -> FastlaneRun? {
        // No word is or ends with `fastlane` when the bytes do not hold it: most commands, split no more.
        guard command.contains("fastlane") else { return nil }
        let words = command.split { $0 == " " || $0 == "\t" }
        guard let index = words.firstIndex(where: { $0 == "fastlane" || $0.hasSuffix("/fastlane") }) else { return nil }
        // Only fastlane as the command (`fastlane …`, `bundle exec fastlane …`), not `cd fastlane` or `echo fastlane`.
        guard index == 0 || words[..<index].allSatisfy({ ["bundle", "exec", "sudo", "-E"].contains($0) || $0.contains("=") }) else { return nil }
        var rest = Array(words[(index + 1)...])
        var envName: (String, Evidence)?
        if let flag = rest.firstIndex(where: { $0 == "--env" || $0.hasPrefix("--env=") }) {
            let value = rest[flag] == "--env" ? (flag + 1 < rest.count ? rest[flag + 1] : "") : rest[flag].dropFirst(6)
            let name = value.trimmingCharacters(in: ["\"", "'"])
            if !name.isEmpty { envName = (name, Evidence(location: evidence.location, snippet: "--env \(name)")) }
            rest.removeSubrange(flag...(rest[flag] == "--env" ? min(flag + 1, rest.count - 1) : flag))
        }
        if let first = rest.first, fastlanePlatforms.contains(String(first)) { rest.removeFirst() }
        guard let name = rest.first, !name.hasPrefix("-"), !name.contains("$") else { return nil }
        let arguments = rest.dropFirst().joined(separator: " ")
        let action: FastfileModel.Action? = ["supply", "upload_to_play_store"].contains(name) ? .supply
            : ["deliver", "upload_to_app_store"].contains(name) ? .deliver : nil
        // Extra per-command variables (`SUPPLY_SKIP_UPLOAD_METADATA=true fastlane deploy`).
        var environment = environment
        for word in words[..<index] where word.contains("=") {
            environment.overload(DotenvFile.parse([(evidence.location.line ?? 0, String(word))], path: evidence.location.path))
        }
        return FastlaneRun(lane: action == nil ? String(name) : nil, action: action, envName: envName, environment: environment,
                           workingDirectory: folder, evidence: evidence, arguments: arguments, earlierCommands: earlier)
    }

    /// A workflow's `env:` mapping; `${{ … }}` values are set by GitHub at run time (secrets, inputs): unreadable.
    static func environment(_ node: Node?, path: String) -> [String: EnvironmentValue] {
        var values: [String: EnvironmentValue] = [:]
        for pair in node?.mapping ?? [] {
            guard let name = pair.key.scalar, let value = pair.value.scalar else { continue }
            values[name] = EnvironmentValue(value: value.contains("${{") || value.contains("$") ? nil : value,
                                            evidence: Evidence(location: SourceLocation(path: path, line: pair.key.mark.line), snippet: "\(name)=\(value)"))
        }
        return values
    }

    /// A path as components, without `./`, `$GITHUB_WORKSPACE/` or `${{ github.workspace }}/` in front.
    static func pathComponents(_ text: String) -> [Substring] {
        var path = text.trimmingBlanks().trimmingCharacters(in: ["\"", "'"])
        for prefix in ["${{ github.workspace }}/", "$GITHUB_WORKSPACE/", "${GITHUB_WORKSPACE}/"] where path.hasPrefix(prefix) {
            path = String(path.dropFirst(prefix.count))
        }
        return path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
    }

    static func resolve(_ path: [Substring], from base: [Substring]) -> [Substring] {
        var result = base
        for part in path {
            if part == ".." { if !result.isEmpty { result.removeLast() } } else { result.append(part) }
        }
        return result
    }
}
