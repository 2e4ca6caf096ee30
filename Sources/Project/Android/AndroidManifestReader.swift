import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an AndroidManifest.xml with `XMLParser`. Attribute names keep their `android:` prefix, so no
/// namespace processing is needed. External entities are never resolved.
enum AndroidManifestReader {
    static func read(text: String, location: SourceLocation) throws(InspectedText.Failure) -> AndroidManifestFile {
        let parser = XMLParser(data: Data(withoutProcessingInstructions(text)))
        parser.shouldResolveExternalEntities = false
        let collector = Collector(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                  location: location)
        parser.delegate = collector
        // On Linux `parse()` can return true after libxml2 recovered from an error: the first reported error decides.
        let succeeded = parser.parse()
        if let error = collector.firstError ?? (succeeded ? nil : (parser.parserError.map { ($0, parser.lineNumber, parser.columnNumber) })) {
            let code = (error.0 as NSError).code
            let reason = libxml2Reasons[code] ?? "libxml2 error \(code)"
            throw InspectedText.Failure(SourceLocation(path: location.path, line: max(error.1, 1), column: error.2 > 0 ? error.2 : nil),
                                        "is not well-formed XML: \(reason)")
        }
        guard collector.sawManifest else {
            throw InspectedText.Failure(location, "has no <manifest> root element; not an Android manifest")
        }
        return collector.manifest
    }

    /// The manifest's bytes with every processing instruction but the leading XML declaration blanked to spaces
    /// (newlines kept, so lines stay put). Foundation on Linux crashes on a processing instruction without data
    /// (`<?a?>`), and no processing instruction means anything in a manifest.
    static func withoutProcessingInstructions(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { index += 1; continue }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
            guard end + 1 < bytes.count else { break }
            let body = bytes[(index + 2)..<end]
            let target = body.prefix { $0 != UInt8(ascii: " ") && $0 != 9 && $0 != 10 && $0 != 13 }
            let hasData = body.dropFirst(target.count).contains { $0 != UInt8(ascii: " ") && $0 != 9 && $0 != 10 && $0 != 13 }
            // Only a real XML declaration is kept: at the start (after a BOM), with its data; `<?xml?>` crashes too.
            let isDeclaration = (index == 0 || (index == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])))
                && target.count == 3 && String(decoding: target, as: UTF8.self).lowercased() == "xml" && hasData
            if !isDeclaration {
                for blank in index...(end + 1) where bytes[blank] != 10 && bytes[blank] != 13 { bytes[blank] = UInt8(ascii: " ") }
            }
            index = end + 2
        }
        return bytes
    }

    /// libxml2's `xmlParserErrors` codes (which `XMLParser` passes through) for the mistakes people make by hand.
    static let libxml2Reasons: [Int: String] = [
        4: "the document is empty",
        5: "the document ends before its root element is closed",
        26: "an entity is used but never declared",
        39: "an attribute value is not quoted",
        41: "an attribute has no value",
        42: "an attribute is given twice",
        65: "a space is missing between attributes",
        68: "a name is expected",
        73: "'>' is missing",
        76: "a closing tag does not match the open element",
        77: "a tag is not closed",
        89: "entities expand into themselves or too far (an entity bomb); not expanded",
    ]

    /// Source set from `…/src/<set>/AndroidManifest.xml`.
    static func sourceSet(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "src" else { return nil }
        return String(parts[parts.count - 2])
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let lines: [String]
        var manifest: AndroidManifestFile
        var sawManifest = false
        var path: [String] = []
        var firstError: (Error, Int, Int)?
        /// Bytes the look-back for attribute lines may still scan: a hostile tag with thousands of attributes on
        /// one long line would otherwise cost attributes × line length.
        var searchBudget = 1 << 20

        init(lines: [String], location: SourceLocation) {
            self.lines = lines
            self.manifest = AndroidManifestFile(location: location, sourceSet: AndroidManifestReader.sourceSet(of: location.path))
        }

        /// libxml2 reports the line where the start tag ends; a tag spread over several lines is found by
        /// looking back for the attribute's text.
        func line(reported: Int, containing text: String?) -> Int {
            let reported = max(1, min(reported, lines.count))
            guard let text, !text.isEmpty else { return reported }
            var line = reported
            while line >= 1 && line > reported - 30 {
                searchBudget -= lines[line - 1].utf8.count
                if searchBudget < 0 { return reported }
                if lines[line - 1].contains(text) { return line }
                line -= 1
            }
            return reported
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let parent = path.last
            path.append(name)
            let reported = parser.lineNumber
            let attributeName = attributes["android:name"]
            let line = line(reported: reported, containing: attributeName.map { "\"\($0)\"" })
            switch (parent, name) {
            case (nil, "manifest"):
                sawManifest = true
                manifest.package = attributes["package"]
            case ("manifest", "uses-permission"), ("manifest", "uses-permission-sdk-23"):
                if let attributeName {
                    manifest.permissions.append(AndroidPermission(name: attributeName,
                                                                  maxSdkVersion: attributes["android:maxSdkVersion"].flatMap { Int($0) },
                                                                  line: line))
                }
            case ("manifest", "uses-feature"):
                if let attributeName {
                    manifest.features.append(AndroidFeature(name: attributeName, required: attributes["android:required"] != "false", line: line))
                }
            case ("manifest", "uses-sdk"):
                for (key, value) in attributes {
                    manifest.usesSdk[key] = AndroidAttribute(value: value, line: self.line(reported: reported, containing: key))
                }
            case ("manifest", "application"):
                for (key, value) in attributes {
                    manifest.application[key] = AndroidAttribute(value: value, line: self.line(reported: reported, containing: key + "="))
                }
            case ("queries", "package"):
                if let attributeName { manifest.queriedPackages.append(attributeName) }
            case ("queries", _):
                manifest.queriesOtherThanPackages = true
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            if firstError == nil { firstError = (error, parser.lineNumber, parser.columnNumber) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = path.popLast()
        }
    }
}
