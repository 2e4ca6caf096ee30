import Project
import YAML

/// `android.foreground_service_permissions`: each `android:foregroundServiceType` a service of the release
/// manifest declares (`android.foreground_service_type.<type>`) has the `FOREGROUND_SERVICE_<TYPE>` permission
/// the platform demands for it (and the plain `FOREGROUND_SERVICE`), once the app targets `min_target_sdk` or
/// later: `startForeground` throws a SecurityException without them. One result per type, at its first service.
/// A note instead of the rule's grade when the app's Flutter plugins or React Native modules include packages whose
/// manifests are not in the tree (`android.plugins_unseen`): one of them may add the permission.
enum AndroidForegroundServiceCheck {
    static let function = CheckFunction(
        name: "android.foreground_service_permissions",
        summary: "every foreground service type the release manifest declares has the permission that type requires",
        options: [
            OptionSpec("types", .table, required: true, decode: TableError.decoder(ForegroundServiceTypePermissions.init),
                       doc: "{ base: permission every foreground service needs, types: { type: permission or [] } }"),
            OptionSpec("min_target_sdk", .int, required: true, doc: "judge only when the release module's targetSdk is known and at least this"),
        ],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        guard let table = invocation.decoded("types", as: ForegroundServiceTypePermissions.self),
              let minimum = invocation.options.int("min_target_sdk"),
              let target = facts["android.target_sdk"], case .number(let level) = target.value, Int(level) >= minimum else { return [] }
        func granted(_ permission: String) -> Bool { facts[permission]?.value.isTruthy ?? false }
        // A Flutter or React Native app whose packages' manifests are not in the tree: a plugin may add the
        // permission to the merged manifest (flutter_foreground_task adds FOREGROUND_SERVICE), so the absence is
        // advice, and the message says which packages could not be seen.
        func names(_ fact: String) -> [String] {
            guard let fact = facts[fact], case .list(let names) = fact.value else { return [] }
            return names
        }
        let unseen = names("android.plugins_unseen")
        // Path dependencies outside the folder checked were not read: their manifests may add it too.
        let outside = names("android.plugins_outside_root")
        var results: [CheckResult] = []
        for (type, required) in table.types {
            guard let declared = facts["android.foreground_service_type.\(type)"], declared.value.isTruthy else { continue }
            let missing = ([table.base] + required).filter { !granted($0) }
            guard !missing.isEmpty else { continue }
            let first = declared.evidence.first
            results.append(CheckResult(location: first?.location ?? SourceLocation(path: "."), evidence: first?.snippet, values: [
                "type": type,
                "permission": missing.map { $0.replacingOccurrences(of: "android.permission.", with: "") }.joined(separator: " and "),
                "permissions": missing.joined(separator: ", "),
                "services": declared.evidence.map(\.location.description).joined(separator: ", "),
                "target_sdk": String(Int(level)),
                "unseen": unseenClause(unseen: unseen, outside: outside),
            ], severity: unseen.isEmpty && outside.isEmpty ? nil : .info))
        }
        return results
    }

    /// " as far as shipcheck can see: the app also depends on 53 packages whose own AndroidManifest.xml is not in the
    /// repository (a, b, c, d and 49 more), …", or "" when every manifest the app merges was read.
    static func unseenClause(unseen: [String], outside: [String]) -> String {
        guard !unseen.isEmpty || !outside.isEmpty else { return "" }
        var parts: [String] = []
        if !unseen.isEmpty {
            parts.append("the app also depends on \(unseen.count) package\(unseen.count == 1 ? "" : "s") whose own AndroidManifest.xml, if they have one, is not in the repository ("
                + unseen.prefix(4).joined(separator: ", ") + (unseen.count > 4 ? " and \(unseen.count - 4) more" : "") + ")")
        }
        if !outside.isEmpty {
            parts.append("path dependencies outside the folder checked were not read (" + outside.prefix(4).joined(separator: ", ") + ")")
        }
        return " as far as shipcheck can see: " + parts.joined(separator: ", and ") + ", and a plugin among them may add it to the merged manifest"
    }
}

/// `{ base: android.permission.FOREGROUND_SERVICE, types: { camera: android.permission.FOREGROUND_SERVICE_CAMERA,
/// shortService: [] } }`: a type maps to its permission, or to an empty list when it needs none beyond `base`.
struct ForegroundServiceTypePermissions: Sendable {
    let base: String
    let types: [(type: String, permissions: [String])]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let base = table.value["base"]?.scalar, let pairs = table.value["types"]?.mapping else {
            throw TableError(table, table.value, "expected `base` (a permission) and `types` (type: permission)")
        }
        var types: [(String, [String])] = []
        for pair in pairs {
            guard let type = pair.key.scalar else { throw TableError(table, pair.key, "a type must be a name") }
            if let permission = pair.value.scalar {
                types.append((type, [permission]))
            } else if let list = pair.value.sequence {
                types.append((type, list.compactMap(\.scalar)))
            } else {
                throw TableError(table, pair.value, "write the permission the type needs, or [] for none")
            }
        }
        self.base = base
        self.types = types
    }
}

/// `android.foreground_service_types_missing`: a `<service>` of the release manifest without
/// `android:foregroundServiceType` (`android.services_without_foreground_type`) whose class, a Kotlin or Java file of
/// the same name in the repository, calls `startForeground` (the `android.start_foreground` symbol hits), once the app
/// targets `min_target_sdk` or later: Android 14 throws MissingForegroundServiceTypeException there. One result per
/// service, at its manifest line, naming the call.
enum AndroidForegroundServiceTypeCheck {
    static let function = CheckFunction(
        name: "android.foreground_service_types_missing",
        summary: "every service whose code calls startForeground declares android:foregroundServiceType",
        options: [OptionSpec("min_target_sdk", .int, required: true, doc: "judge only when the release module's targetSdk is known and at least this")],
        subjects: .none,
        run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.context.facts
        guard let minimum = invocation.options.int("min_target_sdk"),
              let target = facts["android.target_sdk"], case .number(let level) = target.value, Int(level) >= minimum,
              let untyped = facts["android.services_without_foreground_type"] else { return [] }
        // The files that call startForeground, by class name (the file's name without its extension).
        var callers: [String: SymbolHit] = [:]
        for hit in invocation.context.project.symbolHits where hit.signal == "android.start_foreground" {
            let file = hit.location.path.split(separator: "/").last.map(String.init) ?? hit.location.path
            let name = file.split(separator: ".").first.map(String.init) ?? file
            if callers[name] == nil { callers[name] = hit }
        }
        guard !callers.isEmpty else { return [] }
        var results: [CheckResult] = []
        var seen = Set<String>()
        for service in untyped.evidence {
            let name = service.snippet
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            guard seen.insert(name).inserted, let call = callers[simple] else { continue }
            results.append(CheckResult(location: service.location, evidence: "<service android:name=\"\(name)\">", values: [
                "service": name, "call": "\(call.location)", "target_sdk": String(Int(level)),
            ]))
        }
        return results
    }
}
