import Foundation
import StoreLocale
import Formats

/// Reads one metadata text file the way the store's upload tool would see it.
struct MetadataFileReader {
    /// Larger metadata files are not read: no store field comes near this, so the file is a mistake.
    static let maxBytes = 1 << 20

    enum Outcome {
        case value(MetadataValue)
        case problem(InputProblem)
    }

    /// App Store values are trimmed (deliver strips before upload); Play values are kept as written except
    /// for one trailing line break, which editors add and which would otherwise count against a limit that
    /// sits exactly at the end of the file.
    static func read(_ file: ProjectFile, store: Store) -> Outcome {
        let location = SourceLocation(path: file.path)
        if file.size > maxBytes {
            return .problem(InputProblem(location: location,
                message: "metadata file is \(file.size) bytes, over the \(maxBytes)-byte limit shipcheck reads; no store field is this long"))
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .problem(InputProblem(location: location, message: "could not read the metadata file"))
        }
        guard var raw = String(data: data, encoding: .utf8) else {
            return .problem(InputProblem(location: location,
                message: "not UTF-8: fastlane supply refuses non-UTF-8 metadata (\"Metadata must be UTF-8 encoded\") and deliver would upload garbled text; save the file as UTF-8",
                storeRefusesIt: true))
        }
        if raw.hasPrefix("\u{FEFF}") { raw.removeFirst() }
        let text: String
        var line = 1
        switch store {
        case .appstore:
            text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if let first = text.first, let start = raw.firstIndex(of: first) {
                line += raw[..<start].reduce(0) { $0 + ($1.isNewline ? 1 : 0) }
            }
        case .play, .fdroid:
            var kept = raw
            if kept.hasSuffix("\r\n") || kept.hasSuffix("\n") { kept.removeLast() }
            text = kept
        }
        return .value(MetadataValue(text: text, raw: raw, location: SourceLocation(path: file.path, line: line)))
    }
}
