import Foundation

/// The bearer tokens of the console APIs: App Store Connect's ES256 JWT, Google's RS256 assertion.
public enum ConsoleTokens {
    /// App Store Connect accepts at most 20 minutes; 10 leave room for a clock that runs ahead.
    public static let appStoreConnectLifetime = 600
    public static let googleScope = "https://www.googleapis.com/auth/androidpublisher"

    /// `header.payload.signature` for App Store Connect (`aud: appstoreconnect-v1`). An individual key (no issuer
    /// id) says `sub: user` instead of `iss`.
    public static func appStoreConnect(_ credentials: AppStoreConnectCredentials, now: Int) throws(SigningError) -> ConsoleSecret {
        let header: [String: Any] = ["alg": "ES256", "kid": credentials.keyId, "typ": "JWT"]
        var claims: [String: Any] = ["iat": now, "exp": now + appStoreConnectLifetime, "aud": "appstoreconnect-v1"]
        if let issuer = credentials.issuerId { claims["iss"] = issuer } else { claims["sub"] = "user" }
        return try jwt(header: header, claims: claims, key: credentials.privateKey, algorithm: .es256)
    }

    /// The assertion POSTed to Google's token endpoint for an androidpublisher access token (1 hour at most).
    public static func googleAssertion(_ credentials: GooglePlayCredentials, audience: URL, now: Int) throws(SigningError) -> ConsoleSecret {
        var header: [String: Any] = ["alg": "RS256", "typ": "JWT"]
        if let kid = credentials.privateKeyId { header["kid"] = kid }
        let claims: [String: Any] = ["iss": credentials.clientEmail, "scope": googleScope, "aud": audience.absoluteString,
                                     "iat": now, "exp": now + 3600]
        return try jwt(header: header, claims: claims, key: credentials.privateKey, algorithm: .rs256)
    }

    static func jwt(header: [String: Any], claims: [String: Any], key: ConsoleSecret, algorithm: TokenSigner.Algorithm) throws(SigningError) -> ConsoleSecret {
        guard let headerData = try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys, .withoutEscapingSlashes]),
              let claimsData = try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw SigningError(message: "the token could not be encoded")
        }
        let signingInput = base64URL(Array(headerData)) + "." + base64URL(Array(claimsData))
        #if canImport(Darwin)
        throw SigningError(message: "signing console tokens on Apple platforms is not built yet; run --console on Linux")
        #else
        let signature = try TokenSigner.sign(Array(signingInput.utf8), pem: key, algorithm: algorithm)
        return ConsoleSecret(signingInput + "." + base64URL(signature))
        #endif
    }

    /// Base64url without padding (RFC 7515 §2).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
