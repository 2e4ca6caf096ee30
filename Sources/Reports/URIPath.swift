import Foundation

/// Relative paths as URI references (SARIF artifact locations, report links): each segment
/// percent-encoded, the slashes kept. A `:` in the first segment is encoded too: `javascript:x/Info.plist`
/// would otherwise be an absolute URI with a scheme (RFC 3986 4.2), not a path in the repository.
enum URIPath {
    static func encode(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#%[]()")
        var firstAllowed = allowed
        firstAllowed.remove(charactersIn: ":")
        return path.split(separator: "/", omittingEmptySubsequences: false).enumerated()
            .map { index, segment in
                String(segment).addingPercentEncoding(withAllowedCharacters: index == 0 ? firstAllowed : allowed) ?? String(segment)
            }
            .joined(separator: "/")
    }
}
