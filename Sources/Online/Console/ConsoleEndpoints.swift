import Foundation

/// Where the console APIs are: the stores' own hosts, or a test server named in the environment. An
/// override is accepted only from the environment (never from shipcheck.yml or a server answer) and only as
/// `https://…` or a loopback `http://127.0.0.1:PORT`, so a repository can never send a key, an assertion or
/// a bearer token to a host of its choosing.
public struct ConsoleEndpoints: Sendable, Equatable {
    public let appStoreConnect: URL
    public let playAPI: URL
    public let googleTokenURI: URL
    /// Whether `googleTokenURI` came from SHIPCHECK_GOOGLE_TOKEN_URI.
    public let tokenURIOverridden: Bool

    public static let appStoreConnectDefault = URL(string: "https://api.appstoreconnect.apple.com")!
    public static let playDefault = URL(string: "https://androidpublisher.googleapis.com/androidpublisher/v3")!
    public static let googleTokenDefault = URL(string: "https://oauth2.googleapis.com/token")!
    /// The hosts whose token endpoint a service account's own `token_uri` may name.
    static let googleTokenHosts: Set<String> = ["oauth2.googleapis.com", "accounts.google.com", "www.googleapis.com"]

    /// The endpoints, or the first override that is refused, with why.
    public static func from(environment: [String: String]) -> Result<ConsoleEndpoints, EndpointError> {
        func url(_ name: String, default fallback: URL) -> Result<(URL, Bool), EndpointError> {
            guard let text = environment[name], !text.isEmpty else { return .success((fallback, false)) }
            guard let parsed = acceptable(text) else {
                return .failure(EndpointError(message: "\(name) must be an https:// address or http://127.0.0.1:PORT; it was ignored and nothing was read"))
            }
            return .success((parsed, true))
        }
        return url("SHIPCHECK_ASC_API_BASE", default: appStoreConnectDefault).flatMap { asc in
            url("SHIPCHECK_PLAY_API_BASE", default: playDefault).flatMap { play in
                url("SHIPCHECK_GOOGLE_TOKEN_URI", default: googleTokenDefault).map { token in
                    ConsoleEndpoints(appStoreConnect: asc.0, playAPI: play.0, googleTokenURI: token.0, tokenURIOverridden: token.1)
                }
            }
        }
    }

    /// `https://host[:port][/path]` or `http://127.0.0.1:PORT[/path]`, without user, query or fragment.
    public static func acceptable(_ text: String) -> URL? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil else { return nil }
        switch scheme {
        case "https": break
        case "http": guard host == "127.0.0.1", components.port != nil else { return nil }
        default: return nil
        }
        var cleaned = text
        while cleaned.hasSuffix("/") { cleaned.removeLast() }
        return URL(string: cleaned)
    }

    /// The token endpoint for a service account: the override when set, else the account's own `token_uri`
    /// only when it is Google's, else Google's default.
    public func tokenURI(for credentials: GooglePlayCredentials) -> URL {
        if tokenURIOverridden { return googleTokenURI }
        if let own = credentials.tokenURI, let url = URL(string: own), url.scheme == "https",
           let host = url.host, Self.googleTokenHosts.contains(host.lowercased()) { return url }
        return googleTokenURI
    }

    /// Whether `next` (a pagination link from a response) may receive the bearer: the same scheme, host and
    /// port as `base`.
    public static func sameOrigin(_ next: URL, as base: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil) }
        return next.scheme?.lowercased() == base.scheme?.lowercased() && next.host?.lowercased() == base.host?.lowercased()
            && port(next) == port(base) && next.user == nil
    }
}

public struct EndpointError: Error, Sendable, Equatable {
    public let message: String
}
