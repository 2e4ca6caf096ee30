import Foundation
import Project

/// Why a console read stopped: a message for the manual items, never holding a secret or server text
/// beyond a short, cleaned status line.
struct ConsoleReadFailure: Error, Sendable {
    let message: String
    /// The resource is forbidden to this key (403): that part stays manual, the rest is read.
    let forbidden: Bool

    init(_ message: String, forbidden: Bool = false) {
        self.message = message
        self.forbidden = forbidden
    }
}

/// Sends the requests of one store's read: one bearer, one origin, a deadline for the whole read; 429 retried
/// (honouring Retry-After) and 5xx retried once while the deadline allows; JSON answers only.
struct ConsoleAPISession {
    let client: any ConsoleHTTPClient
    let origin: URL
    let bearer: ConsoleSecret?
    let deadline: Date
    let store: ConsoleStore
    /// How long a Retry-After may make it wait, at most.
    static let maxRetryWait: TimeInterval = 5

    /// - Parameter interruptible: false for the requests that open and delete a Play edit: a signal does not cut
    ///   them short once sent, so that an edit opened is known, and deleted.
    func json(_ method: ConsoleHTTPRequest.Method = .get, _ url: URL, body: ConsoleSecret? = nil, contentType: String? = nil,
              interruptible: Bool = true) throws(ConsoleReadFailure) -> [String: Any] {
        guard ConsoleEndpoints.sameOrigin(url, as: origin) else {
            throw ConsoleReadFailure("a response pointed to \(url.host ?? "another host"), which is not \(origin.host ?? "the API"); not followed")
        }
        var attempt = 0
        while true {
            attempt += 1
            // A DELETE is sent whatever happened before it; any other request is not begun after a signal or the deadline.
            if method != .delete {
                if client.interrupted { throw ConsoleReadFailure("the read was interrupted by a signal") }
                guard Date() < deadline else { throw ConsoleReadFailure("\(store.consoleName) did not answer within the console step's deadline") }
            }
            let response: ConsoleHTTPResponse
            let request = ConsoleHTTPRequest(method: method, url: url, bearer: bearer, body: body, contentType: contentType, interruptible: interruptible)
            switch client.send(request) {
            case .success(let value): response = value
            case .failure(let error):
                if interruptible && client.interrupted { throw ConsoleReadFailure("the read was interrupted by a signal") }
                throw ConsoleReadFailure(error.timedOut ? "\(store.consoleName) did not answer in time (\(error.message))" : "\(store.consoleName) could not be reached: \(error.message)")
            }
            switch response.status {
            case 200..<300:
                if response.truncated { throw ConsoleReadFailure("\(store.consoleName) sent an answer larger than shipcheck reads") }
                if method == .delete || response.body.isEmpty { return [:] }
                guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
                    throw ConsoleReadFailure("\(store.consoleName) sent an answer that is not JSON (\(url.path))")
                }
                return object
            case 429 where attempt <= 2:
                let wait = Double(response.headers["retry-after"] ?? "") ?? 1
                guard wait >= 0, wait <= Self.maxRetryWait, Date().addingTimeInterval(wait) < deadline else {
                    throw ConsoleReadFailure("\(store.consoleName) is rate-limiting this key (HTTP 429); try again later")
                }
                // In short steps, so that a signal is answered within a tenth of a second.
                let until = Date().addingTimeInterval(wait)
                while Date() < until, !client.interrupted { Thread.sleep(forTimeInterval: min(0.1, max(0, until.timeIntervalSinceNow))) }
            case 500..<600 where attempt == 1 && method == .get:
                continue
            case 300..<400:
                throw ConsoleReadFailure("\(store.consoleName) answered \(url.path) with a redirect (HTTP \(response.status)); redirects are not followed with a token")
            case 401:
                throw ConsoleReadFailure(store == .appstore
                    ? "the App Store Connect key was refused (HTTP 401: check the key id, issuer id, the .p8 and the machine's clock)"
                    : "Google Play refused the access token (HTTP 401)")
            case 403:
                throw ConsoleReadFailure("the key's role cannot read \(Self.resource(url)) (HTTP 403)", forbidden: true)
            case 404:
                throw ConsoleReadFailure("\(store.consoleName) has no \(Self.resource(url)) for this key (HTTP 404)")
            case 429:
                throw ConsoleReadFailure("\(store.consoleName) is rate-limiting this key (HTTP 429); try again later")
            default:
                throw ConsoleReadFailure("\(store.consoleName) answered HTTP \(response.status) for \(Self.resource(url))")
            }
        }
    }

    /// The resource a URL reads, for messages: its last path components without ids.
    static func resource(_ url: URL) -> String {
        let parts = url.path.split(separator: "/").suffix(2).map(String.init)
        return parts.joined(separator: "/")
    }
}
