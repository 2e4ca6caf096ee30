import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small blocking GET for `--online` checks: status code, content type and (bounded) body text.
/// Redirects are followed (a policy behind a redirect is fine).
public struct URLFetcher: Sendable {
    public struct Response: Sendable, Equatable {
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

    /// A privacy policy page is text; more than this is not read.
    public static let maxBodyBytes = 2 << 20

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public let timeout: TimeInterval

    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    public func fetch(_ url: URL) -> Result<Response, Failure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("shipcheck (privacy policy check)", forHTTPHeaderField: "User-Agent")

        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                box.set(.failure(Failure(message: error.localizedDescription)))
            } else if let http = response as? HTTPURLResponse {
                let type = (http.value(forHTTPHeaderField: "Content-Type") ?? http.mimeType)?
                    .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                let body = String(decoding: (data ?? Data()).prefix(URLFetcher.maxBodyBytes), as: UTF8.self)
                box.set(.success(Response(status: http.statusCode, contentType: type, body: body)))
            } else {
                box.set(.failure(Failure(message: "no HTTP response")))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failure(Failure(message: "no answer within \(Int(timeout)) seconds"))
        }
        return box.get() ?? .failure(Failure(message: "no answer"))
    }
}

/// Carries the answer from URLSession's delegate queue to the waiting caller.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<URLFetcher.Response, URLFetcher.Failure>?

    func set(_ result: Result<URLFetcher.Response, URLFetcher.Failure>) {
        lock.lock(); defer { lock.unlock() }
        value = result
    }

    func get() -> Result<URLFetcher.Response, URLFetcher.Failure>? {
        lock.lock(); defer { lock.unlock() }
        return value
    }
}
