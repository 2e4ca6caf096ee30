import Support
import Formats

/// One environment variable as a run of fastlane sees it, with where it was set.
struct EnvironmentValue: Sendable, Hashable {
    /// The value; nil when it is set from something shipcheck cannot read (`${{ secrets.X }}`, `$(command)`).
    let value: String?
    let evidence: Evidence
}

/// A set of environment variables, in the order fastlane's runs build it (fastlane `commands_generator.rb`,
/// load_dot_env): the process environment (a workflow's `env:` at workflow, job, then step level), then
/// `Dotenv.load(".env", ".env.default")`, which sets only what is not set yet, then `.env.<name>` for
/// `--env <name>`, which `Dotenv.overload`s (replaces) what was set.
struct RunEnvironment: Sendable {
    private(set) var values: [String: EnvironmentValue] = [:]

    subscript(name: String) -> EnvironmentValue? { values[name] }

    /// Dotenv.load: only the names not set yet.
    mutating func load(_ file: [String: EnvironmentValue]) {
        for (name, value) in file where values[name] == nil { values[name] = value }
    }

    /// Dotenv.overload, a workflow step's own `env:` over its job's: every name.
    mutating func overload(_ file: [String: EnvironmentValue]) {
        for (name, value) in file { values[name] = value }
    }
}

/// `.env`-style files: `NAME=value`, `export NAME=value`, quotes removed, `#` comments skipped
/// (the dotenv gem's format).
enum DotenvFile {
    static func parse(_ lines: [(Int, String)], path: String) -> [String: EnvironmentValue] {
        var values: [String: EnvironmentValue] = [:]
        for (number, line) in lines {
            var code = line.trimmingBlanks()
            if code.isEmpty || code.hasPrefix("#") { continue }
            if code.hasPrefix("export ") { code = String(code.dropFirst(7)).trimmingBlanks() }
            guard let equals = code.firstIndex(of: "=") else { continue }
            let name = String(code[..<equals]).trimmingBlanks()
            guard isName(name) else { continue }
            var value = String(code[code.index(after: equals)...]).trimmingBlanks()
            if let quote = value.first, quote == "\"" || quote == "'" {
                value.removeFirst()
                if let close = value.firstIndex(of: quote) { value = String(value[..<close]) }
            } else if let comment = value.range(of: " #") {
                value = String(value[..<comment.lowerBound]).trimmingBlanks()
            }
            // `${OTHER}` and `$(command)` are expanded by dotenv at run time from what shipcheck cannot see.
            let readable = !value.contains("$")
            values[name] = EnvironmentValue(value: readable ? value : nil,
                                            evidence: Evidence(location: SourceLocation(path: path, line: number), snippet: "\(name)=\(value)"))
        }
        return values
    }

    /// A shell variable name: ASCII letters, digits and `_`, not starting with a digit.
    static func isName<S: StringProtocol>(_ text: S) -> Bool {
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return text.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }
}
