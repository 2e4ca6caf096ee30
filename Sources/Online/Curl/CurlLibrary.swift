#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libcurl, opened (`DynamicLibrary`) when `--online` fetches, so that the binary links no networking library:
/// a run without `--online` loads none of libcurl's ~30 dependencies (TLS, Kerberos, LDAP, IDN…) at start.
struct CurlLibrary {
    /// The soname of libcurl's ABI 4, which every libcurl 7 and 8 keeps.
    static let soname = "libcurl.so.4"

    /// Why libcurl cannot be used: the message `--online` stops with.
    struct LoadFailure: Error {
        let reason: String
        var message: String { "--online needs libcurl (libcurl4 on Debian/Ubuntu); it could not be loaded: \(reason)" }
    }

    // curl_easy_setopt and curl_easy_getinfo are variadic in C. Each call here passes exactly one
    // argument after the option, a `long` or a pointer; the x86_64 and arm64 Linux calling conventions
    // pass that argument in the same register whether the callee is variadic or not, so typed
    // non-variadic aliases are ABI-compatible for these calls. (Not so on arm64 Apple platforms,
    // which use URLSession instead.)
    typealias EasyInit = @convention(c) () -> OpaquePointer?
    typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias Perform = @convention(c) (OpaquePointer?) -> Int32
    typealias GetInfo = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias Cleanup = @convention(c) (OpaquePointer?) -> Void
    typealias StringOfCode = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias GlobalInit = @convention(c) (Int) -> Int32
    /// The write callback's C type: data, size (1), count, the `CURLOPT_WRITEDATA` pointer.
    typealias Write = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    let easyInit: EasyInit
    let setLong: SetLong
    let setPointer: SetPointer
    let perform: Perform
    let getInfo: GetInfo
    let cleanup: Cleanup
    let describe: StringOfCode
    let globalInit: GlobalInit

    static func load(soname: String = soname) throws(LoadFailure) -> CurlLibrary {
        do {
            return try bind(DynamicLibrary(soname))
        } catch {
            throw LoadFailure(reason: error.reason)
        }
    }

    private static func bind(_ library: DynamicLibrary) throws(DynamicLibrary.Missing) -> CurlLibrary {
        func symbol<Function>(_ name: String, as type: Function.Type) throws(DynamicLibrary.Missing) -> Function {
            try library.symbol(name, as: type)
        }
        return CurlLibrary(easyInit: try symbol("curl_easy_init", as: EasyInit.self),
                           setLong: try symbol("curl_easy_setopt", as: SetLong.self),
                           setPointer: try symbol("curl_easy_setopt", as: SetPointer.self),
                           perform: try symbol("curl_easy_perform", as: Perform.self),
                           getInfo: try symbol("curl_easy_getinfo", as: GetInfo.self),
                           cleanup: try symbol("curl_easy_cleanup", as: Cleanup.self),
                           describe: try symbol("curl_easy_strerror", as: StringOfCode.self),
                           globalInit: try symbol("curl_global_init", as: GlobalInit.self))
    }

    /// The text libcurl gives for a result code.
    func text(of code: Int32) -> String {
        describe(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }
}

/// The numbers of curl.h this fetcher uses (stable across libcurl 7 and 8: options are never renumbered).
enum Curl {
    static let ok: Int32 = 0
    static let writeError: Int32 = 23
    static let operationTimedOut: Int32 = 28
    /// CURLE_COULDNT_RESOLVE_HOST.
    static let couldNotResolveHost: Int32 = 6
    static let unknownOption: Int32 = 48

    static let globalAll = 3

    // CURLoption: type base (long 0, object/string pointer 10000, function pointer 20000) + number.
    static let writeData: Int32 = 10001
    static let url: Int32 = 10002
    static let errorBuffer: Int32 = 10010
    static let writeFunction: Int32 = 20011
    static let userAgent: Int32 = 10018
    static let followLocation: Int32 = 52
    static let maxRedirects: Int32 = 68
    static let noSignal: Int32 = 99
    static let acceptEncoding: Int32 = 10102
    static let timeoutMilliseconds: Int32 = 155
    static let connectTimeoutMilliseconds: Int32 = 156
    static let protocols: Int32 = 181
    static let redirectProtocols: Int32 = 182
    static let protocolsText: Int32 = 10318
    static let redirectProtocolsText: Int32 = 10319
    static let httpAndHTTPS = 1 | 2
    static let errorBufferSize = 256

    // CURLINFO: type base (string 0x100000, long 0x200000) + number.
    static let responseCode: Int32 = 0x200000 + 2
    static let contentType: Int32 = 0x100000 + 18
}
#endif
