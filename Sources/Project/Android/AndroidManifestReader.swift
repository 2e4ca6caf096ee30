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

    /// The manifest's bytes with every processing instruction blanked to spaces (newlines kept, so lines stay
    /// put), the XML declaration included: the text is UTF-8 already, and nothing else in a manifest is a PI.
    /// Foundation on Linux crashes on a processing instruction without data (`<?a?>`, `<?xml?>`, and ones
    /// libxml2 finds while recovering from errors), so no `<?` is left for libxml2 to see.
    static func withoutProcessingInstructions(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        let open = UInt8(ascii: "<"), question = UInt8(ascii: "?"), close = UInt8(ascii: ">")
        func blank(_ range: ClosedRange<Int>) {
            for index in range where bytes[index] != 10 && bytes[index] != 13 { bytes[index] = UInt8(ascii: " ") }
        }
        var index = 0
        var closersLeft = true
        while index + 1 < bytes.count {
            guard bytes[index] == open, bytes[index + 1] == question else { index += 1; continue }
            var end = index + 2
            if closersLeft {
                while end + 1 < bytes.count, !(bytes[end] == question && bytes[end + 1] == close) { end += 1 }
            }
            if closersLeft, end + 1 < bytes.count {
                blank(index...(end + 1))
                index = end + 2
            } else {
                // No `?>` after this point: every later `<?` only loses its two bytes (and the search is not repeated).
                closersLeft = false
                blank(index...(index + 1))
                index += 2
            }
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
        /// The component being read, so that its intent filters are attached to it.
        var currentComponent: Int?
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
            if path.count >= 4, path[1] == "application", let index = currentComponent {
                // Inside a component: its intent filters and their categories.
                if name == "intent-filter" && path.count == 4 { manifest.components[index].hasIntentFilter = true }
                if name == "category" && parent == "intent-filter", let attributeName {
                    manifest.components[index].categories.append(attributeName)
                }
            }
            switch (parent, name) {
            case (nil, "manifest"):
                sawManifest = true
                manifest.package = attributes["package"]
            case ("manifest", "uses-permission"), ("manifest", "uses-permission-sdk-23"):
                if let attributeName {
                    manifest.permissions.append(AndroidPermission(name: attributeName,
                                                                  maxSdkVersion: attributes["android:maxSdkVersion"].flatMap { Int($0) },
                                                                  line: line, toolsNode: attributes["tools:node"]))
                }
            case ("manifest", "uses-feature"):
                if let attributeName {
                    manifest.features.append(AndroidFeature(name: attributeName, required: attributes["android:required"] != "false",
                                                            line: line, toolsNode: attributes["tools:node"]))
                }
            case ("application", "uses-library"):
                if let attributeName {
                    manifest.usesLibraries.append(AndroidFeature(name: attributeName, required: attributes["android:required"] != "false",
                                                                 line: line, toolsNode: attributes["tools:node"]))
                }
            case ("application", "activity"), ("application", "activity-alias"), ("application", "service"),
                 ("application", "receiver"), ("application", "provider"):
                if let attributeName {
                    manifest.components.append(AndroidComponent(kind: name, name: attributeName, exported: attributes["android:exported"],
                                                                 toolsNode: attributes["tools:node"], line: line))
                    currentComponent = manifest.components.count - 1
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
            if path.count == 2 { currentComponent = nil }
        }
    }
}
