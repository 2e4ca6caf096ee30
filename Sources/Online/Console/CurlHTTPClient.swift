#if !canImport(Darwin)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The console's HTTP through the libcurl `--online` uses (`CurlLibrary`), with what API calls need besides:
/// request headers, POST and DELETE, response headers; redirects off; https only, plus http for a loopback
/// test server the environment names (ConsoleEndpoints).
public struct CurlHTTPClient: ConsoleHTTPClient {
    public let timeout: TimeInterval
    public let maxBodyBytes: Int

    public init(timeout: TimeInterval = 20, maxBodyBytes: Int = 8 << 20) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    typealias AppendHeader = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias FreeHeaders = @convention(c) (OpaquePointer?) -> Void

    static let httpHeader: Int32 = 10023
    static let customRequest: Int32 = 10036
    static let copyPostFields: Int32 = 10165
    static let postFieldSize: Int32 = 60
    static let post: Int32 = 47
    static let headerFunction: Int32 = 20079
    static let headerData: Int32 = 10029
    static let noProgress: Int32 = 43
    static let transferInfoFunction: Int32 = 20219
    static let abortedByCallback: Int32 = 42
    typealias TransferInfo = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

    public var interrupted: Bool { ConsoleInterruption.receivedSignal != nil }

    public func prepare() -> String? {
        do {
            let curl = try CurlLibrary.load()
            _ = curl.globalInit(Curl.globalAll)
            return nil
        } catch {
            return error.message.replacingOccurrences(of: "--online", with: "--console")
        }
    }

    public func send(_ request: ConsoleHTTPRequest) -> Result<ConsoleHTTPResponse, ConsoleHTTPError> {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "https" || (scheme == "http" && request.url.host == "127.0.0.1") else {
            return .failure(ConsoleHTTPError(message: "refused to send a console request to \(request.url.scheme ?? "?")://\(request.url.host ?? "?")"))
        }
        let curl: CurlLibrary
        do { curl = try CurlLibrary.load() } catch { return .failure(ConsoleHTTPError(message: error.message)) }
        guard let library = dlopen(CurlLibrary.soname, RTLD_NOW | RTLD_LOCAL),
              let appendAddress = dlsym(library, "curl_slist_append"), let freeAddress = dlsym(library, "curl_slist_free_all") else {
            return .failure(ConsoleHTTPError(message: "libcurl has no curl_slist_append"))
        }
        let append = unsafeBitCast(appendAddress, to: AppendHeader.self)
        let freeHeaders = unsafeBitCast(freeAddress, to: FreeHeaders.self)
        guard let handle = curl.easyInit() else { return .failure(ConsoleHTTPError(message: "libcurl could not start a transfer")) }
        defer { curl.cleanup(handle) }
        let body = CurlResponseBytes(limit: maxBodyBytes)
        let headers = CurlResponseBytes(limit: 64 << 10)
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Curl.errorBufferSize)
        errors.initialize(repeating: 0, count: Curl.errorBufferSize)
        defer { errors.deallocate() }

        var list: OpaquePointer?
        var lines = ["Accept: application/json", "Expect:"]
        if let type = request.contentType { lines.append("Content-Type: \(type)") }
        if let bearer = request.bearer { lines.append("Authorization: Bearer \(bearer.reveal())") }
        for line in lines { list = line.withCString { append(list, $0) } }
        defer { freeHeaders(list) }

        func set(_ option: Int32, _ value: Int) -> Int32 { curl.setLong(handle, option, value) }
        func set(_ option: Int32, _ value: String) -> Int32 { value.withCString { curl.setPointer(handle, option, $0) } }
        let write: CurlLibrary.Write = { data, size, count, context in
            guard let context else { return 0 }
            return Unmanaged<CurlResponseBytes>.fromOpaque(context).takeUnretainedValue().append(data, size * count)
        }
        let milliseconds = max(1, Int(timeout * 1000))
        var codes = [
            set(Curl.url, request.url.absoluteString),
            set(Curl.userAgent, "shipcheck (console read)"),
            set(Curl.followLocation, 0),
            set(Curl.timeoutMilliseconds, milliseconds),
            set(Curl.connectTimeoutMilliseconds, min(milliseconds, 10_000)),
            set(Curl.noSignal, 1),
            curl.setPointer(handle, Self.httpHeader, UnsafeRawPointer(list)),
            curl.setPointer(handle, Curl.errorBuffer, errors),
            curl.setPointer(handle, Curl.writeFunction, unsafeBitCast(write, to: UnsafeRawPointer.self)),
            curl.setPointer(handle, Curl.writeData, Unmanaged.passUnretained(body).toOpaque()),
            curl.setPointer(handle, Self.headerFunction, unsafeBitCast(write, to: UnsafeRawPointer.self)),
            curl.setPointer(handle, Self.headerData, Unmanaged.passUnretained(headers).toOpaque()),
        ]
        let allowed = scheme == "http" ? "http" : "https"
        let code = set(Curl.protocolsText, allowed)
        codes.append(code == Curl.unknownOption ? set(Curl.protocols, scheme == "http" ? 1 : 2) : code)
        if request.interruptible {
            // libcurl calls this during the transfer (about once a second when idle): a signal stops it there.
            let check: TransferInfo = { _, _, _, _, _ in ConsoleInterruption.receivedSignal == nil ? 0 : 1 }
            codes.append(set(Self.noProgress, 0))
            codes.append(curl.setPointer(handle, Self.transferInfoFunction, unsafeBitCast(check, to: UnsafeRawPointer.self)))
        }
        switch request.method {
        case .get: break
        case .post:
            var payload = Array((request.body?.reveal() ?? "").utf8)
            codes.append(set(Self.post, 1))
            codes.append(set(Self.postFieldSize, payload.count))
            // COPYPOSTFIELDS copies the bytes; the copy here is wiped at once.
            codes.append(payload.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { curl.setPointer(handle, Self.copyPostFields, UnsafeRawPointer($0)) } ?? set(Self.copyPostFields, "")
            })
            for index in payload.indices { payload[index] = 0 }
        case .delete:
            codes.append(set(Self.customRequest, "DELETE"))
        }
        if let refused = codes.first(where: { $0 != Curl.ok }) { return .failure(ConsoleHTTPError(message: curl.text(of: refused))) }

        let result = withExtendedLifetime((body, headers)) { curl.perform(handle) }
        if result != Curl.ok && !(result == Curl.writeError && body.truncated) {
            if result == Self.abortedByCallback { return .failure(ConsoleHTTPError(message: "interrupted by a signal")) }
            if result == Curl.operationTimedOut { return .failure(ConsoleHTTPError(message: "no answer within \(Int(timeout)) seconds", timedOut: true)) }
            let detail = String(cString: errors)
            return .failure(ConsoleHTTPError(message: detail.isEmpty ? curl.text(of: result) : detail))
        }
        var status = 0
        _ = curl.getInfo(handle, Curl.responseCode, &status)
        guard status > 0 else { return .failure(ConsoleHTTPError(message: "no HTTP response")) }
        return .success(ConsoleHTTPResponse(status: status, headers: Self.parseHeaders(headers.bytes), body: Data(body.bytes), truncated: body.truncated))
    }

    /// `Name: value` lines of the last response (a 100 Continue's are replaced), names lowercased.
    static func parseHeaders(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            if line.hasPrefix("HTTP/") { fields = [:]; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
#endif
