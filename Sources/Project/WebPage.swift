/// What fetching one URL gave: the page, or why there is none.
public enum WebFetch: Sendable, Equatable {
    case page(WebPage)
    case failure(String)
    /// The host name did not resolve (DNS): the URL's domain does not exist, or the machine has no network.
    case hostNotFound(String)
    /// No URL's host name resolved: the machine is offline (or has no DNS), so nothing could be checked.
    /// Set by `OnlineStep.fetch` when every answer is `hostNotFound`; the checks do not grade it as an error.
    case offline(String)
}

/// An HTTP answer: status, content type and (bounded) body text.
public struct WebPage: Sendable, Equatable {
    /// A privacy policy page is text; more than this is not read.
    public static let maxBodyBytes = 2 << 20

    public let status: Int
    /// The `Content-Type` without parameters, lowercased (`application/pdf`).
    public let contentType: String?
    /// The first `maxBodyBytes` of the body, as UTF-8 text (invalid bytes replaced).
    public let body: String

    public init(status: Int, contentType: String?, body: String = "") {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// Fetches one URL. The real one is `SystemPageFetcher` (Sources/Online); tests pass their own.
public protocol PageFetcher: Sendable {
    /// Readies the fetcher, on one thread before the first fetch (loads a library); why it cannot fetch
    /// at all, or nil.
    func prepare() -> String?
    func fetch(_ url: String) -> WebFetch
}

extension PageFetcher {
    public func prepare() -> String? { nil }
}
