import Foundation
import Testing
import TestSupport

/// `check --console` and `console doctor|fetch` against a fake App Store Connect, Google token endpoint and
/// androidpublisher on 127.0.0.1 (Tests/Fixtures/console/fake_console.py), with keys made at test time. Skipped,
/// with the reason printed, without python3 or the openssl command; the signature assertion is skipped (and
/// said so) when python3 lacks the `cryptography` package.
@Suite("Console against a fake server", .serialized)
struct ConsoleServerTests {
    static let fixtures = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/console")
    static let password = "Pa55-word-SECRET-xyz"
    static let accessToken = "ya29.FAKE-ACCESS-TOKEN-0123456789-secret"
    /// The base64url of `{"alg":`: the start of every JWT shipcheck makes; no output may hold one.
    static let jwtStart = "eyJhbGci"

    struct Keys {
        let ecPrivate: String
        let ecPublic: String
        let rsaPrivate: String
        let rsaPublic: String
        /// Lines of the keys' bodies, none of which may appear in any output.
        var secretLines: [String] {
            (ecPrivate + "\n" + rsaPrivate).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") && $0.count > 20 }
        }
    }

    /// A P-256 key in the .p8 (PKCS#8) form App Store Connect gives, and an RSA-2048 key as a service account
    /// holds it, made with the openssl command into a temporary folder; nil (and why) without openssl.
    static func makeKeys() -> Keys? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-keys-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
        set -e
        openssl ecparam -name prime256v1 -genkey -noout -out ec.pem
        openssl pkcs8 -topk8 -nocrypt -in ec.pem -out ec.p8
        openssl pkey -in ec.p8 -pubout -out ec.pub
        openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa.pem 2>/dev/null
        openssl pkey -in rsa.pem -pubout -out rsa.pub
        """
        guard let result = try? ShipcheckProcess.run(["-c", script], in: folder, executable: URL(fileURLWithPath: "/bin/sh")), result.status == 0 else {
            print("ConsoleServerTests skipped: the openssl command could not make test keys")
            return nil
        }
        func read(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return Keys(ecPrivate: read("ec.p8"), ecPublic: read("ec.pub"), rsaPrivate: read("rsa.pem"), rsaPublic: read("rsa.pub"))
    }

    static func server(mode: String, keys: Keys, password: String = "") -> LocalHTTPServer? {
        guard let script = try? String(contentsOf: fixtures.appendingPathComponent("fake_console.py"), encoding: .utf8) else { return nil }
        let scenario: [String: String] = ["mode": mode, "ec_public": keys.ecPublic, "rsa_public": keys.rsaPublic, "password": password]
        guard let data = try? JSONSerialization.data(withJSONObject: scenario), let json = String(data: data, encoding: .utf8) else { return nil }
        do {
            return try LocalHTTPServer(script: "import json\nSCENARIO = json.loads(\(pythonString(json)))\n" + script)
        } catch {
            print("ConsoleServerTests skipped: python3 could not start the fake console (\(error))")
            return nil
        }
    }

    static func pythonString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func environment(_ server: LocalHTTPServer, keys: Keys) -> [String: String] {
        let account: [String: String] = ["type": "service_account", "client_email": "ci@example-project.iam.gserviceaccount.com",
                                         "private_key": keys.rsaPrivate, "private_key_id": "test-key-1",
                                         "token_uri": "https://evil.example/token"]
        let json = String(data: (try? JSONSerialization.data(withJSONObject: account)) ?? Data(), encoding: .utf8) ?? ""
        return [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": "TESTKEY123", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "00000000-test-issuer",
            "APP_STORE_CONNECT_API_KEY_KEY": keys.ecPrivate.replacingOccurrences(of: "\n", with: "\\n"),
            "SUPPLY_JSON_KEY_DATA": json,
            "SHIPCHECK_ASC_API_BASE": server.base, "SHIPCHECK_PLAY_API_BASE": server.base + "/androidpublisher/v3",
            "SHIPCHECK_GOOGLE_TOKEN_URI": server.base + "/token", "SHIPCHECK_CONSOLE_TIMEOUT": "8",
        ]
    }

    /// The fake's request log (python3 fetches it: Foundation on Linux reads no http URL).
    static func log(_ server: LocalHTTPServer) throws -> [[String: Any]] {
        let fetched = try PythonProcess.run(arguments: ["-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                        server.base + "/__log"], input: "")
        return (try JSONSerialization.jsonObject(with: Data(fetched.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    static func check(_ server: LocalHTTPServer, keys: Keys, _ extra: [String] = []) throws -> (ShipcheckProcess.Output, [String: Any]) {
        let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-bundle-id", "com.example.todocloud",
                                               "--format", "json", "--date", "2026-11-30"] + extra,
                                              environment: environment(server, keys: keys))
        let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
        return (output, report)
    }

    static func rules(_ report: [String: Any], _ key: String) -> [String] {
        ((report[key] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String }
    }

    @Test func readsBothConsolesSignsItsTokensAndReportsWhatTheySay() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "ok", keys: keys) else { return }
        defer { server.stop() }
        let (output, report) = try Self.check(server, keys: keys)
        #expect(output.status == 1, "\(output.stderr)")
        let findings = Self.rules(report, "findings")
        for rule in ["app-review.age-rating-answered", "privacy-policy.appstore-console-url-set", "demo-account.appstore-console-demo-account",
                     "console.play-version-code-used", "metadata.appstore-description-length"] {
            #expect(findings.contains(rule), "\(rule) not reported: \(findings)")
        }
        let manual = Self.rules(report, "manual")
        #expect(!manual.contains("app-review.confirm-age-rating"))
        #expect(!manual.contains("platform-requirements.apple-xcode-26"), "a VALID build is attached")

        let log = try Self.log(server)
        // App Store Connect: GETs only, an ES256 JWT for appstoreconnect-v1, at most 20 minutes, signed r‖s.
        let asc = log.filter { ($0["path"] as? String)?.hasPrefix("/v1/") == true }
        #expect(!asc.isEmpty)
        #expect(asc.allSatisfy { $0["method"] as? String == "GET" })
        let jwt = try #require(asc.first?["jwt"] as? [String: Any])
        let header = try #require(jwt["header"] as? [String: Any])
        let claims = try #require(jwt["claims"] as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == "TESTKEY123")
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["iss"] as? String == "00000000-test-issuer")
        let lifetime = ((claims["exp"] as? Int) ?? 0) - ((claims["iat"] as? Int) ?? 0)
        #expect(lifetime > 0 && lifetime <= 1200)
        #expect(jwt["signature_length"] as? Int == 64, "JOSE r‖s, not DER")
        if let ok = jwt["signature_ok"] as? Bool { #expect(ok, "the ES256 signature does not verify with the public key") } else {
            print("ConsoleServerTests: ES256/RS256 signatures not verified: python3 has no `cryptography` package")
        }
        // Pagination followed on the same origin (the editable appInfo is on page 2), never to another host.
        #expect(asc.contains { ($0["path"] as? String)?.contains("cursor=2") == true })
        #expect(!log.contains { ($0["host"] as? String)?.hasPrefix("localhost") == true }, "a links.next to another host was followed")
        // Google: the assertion to the overridden token endpoint (not the account's own token_uri), RS256.
        let token = try #require(log.first { $0["path"] as? String == "/token" })
        let assertion = try #require(token["jwt"] as? [String: Any])
        #expect((assertion["header"] as? [String: Any])?["alg"] as? String == "RS256")
        #expect((assertion["claims"] as? [String: Any])?["aud"] as? String == server.base + "/token")
        if let ok = assertion["signature_ok"] as? Bool { #expect(ok) }
        // The edit is opened, read with the access token, and deleted.
        let play = log.filter { ($0["path"] as? String)?.hasPrefix("/androidpublisher/") == true }
        #expect(play.allSatisfy { $0["bearer_ok"] as? Bool == true })
        #expect(play.contains { $0["method"] as? String == "DELETE" && ($0["path"] as? String)?.hasSuffix("/edits/edit-1") == true })
        // The default language's graphics, one request per image type, inside the edit.
        #expect(play.contains { ($0["path"] as? String)?.hasSuffix("/edits/edit-1/listings/en-US/featureGraphic") == true })
        let graphics = ((report["findings"] as? [[String: Any]]) ?? []).filter { $0["rule"] as? String == "console.play-listing-graphics" }
        #expect(Set(graphics.compactMap { $0["path"] as? String })
                == ["Google Play Console › en-US › featureGraphic", "Google Play Console › en-US › screenshots"])
        // Server text is shown, never interpreted: no workflow command, no bidi override reaches the text report.
        #expect(!output.stdout.contains("\u{202E}"))
    }

    @Test func aRefusedKeyKeepsTheItemsManualWithTheReasonAndTheExitCode() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "asc401", keys: keys) else { return }
        defer { server.stop() }
        let plain = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--date", "2026-11-30"])
        let (output, report) = try Self.check(server, keys: keys)
        // Play was read all the same: one store failing never hides the other's findings.
        #expect(Self.rules(report, "findings").contains("console.play-version-code-used"))
        #expect(output.status == plain.status || output.status == 1)
        let manual = (report["manual"] as? [[String: Any]]) ?? []
        let age = try #require(manual.first { $0["rule"] as? String == "app-review.confirm-age-rating" })
        #expect((age["title"] as? String)?.contains("not checked: App Store Connect was not read") == true)
        #expect((age["title"] as? String)?.contains("HTTP 401") == true)
        #expect(output.stderr.contains("App Store Connect was not read"))
        let strict = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-bundle-id", "com.example.todocloud",
                                               "--console-strict", "--format", "json", "--date", "2026-11-30"],
                                              environment: Self.environment(server, keys: keys))
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("--console-strict"))
    }

    @Test func aRateLimitIsRetriedAfterRetryAfter() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "asc429", keys: keys) else { return }
        defer { server.stop() }
        let (_, report) = try Self.check(server, keys: keys, ["--console-store", "appstore"])
        #expect(Self.rules(report, "findings").contains("app-review.age-rating-answered"))
        let apps = try Self.log(server).filter { ($0["path"] as? String)?.hasPrefix("/v1/apps?") == true }
        #expect(apps.count == 2, "one 429, then the retry")
    }

    @Test func aForbiddenResourceLeavesOnlyItsItemsManual() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "asc403_info", keys: keys) else { return }
        defer { server.stop() }
        let (_, report) = try Self.check(server, keys: keys, ["--console-store", "appstore"])
        let manual = Self.rules(report, "manual")
        #expect(manual.contains("privacy-policy.appstore-console-url"))
        #expect(manual.contains("app-review.confirm-age-rating"))
        #expect(Self.rules(report, "findings").contains("demo-account.appstore-console-demo-account"), "the version was still read")
    }

    @Test func thePlayEditIsDeletedWhenAReadFails() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "play500", keys: keys) else { return }
        defer { server.stop() }
        let (output, _) = try Self.check(server, keys: keys, ["--console-store", "play"])
        #expect(output.stderr.contains("Google Play Console was not read"))
        let log = try Self.log(server)
        #expect(log.contains { $0["method"] as? String == "DELETE" && ($0["path"] as? String)?.hasSuffix("/edits/edit-1") == true })
    }

    @Test func aSlowServerEndsWithinTheDeadlineAndStaysManual() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "asc_slow", keys: keys) else { return }
        defer { server.stop() }
        var environment = Self.environment(server, keys: keys)
        environment["SHIPCHECK_CONSOLE_TIMEOUT"] = "2"
        let started = Date()
        let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-store", "appstore",
                                               "--console-bundle-id", "com.example.todocloud", "--format", "json"], environment: environment)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(output.stderr.contains("App Store Connect was not read"))
    }

    @Test func noKeyTokenAssertionOrPasswordInAnyOutput() throws {
        guard let keys = Self.makeKeys(), let server = Self.server(mode: "ok", keys: keys, password: Self.password) else { return }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(server, keys: keys)
        var texts: [(String, String)] = []
        for format in ["text", "json", "markdown", "sarif", "junit", "github", "gitlab", "checkstyle", "html"] {
            let file = folder.appendingPathComponent("report.\(format)").path
            // html writes only to a file: the terminal gets the text report beside it.
            let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-bundle-id", "com.example.todocloud",
                                                   "--format", format == "html" ? "text" : format, "--format", "\(format):\(file)"], environment: environment)
            texts.append(("\(format) stdout", output.stdout))
            texts.append(("\(format) stderr", output.stderr))
            texts.append(("\(format) file", (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""))
        }
        let snapshot = folder.appendingPathComponent("snapshot.json").path
        let fetch = try ShipcheckProcess.run(["console", "fetch", "Examples/TodoCloud", "--console-bundle-id", "com.example.todocloud", "--out", snapshot],
                                             environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let written = (try? String(contentsOfFile: snapshot, encoding: .utf8)) ?? ""
        #expect(written.contains("\"demoAccountPasswordPresent\" : true"))
        texts.append(("fetch", fetch.stdout + fetch.stderr))
        texts.append(("snapshot", written))
        let doctor = try ShipcheckProcess.run(["console", "doctor", "Examples/TodoCloud", "--console-bundle-id", "com.example.todocloud"],
                                              environment: environment)
        #expect(doctor.stdout.contains("APP_STORE_CONNECT_API_KEY_KEY_ID"))
        #expect(doctor.stdout.contains("SUPPLY_JSON_KEY_DATA"))
        texts.append(("doctor", doctor.stdout + doctor.stderr))
        let secrets = keys.secretLines + [Self.password, Self.accessToken, Self.jwtStart]
        #expect(!keys.secretLines.isEmpty)
        for (name, text) in texts {
            for secret in secrets {
                #expect(!text.contains(secret), "\(name) shows a secret (\(secret.prefix(6))…)")
            }
        }
        // The snapshot judges as the live read did.
        let replay = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console-snapshot", snapshot, "--format", "json", "--date", "2026-11-30"])
        #expect(replay.stdout.contains("app-review.age-rating-answered"))
    }
}

/// Server answers no client should trust: hostile text and wrong types in every field, an answer over the size
/// cap, a Retry-After beyond the deadline. Each ends with a report (or a plain reason), never a crash or a hang,
/// and no server text reaches a terminal or a CI log uninterpreted.
@Suite("Console: hostile server answers", .serialized)
struct ConsoleHostileAnswerTests {
    @Test func hostileTextAndWrongTypesInEveryFieldAreShownNeverInterpreted() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "hostile", keys: keys) else { return }
        defer { server.stop() }
        let environment = ConsoleServerTests.environment(server, keys: keys)
        for format in ["text", "github", "json", "markdown"] {
            let output = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console", "--console-bundle-id", "com.example.todocloud",
                                                   "--format", format, "--date", "2026-11-30"], environment: environment)
            #expect(output.status == 0 || output.status == 1, "\(format): exit \(output.status): \(output.stderr.suffix(400))")
            for (name, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
                #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{0}" || $0 == "\u{202E}" },
                        "\(format) \(name) holds a raw control or bidi character from the server")
                let lines = text.split(whereSeparator: \.isNewline)
                #expect(!lines.contains { $0.hasPrefix("::error file=a.swift") || $0.hasPrefix("::warning::x") },
                        "\(format) \(name): server text started a workflow command")
            }
            if format == "json" {
                #expect((try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) != nil, "the JSON report does not parse")
            }
        }
        // The snapshot of hostile answers is written, read back and judged like any other.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-console-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("snapshot.json").path
        let fetch = try ShipcheckProcess.run(["console", "fetch", "Examples/TodoCloud", "--console-bundle-id", "com.example.todocloud", "--out", snapshot],
                                             environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr.suffix(400))")
        let replay = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--console-snapshot", snapshot, "--format", "text", "--date", "2026-11-30"])
        #expect(replay.status == 0 || replay.status == 1, "\(replay.stderr.suffix(400))")
        #expect(!replay.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    }

    @Test func anAnswerOverTheSizeCapIsRefusedAndTheOtherStoreIsStillRead() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "oversized", keys: keys) else { return }
        defer { server.stop() }
        let (output, report) = try ConsoleServerTests.check(server, keys: keys)
        #expect(output.stderr.contains("App Store Connect was not read (App Store Connect sent an answer larger than shipcheck reads)"), "\(output.stderr.suffix(400))")
        #expect(ConsoleServerTests.rules(report, "findings").contains("console.play-version-code-used"))
        #expect(ConsoleServerTests.rules(report, "manual").contains("app-review.confirm-age-rating"))
    }

    @Test func aRetryAfterBeyondTheDeadlineIsNotWaitedFor() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "asc429_long", keys: keys) else { return }
        defer { server.stop() }
        let started = Date()
        let (output, _) = try ConsoleServerTests.check(server, keys: keys, ["--console-store", "appstore"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(output.stderr.contains("rate-limiting this key (HTTP 429)"), "\(output.stderr.suffix(400))")
        let apps = try ConsoleServerTests.log(server).filter { ($0["path"] as? String)?.hasPrefix("/v1/apps?") == true }
        #expect(apps.count == 1, "a Retry-After of an hour is not waited for, nor retried at once")
    }
}

/// SIGTERM (CI cancelling the job) while the Play edit is open: the edit is deleted before the process ends,
/// and the process ends as killed by SIGTERM.
@Suite("Console: a signal during the Play read", .serialized)
struct ConsoleSignalTests {
    @Test func sigtermWhileAPlayEditIsOpenDeletesTheEditThenEndsTheProcess() throws {
        guard let keys = ConsoleServerTests.makeKeys(), let server = ConsoleServerTests.server(mode: "play_slow", keys: keys) else { return }
        defer { server.stop() }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ConsoleServerTests.environment(server, keys: keys) { environment[key] = value }
        environment["SHIPCHECK_CONSOLE_TIMEOUT"] = "40"
        let process = Process()
        // Through python3's exec, which unblocks SIGTERM first: the test runner may block it, and a child inherits
        // the mask (LocalHTTPServer); a CI runner's child gets SIGTERM unblocked, as here. The pid stays the same.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); os.execv(sys.argv[1], sys.argv[1:])",
                             ShipcheckProcess.binary.path, "check", "Examples/TodoCloud", "--console", "--console-store", "play", "--format", "json"]
        process.currentDirectoryURL = ShipcheckProcess.packageRoot
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait until the edit is open and the (slow) listings are being read.
        var log: [[String: Any]] = []
        let started = Date()
        while Date().timeIntervalSince(started) < 30, process.isRunning {
            log = try ConsoleServerTests.log(server)
            if log.contains(where: { ($0["path"] as? String)?.hasSuffix("/listings") == true }) { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(log.contains { $0["method"] as? String == "POST" && ($0["path"] as? String)?.hasSuffix("/edits") == true }, "no edit was opened")
        try #require(process.isRunning, "shipcheck ended before the signal")
        let signalled = Date()
        process.terminate()  // SIGTERM
        while process.isRunning, Date().timeIntervalSince(signalled) < 15 { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!process.isRunning, "shipcheck did not end within 15 s of SIGTERM")
        guard !process.isRunning else { return }
        #expect(Date().timeIntervalSince(signalled) < 10, "the slow read was not cut short")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
                "ended with \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus), not killed by SIGTERM")
        let after = try ConsoleServerTests.log(server)
        let listings = after.firstIndex { ($0["path"] as? String)?.hasSuffix("/listings") == true }
        let delete = after.firstIndex { $0["method"] as? String == "DELETE" && ($0["path"] as? String)?.hasSuffix("/edits/edit-1") == true }
        #expect(delete != nil, "the edit was not deleted after SIGTERM")
        if let listings, let delete { #expect(delete > listings) }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("stopped by signal \(SIGTERM)"))
    }
}
