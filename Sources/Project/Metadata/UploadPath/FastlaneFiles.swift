import Support
import Formats

/// A Fastfile as the upload-path model needs it: each upload call with its lane and text, and what changes the
/// environment before the calls run (`Dotenv.load`/`Dotenv.overload`, `ENV["X"] = "…"`).
struct FastfileModel {
    enum Action: String { case supply, deliver }

    struct Call {
        let action: Action
        /// The name as written (`upload_to_play_store`, `supply`, `deliver`, `upload_to_app_store`).
        let name: String
        /// The lane (or private lane) the call is written in; nil outside any lane (a helper `def`, top level).
        let lane: String?
        /// The helper `def` the call is written in (a lane runs it by calling the helper).
        var helper: String? = nil
        let line: Int
        /// The call's text to its closing parenthesis.
        let text: String
        let evidence: Evidence
    }

    /// `Dotenv.load("…")` (only unset names) or `Dotenv.overload("…")`, or an `ENV["X"] = "…"` assignment.
    struct EnvironmentChange {
        let overload: Bool
        let files: [String]
        let assignment: (name: String, value: EnvironmentValue)?
    }

    let path: String
    /// The folder holding the Fastfile (`fastlane`), where `.env` files are looked for.
    let folder: [Substring]
    /// The folder fastlane runs in: the parent of `fastlane/`.
    let runFolder: [Substring]
    var calls: [Call] = []
    var environmentChanges: [EnvironmentChange] = []
    /// `upload_to_testflight` / `pilot` calls: a build upload that sends no metadata.
    var pilot: [Evidence] = []
    /// What each lane (`deploy`) and helper (`def:upload_play`) calls at the start of a line: other lanes and helpers
    /// among them (a lane that runs `deploy_play(track: "beta")` runs that lane's uploads).
    var invokes: [String: Set<String>] = [:]
    var lanes: Set<String> = []
    var helpers: Set<String> = []
    /// Archive builds (`build_app`, `gym`, `build_ios_app`, `build_mac_app`) by context (a lane, or `def:<helper>`).
    var builds: [Build] = []
    /// App Store Connect uploads by context: the action's name (`upload_to_testflight`, `pilot`, `upload_to_app_store`, `deliver`).
    var appStoreUploads: [(context: String, name: String)] = []
    /// `NAME = value` assignments inside lanes and helpers, by name.
    var assignments: [String: [(context: String, value: Substring)]] = [:]

    struct Build {
        let context: String
        let line: Int
        let text: String
    }

    static let appStoreUploadCalls = ["upload_to_testflight", "pilot", "upload_to_app_store", "deliver"]
    static let buildCalls = ["build_app", "gym", "build_ios_app", "build_mac_app"]

    init(path: String, lines: [(Int, String)]) {
        self.path = path
        let folder = Array(path.split(separator: "/").dropLast())
        self.folder = folder
        runFolder = folder.last == "fastlane" ? Array(folder.dropLast()) : folder
        var lane: String?
        var helper: String?
        var index = 0
        while index < lines.count {
            let (number, line) = lines[index]
            let code = line.trimmingBlanks()
            index += 1
            if code.hasPrefix("#") { continue }
            if let name = Self.laneName(code) { lane = name; helper = nil; lanes.insert(name); continue }
            if code.hasPrefix("def ") {
                lane = nil
                let name = code.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                helper = name.isEmpty ? nil : String(name)
                if let helper { helpers.insert(helper) }
                continue
            }
            if let context = lane ?? helper.map({ "def:\($0)" }) {
                let word = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let after = code.dropFirst(word.count).first
                if !word.isEmpty, after == nil || after == "(" || after == " " { invokes[context, default: []].insert(String(word)) }
                if let upload = Self.appStoreUploadCalls.first(where: { MetadataConsumerDetection.Signals.calls(code, $0) }) {
                    appStoreUploads.append((context, upload))
                } else if Self.buildCalls.contains(where: { MetadataConsumerDetection.Signals.calls(code, $0) }) {
                    builds.append(Build(context: context, line: number, text: Self.callText(lines, at: index - 1)))
                } else if let name = Self.assignedName(code) {
                    assignments[String(name), default: []].append((context, code.drop { $0 != "=" }.dropFirst().drop { $0 == " " }))
                }
            }
            if code.hasPrefix("Dotenv.load") || code.hasPrefix("Dotenv.overload") {
                let files = code.split { $0 == "\"" || $0 == "'" }.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                environmentChanges.append(EnvironmentChange(overload: code.hasPrefix("Dotenv.overload"), files: files, assignment: nil))
                continue
            }
            if code.hasPrefix("ENV["), let (name, after) = RubyValue.quoted(code.dropFirst(4)[...]), after.hasPrefix("]"),
               case let rest = after.dropFirst().drop(while: { $0 == " " }), rest.hasPrefix("="), !rest.hasPrefix("==") {
                let evidence = Evidence(location: SourceLocation(path: path, line: number), snippet: MetadataConsumerDetection.clip(code))
                let value: String?
                if case .literal(let text) = RubyValue.parse(rest.dropFirst()) { value = text } else { value = nil }
                environmentChanges.append(EnvironmentChange(overload: true, files: [],
                                                            assignment: (String(name), EnvironmentValue(value: value, evidence: evidence))))
                continue
            }
            if MetadataConsumerDetection.Signals.calls(code, "upload_to_testflight") || MetadataConsumerDetection.Signals.calls(code, "pilot") {
                pilot.append(Evidence(location: SourceLocation(path: path, line: number),
                                      snippet: "\(MetadataConsumerDetection.clip(code)) (TestFlight only: pilot uploads the build, not the metadata; no lane runs deliver)"))
            }
            let names: [(String, Action)] = [("upload_to_play_store", .supply), ("supply", .supply), ("upload_to_app_store", .deliver), ("deliver", .deliver)]
            guard let (name, action) = names.first(where: { MetadataConsumerDetection.Signals.calls(code, $0.0) }) else { continue }
            let text = Self.callText(lines, at: index - 1)
            var call = Call(action: action, name: name, lane: lane, line: number, text: text,
                            evidence: Evidence(location: SourceLocation(path: path, line: number), snippet: MetadataConsumerDetection.clip(code)))
            call.helper = lane == nil ? helper : nil
            calls.append(call)
        }
    }

    /// Whether running `lane` runs `call`: the call is in that lane, or in a lane or helper it calls (at most 8 deep).
    func runs(_ call: Call, fromLane lane: String) -> Bool {
        guard let target = call.lane ?? call.helper.map({ "def:\($0)" }) else { return true }
        return contexts(reachedFrom: lane).contains(target)
    }

    /// The lane itself and the lanes and helpers (`def:<name>`) it runs, at most 8 calls deep.
    func contexts(reachedFrom lane: String) -> Set<String> {
        var seen: Set<String> = [lane]
        var frontier = [lane]
        for _ in 0..<8 where !frontier.isEmpty {
            var next: [String] = []
            for context in frontier {
                for word in invokes[context] ?? [] {
                    let key = lanes.contains(word) ? word : helpers.contains(word) ? "def:\(word)" : nil
                    if let key, seen.insert(key).inserted { next.append(key) }
                }
            }
            frontier = next
        }
        return seen
    }

    /// A call's text: its line and the following ones until its parentheses close (at most 40 lines).
    static func callText(_ lines: [(Int, String)], at index: Int) -> String {
        let code = lines[index].1.trimmingBlanks()
        var text = code
        var depth = code.filter { $0 == "(" }.count - code.filter { $0 == ")" }.count
        var end = index + 1
        while depth > 0, end < lines.count, end < index + 41 {
            let next = lines[end].1
            depth += next.filter { $0 == "(" }.count - next.filter { $0 == ")" }.count
            text += "\n" + next
            end += 1
        }
        return text
    }

    /// `SCHEME` of `SCHEME = "…"` (not `==`, `+=`, `||=`).
    static func assignedName(_ code: String) -> Substring? {
        let name = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        guard !name.isEmpty, name.first.map({ !$0.isNumber }) == true else { return nil }
        let rest = code.dropFirst(name.count).drop { $0 == " " }
        guard rest.hasPrefix("="), !rest.hasPrefix("==") else { return nil }
        return name
    }

    /// `deploy` from `lane :deploy do`, `private_lane :deploy do |options|`.
    static func laneName(_ code: String) -> String? {
        for prefix in ["lane :", "private_lane :"] where code.hasPrefix(prefix) {
            let name = code.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }
}

/// A Supplyfile or Deliverfile: fastlane's configuration file for the action, each line `option value`
/// or `option(value)` (fastlane_core `configuration_file.rb`). Its values come after the action's
/// arguments and environment variables (docs.fastlane.tools/advanced/#priorities-of-parameters-and-options).
struct ActionConfigFile {
    let path: String
    let action: FastfileModel.Action
    /// Option name → its value and line.
    var options: [String: (value: RubyValue, evidence: Evidence)] = [:]

    init(path: String, action: FastfileModel.Action, lines: [(Int, String)]) {
        self.path = path
        self.action = action
        for (number, line) in lines {
            let code = line.trimmingBlanks()
            if code.hasPrefix("#") || code.isEmpty { continue }
            let name = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty, options[String(name)] == nil else { continue }
            let rest = code.dropFirst(name.count)
            guard rest.first == " " || rest.first == "(" else { continue }
            options[String(name)] = (RubyValue.parse(rest.drop { $0 == " " || $0 == "(" }),
                                     Evidence(location: SourceLocation(path: path, line: number), snippet: MetadataConsumerDetection.clip(code)))
        }
    }
}
