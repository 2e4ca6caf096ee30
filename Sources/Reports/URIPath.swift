import Foundation

/// Relative paths as URI references (SARIF artifact locations, report links): each segment
/// percent-encoded, the slashes kept.
enum URIPath {
    static func encode(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#%[]()")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
