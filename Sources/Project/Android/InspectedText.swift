import Foundation
import Support
import Formats

/// Reads a small project text file (a manifest, a build file, a lock file) for the Android and
/// dependency inspectors. A file that is too large, unreadable or not UTF-8 becomes an `InputProblem`
/// naming the file, so one bad file never stops the inspection.
enum InspectedText {
    /// An `InputProblem` carried as an error, for readers that throw: the readers of Formats throw it too.
    typealias Failure = FormatFailure

    /// Build and lock files are small; anything bigger is not what we think it is.
    static let maxBytes = 16 << 20

    static func read(_ file: ProjectFile) throws(Failure) -> String {
        let location = SourceLocation(path: file.path)
        if file.size > maxBytes {
            throw Failure(location, "file is \(file.size) bytes, larger than the \(maxBytes) bytes read for this kind of file; skipped")
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            throw Failure(location, "could not be read")
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        // Java reads a `.properties` file as ISO 8859-1 (`Properties.load(InputStream)`), and so does Gradle for
        // gradle.properties: every byte is a character (davx5's `Copyright \u{A9}` comment in Latin-1).
        if file.fileName.hasSuffix(".properties"), let text = String(data: data, encoding: .isoLatin1) { return text }
        throw Failure(location, "is not UTF-8 text; skipped")
    }

    /// The 1-based line of the first occurrence of `needle` at or after `start`, for files
    /// read whole (JSON, XML) whose parsers give no line numbers.
    static func line(of needle: String, in text: String, after start: String.Index? = nil) -> Int? {
        let from = start ?? text.startIndex
        guard let range = text.range(of: needle, range: from..<text.endIndex) else { return nil }
        return text[text.startIndex..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}

extension FormatFailure {
    /// The problem the inspection reports for the file.
    var problem: InputProblem { InputProblem(location: location, message: message) }
}
