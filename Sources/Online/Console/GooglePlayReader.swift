import Foundation
import Project

/// Reads Google Play Console through one edit: opened, read (listings, the default language's images per type,
/// tracks, bundles), and deleted on every path out of `read`, so that no edit is left to collide with a later
/// `supply` run.
struct GooglePlayReader {
    let session: ConsoleAPISession
    let packageName: String

    func read() throws(ConsoleReadFailure) -> GooglePlaySnapshot {
        let app = session.origin.appendingPathComponent("applications").appendingPathComponent(packageName)
        // Not interruptible: once the insert is sent, its answer (the edit's id) is waited for, so the edit can be deleted.
        let edit = try session.json(.post, app.appendingPathComponent("edits"), body: ConsoleSecret("{}"), contentType: "application/json",
                                    interruptible: false)
        guard let id = edit["id"] as? String, !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ConsoleReadFailure("Google Play did not open an edit for \(packageName)")
        }
        let editURL = app.appendingPathComponent("edits").appendingPathComponent(id)
        // Every path out of here deletes the edit: a failed read, the deadline, a signal (ConsoleInterruption).
        defer { _ = try? session.json(.delete, editURL, interruptible: false) }
        var snapshot = GooglePlaySnapshot(packageName: packageName)
        let listings = try session.json(.get, editURL.appendingPathComponent("listings"))
        snapshot.listings = ((listings["listings"] as? [Any]) ?? []).compactMap { item in
            guard let item = item as? [String: Any], let language = item["language"] as? String else { return nil }
            return .init(language: language, title: item["title"] as? String, shortDescription: item["shortDescription"] as? String,
                         fullDescription: item["fullDescription"] as? String)
        }
        // The default language's graphics (other languages fall back to them): a count per type, one request each.
        // A resource the key may not read leaves them unread (nil), not the whole console.
        if let details = try? session.json(.get, editURL.appendingPathComponent("details")),
           let language = details["defaultLanguage"] as? String, !language.isEmpty, language.count <= 20,
           language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            snapshot.defaultLanguage = language
            var counts: [String: Int] = [:]
            for type in GooglePlaySnapshot.imageTypes {
                let url = editURL.appendingPathComponent("listings").appendingPathComponent(language).appendingPathComponent(type)
                guard let answer = try? session.json(.get, url) else { counts = [:]; break }
                counts[type] = ((answer["images"] as? [Any]) ?? []).count
            }
            if counts.count == GooglePlaySnapshot.imageTypes.count { snapshot.images = counts }
        }
        let tracks = try session.json(.get, editURL.appendingPathComponent("tracks"))
        snapshot.tracks = ((tracks["tracks"] as? [Any]) ?? []).compactMap { item in
            guard let item = item as? [String: Any], let name = item["track"] as? String else { return nil }
            let releases = ((item["releases"] as? [Any]) ?? []).compactMap { release -> GooglePlaySnapshot.Release? in
                guard let release = release as? [String: Any] else { return nil }
                let codes = ((release["versionCodes"] as? [Any]) ?? []).compactMap(Self.code)
                let notes = ((release["releaseNotes"] as? [Any]) ?? []).compactMap { note -> GooglePlaySnapshot.ReleaseNote? in
                    guard let note = note as? [String: Any], let language = note["language"] as? String, let text = note["text"] as? String else { return nil }
                    return .init(language: language, text: text)
                }
                return .init(name: release["name"] as? String, status: release["status"] as? String, versionCodes: codes, releaseNotes: notes)
            }
            return .init(track: name, releases: releases)
        }
        let bundles = try session.json(.get, editURL.appendingPathComponent("bundles"))
        snapshot.bundles = ((bundles["bundles"] as? [Any]) ?? []).compactMap { item in
            guard let item = item as? [String: Any], let code = item["versionCode"].flatMap(Self.code) else { return nil }
            return .init(versionCode: code, sha256: item["sha256"] as? String)
        }
        return snapshot
    }

    static func code(_ value: Any) -> String? {
        if let text = value as? String, !text.isEmpty, text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return text }
        if let number = value as? Int64, number >= 0 { return String(number) }
        return nil
    }
}
