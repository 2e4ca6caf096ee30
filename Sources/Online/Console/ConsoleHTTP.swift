import Foundation

/// One API request of the console readers.
public struct ConsoleHTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", delete = "DELETE"
    }

    public var method: Method
    public var url: URL
    /// `Authorization: Bearer …`, when the API needs one.
    public var bearer: ConsoleSecret?
    /// A form body (`application/x-www-form-urlencoded`) or JSON, for POST; it may hold a secret (the assertion).
    public var body: ConsoleSecret?
    public var contentType: String?
    /// Whether a signal (ConsoleInterruption) may cut the request short: not the requests that open and delete
    /// a Play edit, so that an edit opened is always known and always deleted.
    public var interruptible: Bool

    public init(method: Method = .get, url: URL, bearer: ConsoleSecret? = nil, body: ConsoleSecret? = nil, contentType: String? = nil,
                interruptible: Bool = true) {
        self.method = method
        self.interruptible = interruptible
        self.url = url
        self.bearer = bearer
        self.body = body
        self.contentType = contentType
    }
}

public struct ConsoleHTTPResponse: Sendable {
    public let status: Int
    /// Header names lowercased; the last value of a repeated header.
    public let headers: [String: String]
    public let body: Data
    public let truncated: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data, truncated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.truncated = truncated
    }
}

/// Sends console API requests: never follows a redirect (a bearer token is never replayed to a Location),
/// bounds the body and the time. Tests use the real one against a local server.
public protocol ConsoleHTTPClient: Sendable {
    /// Loads what it needs; the message the console step gives when it cannot.
    func prepare() -> String?
    func send(_ request: ConsoleHTTPRequest) -> Result<ConsoleHTTPResponse, ConsoleHTTPError>
    /// Whether the process was asked to stop (SIGTERM, SIGINT, SIGHUP) while reading: no new request is begun.
    var interrupted: Bool { get }
}

extension ConsoleHTTPClient {
    public var interrupted: Bool { false }
}

public struct ConsoleHTTPError: Error, Sendable, Equatable {
    public let message: String
    public let timedOut: Bool

    public init(message: String, timedOut: Bool = false) {
        self.message = message
        self.timedOut = timedOut
    }
}
