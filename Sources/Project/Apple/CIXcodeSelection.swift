import Foundation
import Support
import Formats

/// The Xcode a CI job that uploads to App Store Connect selects, read from the configuration committed with the
/// project: `.xcode-version` (read by xcodes and xcversion for every lane), GitHub Actions workflows
/// (`xcode-version:` of setup-xcode, `DEVELOPER_DIR` or `xcode-select -s …/Xcode_16.2.app`), Fastfiles
/// (`xcversion(version: "16.2")`, `xcodes(version: "16.2")`, `xcode_select("/Applications/Xcode_16.app")`),
/// Codemagic (`xcode: 16.2`) and Bitrise stacks (`osx-xcode-16.2.x`). A workflow or Fastfile counts only when
/// it also uploads (deliver, pilot, upload_to_app_store, upload_to_testflight, altool, App Store Connect).
///
/// States `apple.ci_xcode_version`: the lowest version (major.minor) an uploading configuration selects, with
/// every place that selects one as evidence. Nothing when no configuration names a version.
public enum CIXcodeSelection {
    static let maxBytes = 256 * 1024
    static let uploadWords = ["upload_to_app_store", "upload_to_testflight", "deliver", "pilot", "altool", "app_store_connect",
                              "app-store-connect", "appstoreconnect", "testflight"]
    static let patterns: [NSRegularExpression] = [
        #"Xcode[_-]?([0-9]+(?:\.[0-9]+)*)\.app"#,
        #"xcode-version:\s*['"]?([0-9]+(?:\.[0-9]+)*)"#,
        #"(?:xcversion|xcodes)\s*\(\s*version:\s*['"](?:~>\s*)?([0-9]+(?:\.[0-9]+)*)"#,
        #"^\s*xcode:\s*['"]?([0-9]+(?:\.[0-9]+)*)"#,
        #"osx-xcode-([0-9]+(?:\.[0-9]+)*)"#,
    ].compactMap { try? NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }

    enum Kind { case versionFile, workflow, fastfile, other }

    static func kind(of file: ProjectFile) -> Kind? {
        guard !file.isVendored, file.size <= maxBytes else { return nil }
        let name = file.fileName  // from the end, without splitting: this runs for every file of the tree
        if name == ".xcode-version" { return .versionFile }
        if file.path.hasPrefix(".github/workflows/"), name.hasSuffix(".yml") || name.hasSuffix(".yaml") { return .workflow }
        if name == "Fastfile" { return .fastfile }
        if name == "codemagic.yaml" || name == "codemagic.yml" || name == "bitrise.yml" || name == ".gitlab-ci.yml" { return .other }
        return nil
    }

    /// The bytes in which an ASCII word occurs exactly where it occurs in `text.lowercased()`: A–Z folded,
    /// and the two scalars whose lower case holds an ASCII letter spelt as their lower case (KELVIN SIGN is
    /// "k", İ is "i" and U+0307); other non-ASCII bytes are kept, as no ASCII word matches across them.
    /// Lower-casing whole workflows and Fastfiles (many hold an emoji, which takes the slow Unicode path)
    /// was most of reading them.
    static func loweredForSearch(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x41, byte <= 0x5A {
                out.append(byte | 0x20)
            } else if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x84, bytes[i + 2] == 0xAA {
                out.append(UInt8(ascii: "k"))
                i += 2
            } else if byte == 0xC4, i + 1 < bytes.count, bytes[i + 1] == 0xB0 {
                out += [UInt8(ascii: "i"), 0xCC, 0x87]
                i += 1
            } else {
                out.append(byte)
            }
            i += 1
        }
        return out
    }

    public static func facts(files: [ProjectFile]) -> [Fact] {
        var found: [(version: [Int], evidence: Evidence)] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let kind = kind(of: file),
                  let bytes = try? FileBytes.read(file, limit: maxBytes) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            if kind != .versionFile {
                let lowered = loweredForSearch(bytes)
                guard uploadWords.contains(where: { word in lowered.withUnsafeBufferPointer { StringSearch.occurs(word, in: $0) } }) else { continue }
            }
            for (index, line) in text.lineSlices().prefix(20_000).enumerated() {
                let line = String(line.prefix(1000))
                let trimmed = line.trimmingBlanks()
                if trimmed.hasPrefix("#") { continue }
                var versions: [String] = []
                if kind == .versionFile {
                    if let first = trimmed.split(separator: " ").first, first.first?.isNumber == true { versions.append(String(first)) }
                } else if line.contains("code") || line.contains("xcversion") {
                    // Every pattern needs one of these two words (they are case-sensitive): the regexes run on
                    // the few lines that hold one, not on every line of every uploading workflow.
                    let range = NSRange(line.startIndex..., in: line)
                    for pattern in patterns {
                        for match in pattern.matches(in: line, range: range) {
                            if let r = Range(match.range(at: 1), in: line) { versions.append(String(line[r])) }
                        }
                    }
                }
                for version in versions {
                    let parts = version.split(separator: ".").prefix(2).compactMap { Int($0) }
                    guard let major = parts.first, major >= 3, major < 100 else { continue }
                    found.append((parts, Evidence(location: SourceLocation(path: file.path, line: index + 1), snippet: String(trimmed.prefix(200)))))
                }
                if found.count >= 50 { break }
            }
        }
        guard let lowest = found.min(by: { $0.version.lexicographicallyPrecedes($1.version) }) else { return [] }
        let number = Double(lowest.version[0]) + (lowest.version.count > 1 ? Double(min(lowest.version[1], 9)) / 10 : 0)
        let ordered = [lowest.evidence] + found.map(\.evidence).filter { $0.location != lowest.evidence.location }
        return [Fact(name: "apple.ci_xcode_version", value: .number(number), source: .detected, evidence: ordered)]
    }
}
