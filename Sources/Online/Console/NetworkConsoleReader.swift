import Foundation
import Project

/// `--console`: reads each store asked for, in parallel, within one deadline; a store that cannot be read is
/// in `unread` with why, and never hides the other's answer.
public struct NetworkConsoleReader: ConsoleReader {
    public let environment: [String: String]
    public let client: any ConsoleHTTPClient
    /// The whole console step, both stores.
    public let deadline: TimeInterval
    /// The clock for token times (tests pin it).
    public let now: @Sendable () -> Date

    public init(environment: [String: String], client: any ConsoleHTTPClient, deadline: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.environment = environment
        self.client = client
        self.deadline = deadline
        self.now = now
    }

    public func read(_ request: ConsoleRequest) -> ConsoleReadResult {
        let endpoints: ConsoleEndpoints
        switch ConsoleEndpoints.from(environment: environment) {
        case .success(let value): endpoints = value
        case .failure(let error):
            return ConsoleReadResult(unread: Dictionary(uniqueKeysWithValues: request.stores.map { ($0, error.message) }))
        }
        if let problem = client.prepare() {
            return ConsoleReadResult(unread: Dictionary(uniqueKeysWithValues: request.stores.map { ($0, problem) }))
        }
        let until = Date().addingTimeInterval(deadline)
        let stores = request.stores.sorted { $0.rawValue < $1.rawValue }
        let slots = ResultSlots(count: stores.count)
        DispatchQueue.concurrentPerform(iterations: stores.count) { index in
            switch stores[index] {
            case .appstore: slots.set(index, readAppStore(request, endpoints: endpoints, until: until))
            case .play: slots.set(index, readPlay(request, endpoints: endpoints, until: until))
            }
        }
        var result = ConsoleReadResult()
        for (index, outcome) in slots.values.enumerated() {
            switch outcome {
            case .appstore(let snapshot): result.snapshot.appStoreConnect = snapshot
            case .play(let snapshot): result.snapshot.googlePlay = snapshot
            case .unread(let reason): result.unread[stores[index]] = reason
            case nil: result.unread[stores[index]] = "not read"
            }
        }
        return result
    }

    enum Outcome: Sendable {
        case appstore(AppStoreConnectSnapshot)
        case play(GooglePlaySnapshot)
        case unread(String)
    }

    func readAppStore(_ request: ConsoleRequest, endpoints: ConsoleEndpoints, until: Date) -> Outcome {
        let found = AppStoreConnectCredentials.find(in: environment)
        guard let credentials = found.credentials else { return .unread(found.failure ?? "no credentials") }
        guard let bundleId = request.bundleId else {
            return .unread("the app's bundle id is not known (give --archive, or --console-bundle-id)")
        }
        do {
            let token = try ConsoleTokens.appStoreConnect(credentials, now: Int(now().timeIntervalSince1970))
            let session = ConsoleAPISession(client: client, origin: endpoints.appStoreConnect, bearer: token, deadline: until, store: .appstore)
            return .appstore(try AppStoreConnectReader(session: session).read(bundleId: bundleId))
        } catch let error as SigningError {
            return .unread(error.message)
        } catch let error as ConsoleReadFailure {
            return .unread(error.message)
        } catch {
            return .unread("App Store Connect could not be read")
        }
    }

    func readPlay(_ request: ConsoleRequest, endpoints: ConsoleEndpoints, until: Date) -> Outcome {
        let found = GooglePlayCredentials.find(in: environment)
        guard let credentials = found.credentials else { return .unread(found.failure ?? "no credentials") }
        guard let packageName = request.packageName, !packageName.isEmpty,
              packageName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }) else {
            return .unread("the app's package name is not known (the release module's applicationId)")
        }
        do {
            let tokenURI = endpoints.tokenURI(for: credentials)
            let assertion = try ConsoleTokens.googleAssertion(credentials, audience: tokenURI, now: Int(now().timeIntervalSince1970))
            let body = ConsoleSecret("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + assertion.reveal())
            let tokenSession = ConsoleAPISession(client: client, origin: tokenURI, bearer: nil, deadline: until, store: .play)
            let answer: [String: Any]
            do {
                answer = try tokenSession.json(.post, tokenURI, body: body, contentType: "application/x-www-form-urlencoded")
            } catch {
                return .unread("Google refused the service account's assertion (\(error.message))")
            }
            guard let access = answer["access_token"] as? String, !access.isEmpty else {
                return .unread("Google's token endpoint gave no access token")
            }
            let session = ConsoleAPISession(client: client, origin: endpoints.playAPI, bearer: ConsoleSecret(access), deadline: until, store: .play)
            return .play(try GooglePlayReader(session: session, packageName: packageName).read())
        } catch let error as SigningError {
            return .unread(error.message)
        } catch let error as ConsoleReadFailure {
            return .unread(error.message)
        } catch {
            return .unread("Google Play Console could not be read")
        }
    }
}

/// One slot per store, each written once from `concurrentPerform`.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [NetworkConsoleReader.Outcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: NetworkConsoleReader.Outcome) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = value
    }

    var values: [NetworkConsoleReader.Outcome?] {
        lock.lock(); defer { lock.unlock() }
        return slots
    }
}
