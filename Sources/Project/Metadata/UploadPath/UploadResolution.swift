import Formats

/// Which folder each fastlane upload reads and which parts it skips, resolved as fastlane resolves an option
/// (fastlane_core `configuration.rb`, fetch; docs.fastlane.tools/advanced/#priorities-of-parameters-and-options):
/// the action's argument, else its environment variable (`SUPPLY_METADATA_PATH`, `DELIVER_METADATA_PATH`,
/// `SUPPLY_SKIP_UPLOAD_METADATA`…), else the Supplyfile/Deliverfile, else the default (supply:
/// `./fastlane/metadata/android` if it exists, else `./metadata`, supply/lib/supply/options.rb; deliver:
/// `fastlane/metadata`, deliver/lib/deliver/options.rb). The environment is each run's: the workflow step that
/// runs the lane (its `env:` and `--env <name>`), or, when no workflow or script runs it, a developer's run
/// with `fastlane/.env` and `.env.default` only.
struct UploadResolution {
    struct Sources {
        var fastfiles: [FastfileModel] = []
        /// Supplyfiles and Deliverfiles by the folder holding them.
        var configs: [String: [ActionConfigFile]] = [:]
        /// `.env*` files by the folder holding them, by file name.
        var dotenv: [String: [String: [String: EnvironmentValue]]] = [:]
        var runs: [FastlaneRun] = []
        /// Folders that exist (for supply's default, which depends on them).
        var folders: Set<String> = []
    }

    /// The upload's options as one action and one run resolve them.
    struct Resolved {
        let action: FastfileModel.Action
        /// nil when the folder could not be resolved statically (`unresolved` says why).
        let path: String?
        let unresolved: String?
        let skips: Set<String>
        /// deliver's `skip_metadata`: the call uploads no text at all.
        let skipsAllText: Bool
        /// The call, then where each value came from.
        let evidence: Evidence
        let chain: [Evidence]
        /// What the chain reads as in facts: `upload_to_play_store in lane deploy`.
        let description: String
        let run: FastlaneRun?
        let runFolder: [Substring]
        /// For an unresolved folder read from `ENV["X"]`: the values the fastlane folder's `.env.<name>` files give X,
        /// each the folder a run with `--env <name>` (or a Fastfile that loads the file) uploads.
        var candidates: [(path: String, evidence: Evidence)] = []
    }

    static let skipOptions: [FastfileModel.Action: [(option: String, part: String)]] = [
        .supply: [("skip_upload_metadata", "metadata"), ("skip_upload_changelogs", "changelogs"),
                  ("skip_upload_images", "images"), ("skip_upload_screenshots", "screenshots")],
        .deliver: [("skip_metadata", "metadata"), ("skip_screenshots", "screenshots")],
    ]

    static func envName(_ action: FastfileModel.Action, _ option: String) -> String {
        "\(action == .supply ? "SUPPLY" : "DELIVER")_\(option.uppercased())"
    }

    static func resolve(_ sources: Sources) -> [Resolved] {
        var result: [Resolved] = []
        var configsUsed = Set<String>()
        for fastfile in sources.fastfiles {
            let folder = fastfile.folder.joined(separator: "/")
            for call in fastfile.calls {
                let runs = sources.runs.filter { run in
                    // The lane run, or a lane or helper it calls, holds the call (a call outside any lane or helper runs in all).
                    guard let lane = run.lane else { return false }
                    return fastfile.runs(call, fromLane: lane) && Self.runs(run, fastfile: fastfile, among: sources.fastfiles)
                }
                let contexts: [FastlaneRun?] = runs.isEmpty ? [nil] : runs
                let config = sources.configs[folder]?.first { $0.action == call.action }
                if let config { configsUsed.insert(config.path) }
                for run in contexts {
                    let environment = self.environment(for: run, fastfile: fastfile, sources: sources)
                    let label = "\(call.name)\(call.lane.map { " in lane \($0)" } ?? "")"
                    result.append(resolve(action: call.action, text: call.text, evidence: call.evidence, description: label,
                                          config: config, environment: environment, run: run, runFolder: fastfile.runFolder, sources: sources))
                }
            }
        }
        // `fastlane supply` / `fastlane deliver` run directly by a workflow or script.
        for run in sources.runs {
            guard let action = run.action else { continue }
            let fastfile = sources.fastfiles.first { runs(run, fastfile: $0, among: sources.fastfiles) }
            let folder = fastfile?.folder.joined(separator: "/") ?? (run.workingDirectory + ["fastlane"]).joined(separator: "/")
            let config = sources.configs[folder]?.first { $0.action == action }
            if let config { configsUsed.insert(config.path) }
            let environment = fastfile.map { self.environment(for: run, fastfile: $0, sources: sources) } ?? run.environment
            let text = arguments(run.arguments)
            result.append(resolve(action: action, text: text, evidence: run.evidence, description: "fastlane \(action.rawValue) (command line)",
                                  config: config, environment: environment, run: run, runFolder: run.workingDirectory, sources: sources))
        }
        // A Supplyfile or Deliverfile no call of a Fastfile uses: `fastlane supply` run by hand reads it.
        for (folder, configs) in sources.configs.sorted(by: { $0.key < $1.key }) {
            for config in configs where !configsUsed.contains(config.path) {
                let parts = folder.split(separator: "/")
                let runFolder = parts.last == "fastlane" ? Array(parts.dropLast()) : Array(parts)
                var environment = RunEnvironment()
                environment.load(sources.dotenv[folder]?[".env"] ?? [:])
                environment.load(sources.dotenv[folder]?[".env.default"] ?? [:])
                let name = config.path.split(separator: "/").last.map(String.init) ?? config.path
                result.append(resolve(action: config.action, text: "", evidence: Evidence(location: SourceLocation(path: config.path), snippet: name),
                                      description: name, config: config, environment: environment, run: nil, runFolder: runFolder, sources: sources))
            }
        }
        return result
    }

    /// `--metadata_path x --skip_upload_metadata true` or `metadata_path:x` as the Ruby call text the options reader reads.
    static func arguments(_ line: String) -> String {
        var text = ""
        let words = line.split(separator: " ")
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--") {
                let name = word.dropFirst(2)
                let value = index + 1 < words.count && !words[index + 1].hasPrefix("-") ? words[index + 1] : "true"
                text += "\(name): \"\(value.trimmingCharacters(in: ["\"", "'"]))\", "
                index += value == "true" && !(index + 1 < words.count && words[index + 1] == "true") ? 1 : 2
                continue
            }
            if word.hasPrefix("-m"), index + 1 < words.count { text += "metadata_path: \"\(words[index + 1])\", "; index += 2; continue }
            if let colon = word.firstIndex(of: ":") {
                text += "\(word[..<colon]): \"\(word[word.index(after: colon)...].trimmingCharacters(in: ["\"", "'"]))\", "
            }
            index += 1
        }
        return text
    }

    /// Whether `run` runs the lanes of `fastfile`: its working directory holds that Fastfile (or there is one Fastfile).
    static func runs(_ run: FastlaneRun, fastfile: FastfileModel, among all: [FastfileModel]) -> Bool {
        all.count == 1 || fastfile.runFolder == run.workingDirectory || fastfile.folder == run.workingDirectory
    }

    /// The environment of one run of the Fastfile: the run's own, then `.env` and `.env.default`, then `.env.<name>`
    /// for `--env <name>` (overload), then the Fastfile's own `Dotenv.load`/`overload` and `ENV[…] =` lines.
    static func environment(for run: FastlaneRun?, fastfile: FastfileModel, sources: Sources) -> RunEnvironment {
        let folder = fastfile.folder.joined(separator: "/")
        let files = sources.dotenv[folder] ?? [:]
        var environment = run?.environment ?? RunEnvironment()
        environment.load(files[".env"] ?? [:])
        environment.load(files[".env.default"] ?? [:])
        if let name = run?.envName {
            // `--env a,b` loads each.
            for one in name.name.split(separator: ",") {
                var values = files[".env.\(one)"] ?? [:]
                for (key, value) in values {
                    values[key] = EnvironmentValue(value: value.value, evidence: Evidence(location: value.evidence.location,
                        snippet: "\(value.evidence.snippet) (--env \(one), \(name.evidence.location))"))
                }
                environment.overload(values)
            }
        }
        for change in fastfile.environmentChanges {
            if let (name, value) = change.assignment { environment.overload([name: value]); continue }
            for file in change.files {
                // Paths in a Fastfile are relative to `fastlane/` (where lanes run) or written from the project root.
                let fileName = file.split(separator: "/").last.map(String.init) ?? file
                let candidates = [FastlaneRuns.resolve(FastlaneRuns.pathComponents(file), from: fastfile.folder).dropLast().joined(separator: "/"),
                                  FastlaneRuns.resolve(FastlaneRuns.pathComponents(file), from: fastfile.runFolder).dropLast().joined(separator: "/")]
                guard let values = candidates.lazy.compactMap({ sources.dotenv[$0]?[fileName] }).first else { continue }
                if change.overload { environment.overload(values) } else { environment.load(values) }
            }
        }
        return environment
    }

    static func resolve(action: FastfileModel.Action, text: String, evidence: Evidence, description: String, config: ActionConfigFile?,
                        environment: RunEnvironment, run: FastlaneRun?, runFolder: [Substring], sources: Sources) -> Resolved {
        var chain: [Evidence] = []
        if let run {
            chain.append(Evidence(location: run.evidence.location, snippet: "runs it: \(run.evidence.snippet)"))
        }
        /// One option through fastlane's sources in order.
        func value(_ option: String) -> (RubyValue.Resolved, Evidence?)? {
            if let argument = RubyValue.option(option, in: text) {
                let resolved = argument.evaluate(in: environment)
                if case .unset = resolved {} else { return (resolved, nil) }
            }
            let name = envName(action, option)
            if let set = environment[name] {
                return (set.value.map { .value($0, [set.evidence]) } ?? .unknown("\(name) is set from something shipcheck cannot read", [set.evidence]), nil)
            }
            if let (configured, line) = config?.options[option] {
                let resolved = configured.evaluate(in: environment)
                if case .unset = resolved {} else { return (resolved, line) }
            }
            return nil
        }
        var path: String?
        var unresolved: String?
        var readsVariable: String?
        switch value("metadata_path") {
        case let (.value(text, used), line)?:
            path = text
            chain += (line.map { [$0] } ?? []) + used
        case let (.unknown(why, used), line)?:
            unresolved = "metadata_path: \(why)"
            chain += (line.map { [$0] } ?? []) + used
        case let (.unset(name), _)?:
            unresolved = "metadata_path: ENV[\"\(name)\"] is set by no file shipcheck reads"
            readsVariable = name
        case nil:
            if let argument = RubyValue.option("metadata_path", in: text) ?? config?.options["metadata_path"]?.value,
               case .environment(let name, _) = argument {
                // `metadata_path: ENV["X"]` with X set nowhere: fastlane falls back to its default, unless the
                // variable comes from the machine or the CI's secrets, which shipcheck cannot see.
                unresolved = "metadata_path: ENV[\"\(name)\"] is set by no file shipcheck reads"
                readsVariable = name
            } else if action == .supply {
                let base = runFolder.joined(separator: "/")
                let preferred = base.isEmpty ? "fastlane/metadata/android" : base + "/fastlane/metadata/android"
                let fallback = base.isEmpty ? "metadata" : base + "/metadata"
                func exists(_ folder: String) -> Bool { sources.folders.contains { $0 == folder || $0.hasPrefix(folder + "/") } }
                path = exists(preferred) || !exists(fallback) ? "fastlane/metadata/android" : "metadata"
            } else {
                path = "fastlane/metadata"
            }
        }
        var skips = Set<String>()
        var skipsAllText = false
        for (option, part) in skipOptions[action] ?? [] {
            guard case let (.value(text, used), line)? = value(option), ["true", "yes", "1"].contains(text.lowercased()) else { continue }
            if action == .deliver, part == "metadata" { skipsAllText = true }
            skips.insert(part)
            if let variable = used.first {
                chain.append(Evidence(location: variable.location, snippet: "\(variable.snippet): skips \(part)"))
            } else {
                chain.append(Evidence(location: (line ?? evidence).location, snippet: "\(option): \(text): skips \(part)"))
            }
        }
        var resolved = Resolved(action: action, path: path, unresolved: unresolved, skips: skips, skipsAllText: skipsAllText, evidence: evidence,
                                chain: chain, description: description, run: run, runFolder: runFolder)
        if let readsVariable {
            let found = candidates(readsVariable, runFolder: runFolder, sources: sources)
            resolved.candidates = found
            if !found.isEmpty {
                let named = found.map { "\($0.path) (\($0.evidence.location))" }.joined(separator: ", ")
                resolved = Resolved(action: action, path: nil,
                                    unresolved: "metadata_path: ENV[\"\(readsVariable)\"] is set only by an .env file a run selects with --env: \(named)",
                                    skips: skips, skipsAllText: skipsAllText, evidence: evidence, chain: chain, description: description,
                                    run: run, runFolder: runFolder, candidates: found)
            }
        }
        return resolved
    }

    /// The values the `.env.<name>` files beside the Fastfile (in `fastlane/` or the folder fastlane runs in) give a
    /// variable: `fastlane deliver --env <name>` loads one of them (fastlane commands_generator.rb, load_dot_env).
    static func candidates(_ variable: String, runFolder: [Substring], sources: Sources) -> [(path: String, evidence: Evidence)] {
        let folders = [(runFolder + ["fastlane"]).joined(separator: "/"), runFolder.joined(separator: "/")]
        var found: [(path: String, evidence: Evidence)] = []
        for folder in folders {
            for (_, values) in (sources.dotenv[folder] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let set = values[variable], let value = set.value, !value.isEmpty, !value.contains("$"),
                      !found.contains(where: { $0.path == value }) else { continue }
                found.append((value, set.evidence))
            }
        }
        return found
    }
}
