import Project
import YAML

/// The tables of the foreground-service checks (AndroidForegroundServiceCheck.swift), decoded once at load.

/// `{ base: android.permission.FOREGROUND_SERVICE, types: { camera: android.permission.FOREGROUND_SERVICE_CAMERA,
/// shortService: [] } }`: a type maps to its permission, or to an empty list when it needs none beyond `base`.
/// Every permission is a fact the check reads (`android.permission.FOREGROUND_SERVICE_CAMERA`), so each is held to the
/// fact catalog at load: a misspelt one in a team table is a load error at its column with the nearest name.
struct ForegroundServiceTypePermissions: Sendable, NamesFacts {
    let base: String
    let types: [(type: String, permissions: [String])]
    let factNames: [(name: String, mark: Mark)]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let base = table.value["base"]?.scalar, let pairs = table.value["types"]?.mapping else {
            throw TableError(table, table.value, "expected `base` (a permission) and `types` (type: permission)")
        }
        var types: [(String, [String])] = []
        var named: [(name: String, mark: Mark)] = [(base, table.value["base"]?.mark ?? table.value.mark)]
        for pair in pairs {
            guard let type = pair.key.scalar else { throw TableError(table, pair.key, "a type must be a name") }
            if let permission = pair.value.scalar {
                types.append((type, [permission]))
                named.append((permission, pair.value.mark))
            } else if let list = pair.value.sequence {
                types.append((type, try list.map { item throws(TableError) in
                    guard let permission = item.scalar else { throw TableError(table, item, "each permission of a type is a name") }
                    return permission
                }))
                named += list.compactMap { item in item.scalar.map { ($0, item.mark) } }
            } else {
                throw TableError(table, pair.value, "write the permission the type needs, or [] for none")
            }
        }
        self.base = base
        self.types = types
        factNames = named
    }
}

/// `{ androidx.media3.session.MediaSessionService: "its Media3 base class …" }`: an intent-filter action that names a
/// library base class which puts the service in the foreground itself, and how the message says so.
struct ForegroundActions: Sendable {
    let actions: [String: String]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected action: phrase") }
        var actions: [String: String] = [:]
        for pair in pairs {
            guard let action = pair.key.scalar, let how = pair.value.scalar else { throw TableError(table, pair.value, "write `action: phrase`") }
            actions[action] = how
        }
        self.actions = actions
    }
}

/// `{ androidx.work.impl.foreground.SystemForegroundService: { signal: android.work_foreground_info, how: "…" } }`:
/// a library's service, the symbol fact of the app code that puts it in the foreground, and how the message says so.
struct LibraryForegroundServices: Sendable {
    let services: [String: (signal: String, how: String)]

    init(_ table: Table?) throws(TableError) {
        guard let table else { throw TableError(nil, nil, "missing") }
        guard let pairs = table.value.mapping else { throw TableError(table, table.value, "expected service class: { signal, how }") }
        var services: [String: (signal: String, how: String)] = [:]
        for pair in pairs {
            guard let service = pair.key.scalar, let signal = pair.value["signal"]?.scalar, let how = pair.value["how"]?.scalar else {
                throw TableError(table, pair.value, "write `service class: { signal: symbol fact, how: phrase }`")
            }
            services[service] = (signal, how)
        }
        self.services = services
    }
}
