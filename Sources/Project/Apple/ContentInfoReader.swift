import Formats

/// Reads `ContentInfo.plist`, the descriptor of Apple-hosted in-app purchase content
/// (`IAPProductIdentifier`, `ContentVersion`): its presence means the project still builds hosted content.
public enum ContentInfoReader {
    public static let keys = ["IAPProductIdentifier", "ContentVersion"]

    /// Evidence of hosted content in the document, at the first key found; nil when it holds neither key.
    public static func evidence(in document: PlistDocument, path: String) -> Evidence? {
        for key in keys {
            guard let value = document.value[key] else { continue }
            let shown = value.string ?? value.typeName
            return Evidence(location: SourceLocation(path: path, line: document.line(ofKey: key)), snippet: "\(key) = \(shown)")
        }
        return nil
    }
}
