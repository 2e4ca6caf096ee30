import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small blocking GET for `--online` checks: status code and content type, nothing else kept.
/// Redirects are followed (a policy behind a redirect is fine); the body is not kept.
public struct URLFetcher: Sendable {
    public struct Response: Sendable, Equatable {
        public let status: Int
        /// The `Content-Type` without parameters, lowercased (`application/pdf`).
        public let contentType: String?
    }

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
        let task = session.dataTask(with: request) { _, response, error in
            if let error {
                box.set(.failure(Failure(message: error.localizedDescription)))
            } else if let http = response as? HTTPURLResponse {
                let type = (http.value(forHTTPHeaderField: "Content-Type") ?? http.mimeType)?
                    .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                box.set(.success(Response(status: http.statusCode, contentType: type)))
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
