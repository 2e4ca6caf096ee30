import Foundation

/// An App Store Connect API key found in the environment: the ids, the .p8 key (a secret) and the names of
/// the variables it came from (what `console doctor` prints; never a value).
public struct AppStoreConnectCredentials: Sendable {
    public let keyId: String
    /// Nil for an individual key.
    public let issuerId: String?
    public let privateKey: ConsoleSecret
    public let variables: [String]

    /// The first complete set wins, in fastlane's order, then Codemagic's; `failure` says why none is usable.
    public static func find(in environment: [String: String]) -> (credentials: AppStoreConnectCredentials?, failure: String?) {
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        var problems: [String] = []
        // 1. fastlane's app_store_connect_api_key action.
        if let keyId = value("APP_STORE_CONNECT_API_KEY_KEY_ID") {
            let base64 = value("APP_STORE_CONNECT_API_KEY_IS_KEY_CONTENT_BASE64").map(CredentialText.isTrue) ?? false
            switch CredentialText.key(content: value("APP_STORE_CONNECT_API_KEY_KEY"), contentName: "APP_STORE_CONNECT_API_KEY_KEY",
                                      path: value("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH"), pathName: "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH",
                                      base64: base64) {
            case .success(let found):
                return (AppStoreConnectCredentials(keyId: keyId, issuerId: value("APP_STORE_CONNECT_API_KEY_ISSUER_ID"), privateKey: found.key,
                                                   variables: ["APP_STORE_CONNECT_API_KEY_KEY_ID"] + (value("APP_STORE_CONNECT_API_KEY_ISSUER_ID") != nil ? ["APP_STORE_CONNECT_API_KEY_ISSUER_ID"] : []) + [found.variable]), nil)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        // 2. fastlane's JSON key file (deliver, pilot): { key_id, issuer_id, key, is_key_content_base64 }.
        if let path = value("APP_STORE_CONNECT_API_KEY_PATH") {
            switch CredentialText.readFile(path, variable: "APP_STORE_CONNECT_API_KEY_PATH") {
            case .success(let text):
                if let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
                   let keyId = object["key_id"] as? String, let key = object["key"] as? String, !key.isEmpty {
                    let base64 = (object["is_key_content_base64"] as? Bool) ?? false
                    switch CredentialText.key(content: key, contentName: "APP_STORE_CONNECT_API_KEY_PATH", path: nil, pathName: "", base64: base64) {
                    case .success(let found):
                        return (AppStoreConnectCredentials(keyId: keyId, issuerId: object["issuer_id"] as? String, privateKey: found.key,
                                                           variables: ["APP_STORE_CONNECT_API_KEY_PATH"]), nil)
                    case .failure(let problem): problems.append(problem.message)
                    }
                } else {
                    problems.append("APP_STORE_CONNECT_API_KEY_PATH names a file that is not fastlane's JSON key ({\"key_id\", \"issuer_id\", \"key\"})")
                }
            case .failure(let problem): problems.append(problem.message)
            }
        }
        // 3. spaceship's variables.
        if let keyId = value("SPACESHIP_CONNECT_API_KEY_ID") {
            switch CredentialText.key(content: value("SPACESHIP_CONNECT_API_KEY"), contentName: "SPACESHIP_CONNECT_API_KEY",
                                      path: value("SPACESHIP_CONNECT_API_KEY_FILEPATH"), pathName: "SPACESHIP_CONNECT_API_KEY_FILEPATH", base64: false) {
            case .success(let found):
                return (AppStoreConnectCredentials(keyId: keyId, issuerId: value("SPACESHIP_CONNECT_API_ISSUER_ID"), privateKey: found.key,
                                                   variables: ["SPACESHIP_CONNECT_API_KEY_ID"] + (value("SPACESHIP_CONNECT_API_ISSUER_ID") != nil ? ["SPACESHIP_CONNECT_API_ISSUER_ID"] : []) + [found.variable]), nil)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        // 4. Codemagic's, with its @env:NAME and @file:PATH indirections.
        if let keyId = value("APP_STORE_CONNECT_KEY_IDENTIFIER") {
            var key = value("APP_STORE_CONNECT_PRIVATE_KEY")
            var path: String?
            if let given = key, given.hasPrefix("@env:") { key = value(String(given.dropFirst(5))) }
            if let given = key, given.hasPrefix("@file:") { path = String(given.dropFirst(6)); key = nil }
            switch CredentialText.key(content: key, contentName: "APP_STORE_CONNECT_PRIVATE_KEY", path: path, pathName: "APP_STORE_CONNECT_PRIVATE_KEY", base64: false) {
            case .success(let found):
                return (AppStoreConnectCredentials(keyId: keyId, issuerId: value("APP_STORE_CONNECT_ISSUER_ID"), privateKey: found.key,
                                                   variables: ["APP_STORE_CONNECT_KEY_IDENTIFIER"] + (value("APP_STORE_CONNECT_ISSUER_ID") != nil ? ["APP_STORE_CONNECT_ISSUER_ID"] : []) + [found.variable]), nil)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        if let first = problems.first { return (nil, first) }
        return (nil, "no App Store Connect API key in the environment (APP_STORE_CONNECT_API_KEY_KEY_ID with _ISSUER_ID and _KEY or _KEY_FILEPATH, APP_STORE_CONNECT_API_KEY_PATH, SPACESHIP_CONNECT_API_*, or Codemagic's APP_STORE_CONNECT_KEY_IDENTIFIER; see docs/console.md)")
    }
}

/// A Google Play service account found in the environment (`SUPPLY_JSON_KEY` path or `SUPPLY_JSON_KEY_DATA`).
public struct GooglePlayCredentials: Sendable {
    public let clientEmail: String
    public let privateKey: ConsoleSecret
    public let privateKeyId: String?
    /// The service account's own `token_uri`, as written (honoured only when it is Google's: ConsoleEndpoints).
    public let tokenURI: String?
    public let variables: [String]

    public static func find(in environment: [String: String]) -> (credentials: GooglePlayCredentials?, failure: String?) {
        let text: String
        let variable: String
        if let data = environment["SUPPLY_JSON_KEY_DATA"], !data.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            text = data
            variable = "SUPPLY_JSON_KEY_DATA"
        } else if let path = environment["SUPPLY_JSON_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !path.isEmpty {
            switch CredentialText.readFile(path, variable: "SUPPLY_JSON_KEY") {
            case .success(let read): text = read
            case .failure(let problem): return (nil, problem.message)
            }
            variable = "SUPPLY_JSON_KEY"
        } else {
            return (nil, "no Google Play service account in the environment (SUPPLY_JSON_KEY with the JSON key's path, or SUPPLY_JSON_KEY_DATA with its content; see docs/console.md)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return (nil, "\(variable) does not hold a service-account JSON key")
        }
        guard let email = object["client_email"] as? String, !email.isEmpty,
              let key = object["private_key"] as? String, key.contains("PRIVATE KEY") else {
            return (nil, "\(variable)'s JSON has no client_email and private_key; download a JSON key of the service account")
        }
        return (GooglePlayCredentials(clientEmail: email, privateKey: ConsoleSecret(key), privateKeyId: object["private_key_id"] as? String,
                                      tokenURI: object["token_uri"] as? String, variables: [variable]), nil)
    }
}

/// Reading a key from a variable or the file it names; problems name variables, never values.
enum CredentialText {
    struct Problem: Error {
        let message: String
    }

    /// The largest key or JSON file read: a .p8 is ~250 bytes, a service-account JSON ~2.4 KB.
    static let maxFileBytes = 64 << 10

    static func isTrue(_ text: String) -> Bool { ["true", "yes", "1"].contains(text.lowercased()) }

    static func key(content: String?, contentName: String, path: String?, pathName: String, base64: Bool)
        -> Result<(key: ConsoleSecret, variable: String), Problem> {
        var text: String
        var variable: String
        if let content {
            text = content
            variable = contentName
        } else if let path {
            switch readFile(path, variable: pathName) {
            case .success(let read): text = read
            case .failure(let problem): return .failure(problem)
            }
            variable = pathName
        } else {
            return .failure(Problem(message: "\(contentName) (the key's content) or its file path is missing"))
        }
        if base64 {
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }), let decoded = String(data: data, encoding: .utf8) else {
                return .failure(Problem(message: "\(variable) is said to be base64 but does not decode"))
            }
            text = decoded
        }
        // CI secrets often keep the line breaks as the two characters \n.
        text = text.replacingOccurrences(of: "\\n", with: "\n")
        guard text.contains("-----BEGIN") && text.contains("PRIVATE KEY-----") else {
            return .failure(Problem(message: "\(variable) does not hold a PEM private key (the .p8 file's content, -----BEGIN PRIVATE KEY-----)"))
        }
        return .success((ConsoleSecret(text), variable))
    }

    static func readFile(_ path: String, variable: String) -> Result<String, Problem> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(Problem(message: "\(variable) names a file that cannot be read"))
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxFileBytes + 1), data.count <= maxFileBytes,
              let text = String(data: data, encoding: .utf8) else {
            return .failure(Problem(message: "\(variable) names a file that is not a key (larger than \(maxFileBytes >> 10) KiB, or not text)"))
        }
        return .success(text)
    }
}
