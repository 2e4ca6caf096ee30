#if !canImport(Darwin)
import Foundation
import Support
import Project

/// The real fetcher on Linux: one blocking GET per URL through libcurl (loaded when `--online` is used, see
/// `CurlLibrary`), http and https only, redirects followed (a policy behind a redirect is fine), the whole
/// transfer bounded by `timeout`, the body read up to `WebPage.maxBodyBytes` and the transfer stopped there.
public struct CurlPageFetcher: PageFetcher {
    public let timeout: TimeInterval
    /// Redirects followed at most: a real policy page is a few hops away, a loop is not followed forever.
    public static let maxRedirects = 16
    static let userAgent = "shipcheck (store URL check)"

    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    /// Loads libcurl and runs its global set-up, on the calling thread before any fetch (libcurl before
    /// 7.84 does not make that set-up thread-safe); the message `--online` stops with when it cannot.
    public func prepare() -> String? {
        do {
            let curl = try CurlLibrary.load()
            _ = curl.globalInit(Curl.globalAll)
            return nil
        } catch {
            return error.message
        }
    }

    public func fetch(_ text: String) -> WebFetch {
        guard let url = URL(string: text) else { return .failure("not a URL") }
        let curl: CurlLibrary
        do {
            curl = try CurlLibrary.load()
        } catch {
            return .failure(error.message)
        }
        guard let handle = curl.easyInit() else { return .failure("libcurl could not start a transfer") }
        defer { curl.cleanup(handle) }
        let body = CurlResponseBytes(limit: WebPage.maxBodyBytes)
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Curl.errorBufferSize)
        errors.initialize(repeating: 0, count: Curl.errorBufferSize)
        defer { errors.deallocate() }

        // libcurl copies string options, so each C string only has to live through its call.
        func set(_ option: Int32, _ value: Int) -> Int32 { curl.setLong(handle, option, value) }
        func set(_ option: Int32, _ value: String) -> Int32 { value.withCString { curl.setPointer(handle, option, $0) } }
        let write: CurlLibrary.Write = { data, size, count, context in
            guard let context else { return 0 }
            return Unmanaged<CurlResponseBytes>.fromOpaque(context).takeUnretainedValue().append(data, size * count)
        }
        let milliseconds = max(1, Int(timeout * 1000))
        var codes = [
            set(Curl.url, url.absoluteString),
            set(Curl.userAgent, Self.userAgent),
            set(Curl.followLocation, 1),
            set(Curl.maxRedirects, Self.maxRedirects),
            set(Curl.timeoutMilliseconds, milliseconds),
            set(Curl.connectTimeoutMilliseconds, milliseconds),
            // Timeouts without SIGALRM: the fetches run on several threads.
            set(Curl.noSignal, 1),
            // Every encoding libcurl can decode (URLSession decodes gzip too); the size cap counts decoded bytes.
            set(Curl.acceptEncoding, ""),
            curl.setPointer(handle, Curl.errorBuffer, errors),
            curl.setPointer(handle, Curl.writeFunction, unsafeBitCast(write, to: UnsafeRawPointer.self)),
            curl.setPointer(handle, Curl.writeData, Unmanaged.passUnretained(body).toOpaque()),
        ]
        // http and https only, also after a redirect; the text form is libcurl 7.85+, the bit mask before.
        for (text, mask) in [(Curl.protocolsText, Curl.protocols), (Curl.redirectProtocolsText, Curl.redirectProtocols)] {
            let code = set(text, "http,https")
            codes.append(code == Curl.unknownOption ? set(mask, Curl.httpAndHTTPS) : code)
        }
        if let refused = codes.first(where: { $0 != Curl.ok }) { return .failure(curl.text(of: refused)) }

        let result = withExtendedLifetime(body) { curl.perform(handle) }
        // The write callback stops the transfer at the size cap: the page is its first `limit` bytes.
        if result != Curl.ok && !(result == Curl.writeError && body.truncated) {
            if result == Curl.operationTimedOut { return .failure("no answer within \(Int(timeout)) seconds") }
            let detail = String(cString: errors)
            if result == Curl.couldNotResolveHost { return .hostNotFound(detail.isEmpty ? curl.text(of: result) : detail) }
            return .failure(detail.isEmpty ? curl.text(of: result) : detail)
        }
        var status = 0
        var contentType: UnsafePointer<CChar>?
        _ = curl.getInfo(handle, Curl.responseCode, &status)
        _ = curl.getInfo(handle, Curl.contentType, &contentType)
        guard status > 0 else { return .failure("no HTTP response") }
        let type = contentType.map { String(cString: $0) }?
            .split(separator: ";").first.map { $0.trimmingBlanks().lowercased() }
        return .page(WebPage(status: status, contentType: type, body: String(decoding: body.bytes, as: UTF8.self)))
    }
}
#endif
