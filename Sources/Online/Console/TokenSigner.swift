#if !canImport(Darwin)
import Foundation

/// Why a token could not be signed; the message names the key's variable kind, never the key.
public struct SigningError: Error, Sendable, Equatable {
    public let message: String
}

/// SHA-256 signatures for the console APIs' tokens: ES256 (P-256, the JOSE `r‖s` form App Store Connect
/// requires, not OpenSSL's DER) and RS256 (PKCS#1 v1.5, Google's service-account assertion), through the
/// system libcrypto. The key is parsed from its PEM for each signature and freed at once.
public enum TokenSigner {
    public enum Algorithm: Sendable {
        case es256, rs256
    }

    public static func sign(_ message: [UInt8], pem: ConsoleSecret, algorithm: Algorithm) throws(SigningError) -> [UInt8] {
        let crypto: CryptoLibrary
        do { crypto = try CryptoLibrary.load() } catch { throw SigningError(message: error.message) }
        var pemBytes = Array(pem.reveal().utf8)
        defer { crypto.cleanse(&pemBytes, pemBytes.count) }
        let bio = pemBytes.withUnsafeBytes { crypto.newMemoryBuffer($0.baseAddress, Int32($0.count)) }
        guard let bio else { throw SigningError(message: "libcrypto could not read the key") }
        defer { _ = crypto.freeBIO(bio) }
        guard let key = crypto.readPrivateKey(bio, nil, nil, nil) else {
            throw SigningError(message: "the private key is not a PEM key libcrypto can read (an App Store Connect .p8, or a service account's private_key)")
        }
        defer { crypto.freeKey(key) }
        switch algorithm {
        case .es256:
            guard crypto.keyBaseId(key) == CryptoLibrary.ecKey, crypto.keyBits(key) == 256 else {
                throw SigningError(message: "the App Store Connect key is not an EC P-256 key (.p8)")
            }
        case .rs256:
            guard crypto.keyBaseId(key) == CryptoLibrary.rsaKey else {
                throw SigningError(message: "the service account's private_key is not an RSA key")
            }
        }
        guard let context = crypto.newContext() else { throw SigningError(message: "libcrypto could not start a signature") }
        defer { crypto.freeContext(context) }
        guard crypto.digestSignInit(context, nil, crypto.sha256(), nil, key) == 1 else {
            throw SigningError(message: "libcrypto refused to sign with the key")
        }
        var length = 0
        guard message.withUnsafeBufferPointer({ crypto.digestSign(context, nil, &length, $0.baseAddress, $0.count) }) == 1, length > 0, length <= 1024 else {
            throw SigningError(message: "libcrypto could not size the signature")
        }
        var signature = [UInt8](repeating: 0, count: length)
        let signed = signature.withUnsafeMutableBufferPointer { out in
            message.withUnsafeBufferPointer { crypto.digestSign(context, out.baseAddress, &length, $0.baseAddress, $0.count) }
        }
        guard signed == 1 else { throw SigningError(message: "libcrypto could not sign") }
        signature = Array(signature.prefix(length))
        return algorithm == .es256 ? try joseSignature(der: signature, crypto: crypto) : signature
    }

    /// OpenSSL's DER `ECDSA-Sig-Value` as JWS wants it: r and s, 32 bytes each, big-endian (RFC 7515 A.3).
    static func joseSignature(der: [UInt8], crypto: CryptoLibrary) throws(SigningError) -> [UInt8] {
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return crypto.decodeSignature(nil, &cursor, buffer.count)
        }
        guard let decoded else { throw SigningError(message: "libcrypto gave an ECDSA signature it cannot decode") }
        defer { crypto.freeSignature(decoded) }
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { out -> (Int32, Int32) in
            (crypto.numberToBytes(crypto.signatureR(decoded), out.baseAddress, 32),
             crypto.numberToBytes(crypto.signatureS(decoded), out.baseAddress! + 32, 32))
        }
        guard written.0 == 32, written.1 == 32 else { throw SigningError(message: "an ECDSA signature part is longer than 32 bytes") }
        return raw
    }
}
#endif
