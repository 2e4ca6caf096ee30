import Foundation

/// A console snapshot that cannot be used, and why; the run stops with it (the user asked for this file).
public struct ConsoleSnapshotError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}

/// Reads a snapshot written by `shipcheck console fetch` (or by hand, for a test): bounded, JSON only,
/// secrets reduced to booleans on decoding (`ReviewDetail`).
public enum ConsoleSnapshotReader {
    /// The largest snapshot read: a real one is tens of kilobytes.
    public static let maxBytes = 16 << 20

    public static func read(path: String) throws(ConsoleSnapshotError) -> ConsoleSnapshot {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ConsoleSnapshotError(file: path, message: "cannot be read (no such file, or no permission); give the file `shipcheck console fetch --out FILE` wrote")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw ConsoleSnapshotError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maxBytes else {
            throw ConsoleSnapshotError(file: path, message: "is larger than \(maxBytes >> 20) MiB; a console snapshot is a few kilobytes")
        }
        return try decode(data, file: path)
    }

    public static func decode(_ data: Data, file: String) throws(ConsoleSnapshotError) -> ConsoleSnapshot {
        let snapshot: ConsoleSnapshot
        do {
            snapshot = try JSONDecoder().decode(ConsoleSnapshot.self, from: data)
        } catch let error as DecodingError {
            throw ConsoleSnapshotError(file: file, message: "is not a console snapshot: \(describe(error))")
        } catch {
            throw ConsoleSnapshotError(file: file, message: "is not JSON: \(error.localizedDescription)")
        }
        guard snapshot.format <= ConsoleSnapshot.currentFormat else {
            throw ConsoleSnapshotError(file: file, message: "has format \(snapshot.format); this shipcheck reads format \(ConsoleSnapshot.currentFormat) and older")
        }
        return snapshot
    }

    /// Encodes a snapshot for `console fetch --out` (sorted keys, so two fetches diff cleanly).
    public static func encode(_ snapshot: ConsoleSnapshot) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(snapshot)) ?? Data("{}".utf8)
    }

    /// `App Store Connect: app 123, version 2.4.0; Google Play: 2 listing(s)`: what a snapshot holds, no text of it.
    public static func describeContents(_ snapshot: ConsoleSnapshot) -> String {
        var parts: [String] = []
        if let asc = snapshot.appStoreConnect { parts.append("App Store Connect: app \(asc.app.id)\(asc.version.map { ", version \($0.versionString ?? $0.id)" } ?? "")") }
        if let play = snapshot.googlePlay { parts.append("Google Play: \(play.listings.count) listing(s), \(play.bundles.count) bundle(s)") }
        return parts.isEmpty ? "no console was read" : parts.joined(separator: "; ")
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "at the top" : "at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)): \"\(key.stringValue)\" is missing"
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "unreadable"
        }
    }
}
