#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// OpenSSL 3's libcrypto, opened with `dlopen` only when a console is read (as libcurl is for `--online`), so
/// that the binary links no TLS library and a run without `--console` loads none. Only non-variadic functions
/// are resolved, so the typed aliases below are ABI-exact on every platform.
struct CryptoLibrary {
    static let soname = "libcrypto.so.3"

    struct LoadFailure: Error {
        let reason: String
        var message: String { "--console needs libcrypto.so.3 (libssl3 on Debian/Ubuntu) to sign its API tokens; it could not be loaded: \(reason)" }
    }

    typealias NewMemoryBuffer = @convention(c) (UnsafeRawPointer?, Int32) -> OpaquePointer?
    typealias FreeBIO = @convention(c) (OpaquePointer?) -> Int32
    typealias ReadPrivateKey = @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, UnsafeMutableRawPointer?) -> OpaquePointer?
    typealias KeyInt = @convention(c) (OpaquePointer?) -> Int32
    typealias FreeKey = @convention(c) (OpaquePointer?) -> Void
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    typealias Digest = @convention(c) () -> OpaquePointer?
    typealias DigestSignInit = @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    typealias DigestSign = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafePointer<UInt8>?, Int) -> Int32
    typealias DecodeSignature = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int) -> OpaquePointer?
    typealias SignaturePart = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias FreeSignature = @convention(c) (OpaquePointer?) -> Void
    typealias NumberToBytes = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias Cleanse = @convention(c) (UnsafeMutableRawPointer?, Int) -> Void

    let newMemoryBuffer: NewMemoryBuffer
    let freeBIO: FreeBIO
    let readPrivateKey: ReadPrivateKey
    let keyBaseId: KeyInt
    let keyBits: KeyInt
    let freeKey: FreeKey
    let newContext: NewContext
    let freeContext: FreeContext
    let sha256: Digest
    let digestSignInit: DigestSignInit
    let digestSign: DigestSign
    let decodeSignature: DecodeSignature
    let signatureR: SignaturePart
    let signatureS: SignaturePart
    let freeSignature: FreeSignature
    let numberToBytes: NumberToBytes
    let cleanse: Cleanse

    /// `EVP_PKEY_EC` and `EVP_PKEY_RSA` (NID_X9_62_id_ecPublicKey, NID_rsaEncryption).
    static let ecKey: Int32 = 408
    static let rsaKey: Int32 = 6

    static func load(soname: String = soname) throws(LoadFailure) -> CryptoLibrary {
        let library: DynamicLibrary
        do { library = try DynamicLibrary(soname) } catch { throw LoadFailure(reason: error.reason) }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(LoadFailure) -> Function {
            do { return try library.symbol(name, as: type) } catch { throw LoadFailure(reason: error.reason + " (OpenSSL 3 is needed)") }
        }
        return CryptoLibrary(
            newMemoryBuffer: try symbol("BIO_new_mem_buf", as: NewMemoryBuffer.self),
            freeBIO: try symbol("BIO_free", as: FreeBIO.self),
            readPrivateKey: try symbol("PEM_read_bio_PrivateKey", as: ReadPrivateKey.self),
            keyBaseId: try symbol("EVP_PKEY_get_base_id", as: KeyInt.self),
            keyBits: try symbol("EVP_PKEY_get_bits", as: KeyInt.self),
            freeKey: try symbol("EVP_PKEY_free", as: FreeKey.self),
            newContext: try symbol("EVP_MD_CTX_new", as: NewContext.self),
            freeContext: try symbol("EVP_MD_CTX_free", as: FreeContext.self),
            sha256: try symbol("EVP_sha256", as: Digest.self),
            digestSignInit: try symbol("EVP_DigestSignInit", as: DigestSignInit.self),
            digestSign: try symbol("EVP_DigestSign", as: DigestSign.self),
            decodeSignature: try symbol("d2i_ECDSA_SIG", as: DecodeSignature.self),
            signatureR: try symbol("ECDSA_SIG_get0_r", as: SignaturePart.self),
            signatureS: try symbol("ECDSA_SIG_get0_s", as: SignaturePart.self),
            freeSignature: try symbol("ECDSA_SIG_free", as: FreeSignature.self),
            numberToBytes: try symbol("BN_bn2binpad", as: NumberToBytes.self),
            cleanse: try symbol("OPENSSL_cleanse", as: Cleanse.self))
    }
}
#endif
