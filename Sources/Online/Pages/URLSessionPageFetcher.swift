#if canImport(Darwin)
import Foundation
import Support
import Project

/// The real fetcher on Apple platforms, where URLSession is part of Foundation: one blocking GET per URL,
/// redirects followed (a policy behind a redirect is fine), the body bounded by `WebPage.maxBodyBytes`.
/// (Linux uses `CurlPageFetcher`: FoundationNetworking would link libcurl and its ~30 libraries into every run.)
public struct URLSessionPageFetcher: PageFetcher {
    public let timeout: TimeInterval

    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    public func fetch(_ text: String) -> WebFetch {
        guard let url = URL(string: text) else { return .failure("not a URL") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("shipcheck (store URL check)", forHTTPHeaderField: "User-Agent")

        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                let code = (error as NSError).code
                let dns = (error as NSError).domain == NSURLErrorDomain && (code == NSURLErrorCannotFindHost || code == NSURLErrorDNSLookupFailed)
                box.set(dns ? .hostNotFound(error.localizedDescription) : .failure(error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                let type = (http.value(forHTTPHeaderField: "Content-Type") ?? http.mimeType)?
                    .split(separator: ";").first.map { $0.trimmingBlanks().lowercased() }
                let body = String(decoding: (data ?? Data()).prefix(WebPage.maxBodyBytes), as: UTF8.self)
                box.set(.page(WebPage(status: http.statusCode, contentType: type, body: body)))
            } else {
                box.set(.failure("no HTTP response"))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failure("no answer within \(Int(timeout)) seconds")
        }
        return box.get() ?? .failure("no answer")
    }
}

/// Carries the answer from URLSession's delegate queue to the waiting caller.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: WebFetch?

    func set(_ result: WebFetch) {
        lock.lock()
        value = result
        lock.unlock()
    }

    func get() -> WebFetch? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
#endif
