import Project

/// `android.foreground_services` with `require: permissions`: each `android:foregroundServiceType` a service of the release
/// manifest declares (`android.foreground_service_type.<type>`) has the `FOREGROUND_SERVICE_<TYPE>` permission
/// the platform demands for it (and the plain `FOREGROUND_SERVICE`), once the app targets `min_target_sdk` or
/// later: `startForeground` throws a SecurityException without them. One result per type, at its first service.
/// A note instead of the rule's grade when the app's Flutter plugins or React Native modules include packages whose
/// manifests are not in the tree (`android.plugins_unseen`): one of them may add the permission.
enum AndroidForegroundServiceCheck {
    /// Android 14's foreground-service type requirement, one policy judged on the release manifest's services once
    /// the app targets `min_target_sdk`: `require: permissions` — each type a service declares has its permissions
    /// (this enum's `run`); `require: type` — each service that runs in the foreground declares a type
    /// (`AndroidForegroundServiceTypeCheck.run`).
    static let function = CheckFunction(
        name: "android.foreground_services",
        summary: "Android 14 foreground services: each service that runs in the foreground declares a type, and each declared type has its permission",
        options: [
            OptionSpec("require", .oneOf(["permissions", "type"]), required: true,
                       doc: "permissions: every declared android:foregroundServiceType has its FOREGROUND_SERVICE_<TYPE> permission; type: every service that runs in the foreground declares one"),
            OptionSpec("min_target_sdk", .int, required: true, doc: "judge only when the release module's targetSdk is known and at least this"),
            OptionSpec("types", .table, requiredWhen: ("require", "permissions"), decode: TableError.decoder(ForegroundServiceTypePermissions.init),
                       doc: "with require: permissions — { base: permission every foreground service needs, types: { type: permission or [] } }"),
            OptionSpec("library_services", .table, required: false, decode: TableError.decoder(LibraryForegroundServices.init),
                       doc: "with require: type — { service class: { signal: symbol fact of the app code that runs it in the foreground, how: phrase } }"),
            OptionSpec("actions", .table, required: false, decode: TableError.decoder(ForegroundActions.init),
                       doc: "with require: type — { intent-filter action of a library base class that runs in the foreground: phrase }"),
        ],
        subjects: .none,
        reads: [.fact(.androidTargetSDK), .fact(.androidTargetSDKAtLeast), .table("types"), .fact(.androidPluginsUnseen), .fact(.androidPluginsOutsideRoot),
                .fact(.androidReleaseModule), .family(.androidForegroundServiceType),
                .fact(.androidServicesWithoutForegroundType), .fact(.androidServicesWithoutForegroundTypeActions),
                .fact(.androidServicesDeclared), .fact(.androidServiceSuperclasses)],
        run: { invocation in
            invocation.options.string("require") == "type" ? AndroidForegroundServiceTypeCheck.run(invocation) : run(invocation)
        })

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.facts
        guard let table = invocation.decoded("types", as: ForegroundServiceTypePermissions.self),
              let minimum = invocation.options.int("min_target_sdk"),
              let target = facts[.androidTargetSDK], case .number(let level) = target.value, Int(level) >= minimum else { return [] }
        let gate = AndroidAppModules.gatedOnLowerBound(facts, project: invocation.context.project, level: Int(level), severity: nil, rule: invocation.rule.severity)
        func granted(_ permission: String) -> Bool { facts[FactName(permission, inTable: "types")]?.value.isTruthy ?? false }
        // A Flutter or React Native app whose packages' manifests are not in the tree: a plugin may add the
        // permission to the merged manifest (flutter_foreground_task adds FOREGROUND_SERVICE), so the absence is
        // advice, and the message says which packages could not be seen.
        func names(_ fact: FactName) -> [String] {
            guard let fact = facts[fact], case .list(let names) = fact.value else { return [] }
            return names
        }
        let unseen = names(.androidPluginsUnseen)
        // Path dependencies outside the folder checked were not read: their manifests may add it too.
        let outside = names(.androidPluginsOutsideRoot)
        // The app module's own folder: a service its own manifests declare with a type is the app's, and so is the
        // permission for that type (a plugin's manifest requests permissions for its own services).
        let appFolder = facts[.androidReleaseModule]?.evidence.first.map { evidence -> String in
            let path = evidence.location.path
            return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        }
        var results: [CheckResult] = []
        for (type, required) in table.types {
            guard let declared = facts[FactFamily.androidForegroundServiceType.member(type)], declared.value.isTruthy else { continue }
            let missing = ([table.base] + required).filter { !granted($0) }
            guard !missing.isEmpty else { continue }
            let first = declared.evidence.first
            let appsOwn = appFolder.map { folder in
                declared.evidence.contains { $0.location.path.hasPrefix(folder.isEmpty ? "src/" : folder + "/src/") }
            } ?? false
            // Only a type's own permission is the app's for sure; the plain FOREGROUND_SERVICE is what plugins add.
            let typeOwn = appsOwn && !missing.contains(table.base)
            let clause = typeOwn && !(unseen.isEmpty && outside.isEmpty)
                ? "; the app's own manifest declares the service with this type, so the type's permission is the app's to request (a plugin's manifest requests permissions for its own services)"
                : unseenClause(unseen: unseen, outside: outside)
            results.append(CheckResult(location: first?.location ?? SourceLocation(path: "."), evidence: first?.snippet, values: [
                "type": type,
                "permission": missing.map { $0.replacingOccurrences(of: "android.permission.", with: "") }.joined(separator: " and "),
                "permissions": missing.joined(separator: ", "),
                "services": declared.evidence.map(\.location.description).joined(separator: ", "),
                "target_sdk": gate.targetSdk,
                "unseen": clause,
            ], severity: AndroidAppModules.gatedOnLowerBound(facts, project: invocation.context.project, level: Int(level), severity: typeOwn || (unseen.isEmpty && outside.isEmpty) ? nil : .info,
                                                            rule: invocation.rule.severity).severity))
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

/// `android.foreground_services` with `require: type`: a `<service>` of the release manifest without
/// `android:foregroundServiceType` (`android.services_without_foreground_type`) that runs in the foreground, once the
/// app targets `min_target_sdk` or later: Android 14 throws MissingForegroundServiceTypeException there. A service
/// runs in the foreground when (the `android.start_foreground` symbol hits) its class's file calls `startForeground`,
/// or the file of a superclass it inherits from in the repository does (`android.service_superclasses`),
/// or a helper in its package does (a file of the class's folder, or of its package's folder, that is no other
/// service's class: `service.startForeground(…)` in a notification helper, `Service.startForegroundSafely`), or when
/// it is a library's service that the app's code puts in the foreground (`library_services`: WorkManager's
/// SystemForegroundService when a worker builds a ForegroundInfo). One result per service, at its manifest line,
/// naming the call.
enum AndroidForegroundServiceTypeCheck {
    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        let facts = invocation.facts
        guard let minimum = invocation.options.int("min_target_sdk"),
              let target = facts[.androidTargetSDK], case .number(let level) = target.value, Int(level) >= minimum,
              let untyped = facts[.androidServicesWithoutForegroundType] else { return [] }
        let gate = AndroidAppModules.gatedOnLowerBound(facts, project: invocation.context.project, level: Int(level), severity: nil, rule: invocation.rule.severity)
        let library = invocation.decoded("library_services", as: LibraryForegroundServices.self)?.services ?? [:]
        let foregroundActions = invocation.decoded("actions", as: ForegroundActions.self)?.actions ?? [:]
        let actionPlaces = facts[.androidServicesWithoutForegroundTypeActions]?.evidence ?? []
        let hits = invocation.context.project.symbolHits(fromArchive: false)
        // The files that call startForeground, by class name (the file's name without its extension), and by folder.
        var callers: [String: SymbolHit] = [:]
        var callersByFolder: [String: [SymbolHit]] = [:]
        for hit in hits where hit.signal == "android.start_foreground" {
            let (folder, name) = folderAndName(hit.location.path)
            if callers[name] == nil { callers[name] = hit }
            callersByFolder[folder, default: []].append(hit)
        }
        // Every declared service's simple name: a file of that name is that service's class, not a helper.
        let serviceNames = Set(((facts[.androidServicesDeclared]?.value).flatMap { value -> [String]? in
            if case .list(let names) = value { return names } else { return nil }
        } ?? []).map(simpleName))
        // The folders holding each class file (SyncService.kt), for the helpers beside it.
        var classFolders: [String: [String]] = [:]
        for path in invocation.context.project.walkedFiles where path.hasSuffix(".kt") || path.hasSuffix(".java") {
            let (folder, name) = folderAndName(path)
            classFolders[name, default: []].append(folder)
        }
        // The declared services whose class file sits in `folder` (`SyncService.kt` there), or whose fully qualified
        // package is that folder's path (`org.odk.collect.async.services` → `…/org/odk/collect/async/services`).
        let declared = (facts[.androidServicesDeclared]?.evidence.map(\.snippet) ?? []) + untyped.evidence.map(\.snippet)
        func servicesIn(_ folder: String) -> Set<String> {
            Set(declared.filter { service in
                let components = service.split(separator: ".").map(String.init)
                let package = service.hasPrefix(".") || components.count < 3 ? nil : components.dropLast().joined(separator: "/")
                return (classFolders[simpleName(service)] ?? []).contains(folder)
                    || package.map { folder == $0 || folder.hasSuffix("/" + $0) } == true
            })
        }
        // Each service's superclasses declared in the repository (`android.service_superclasses`): the files a call
        // to startForeground it inherits may sit in, with the class name.
        var superclasses: [String: [(name: String, location: SourceLocation)]] = [:]
        for link in facts[.androidServiceSuperclasses]?.evidence ?? [] {
            guard let space = link.snippet.lastIndex(of: " ") else { continue }
            superclasses[String(link.snippet[..<space]), default: []].append((String(link.snippet[link.snippet.index(after: space)...]), link.location))
        }
        /// The first call to startForeground in a superclass's file, named by the class declared last above it there.
        func inheritedCall(_ service: String) -> (base: String, call: SymbolHit)? {
            let chain = superclasses[service] ?? []
            for path in chain.map(\.location.path) {
                guard let call = hits.first(where: { $0.signal == "android.start_foreground" && $0.location.path == path }) else { continue }
                let declared = chain.filter { $0.location.path == path }
                let above = declared.filter { ($0.location.line ?? 0) <= (call.location.line ?? 0) }.max { ($0.location.line ?? 0) < ($1.location.line ?? 0) }
                return ((above ?? declared[0]).name, call)
            }
            return nil
        }
        var results: [CheckResult] = []
        var seen = Set<String>()
        for service in untyped.evidence {
            let name = service.snippet
            let simple = simpleName(name)
            guard seen.insert(name).inserted else { continue }
            var found: (how: String, call: SymbolHit)?
            if let call = callers[simple] {
                found = ("its code calls startForeground", call)
            } else if let (base, call) = inheritedCall(name) {
                found = ("its superclass \(base) calls startForeground", call)
            } else if let entry = library[name], let call = hits.first(where: { $0.signal == entry.signal }) {
                found = (entry.how, call)
            } else if let place = actionPlaces.first(where: { place in
                place.snippet.hasPrefix(name + " ") && foregroundActions[String(place.snippet.dropFirst(name.count + 1))] != nil
            }) {
                let action = String(place.snippet.dropFirst(name.count + 1))
                found = (foregroundActions[action] ?? "", SymbolHit(signal: "manifest", symbol: action, location: place.location))
            } else {
                // A helper in the service's folder (the folder of its class file, or of its package when the name is
                // fully qualified), when no other declared service lives there: a notification helper calling
                // `service.startForeground(…)` serves the one service beside it, and is ambiguous among several.
                let helper = callersByFolder.lazy.filter { folder, _ in servicesIn(folder) == [name] }
                    .flatMap(\.value).first { hit in !serviceNames.contains(folderAndName(hit.location.path).name) }
                if let helper { found = ("code in its package calls startForeground", helper) }
            }
            guard let found else { continue }
            results.append(CheckResult(location: service.location, evidence: "<service android:name=\"\(name)\">", values: [
                "service": name, "how": found.how, "call": "\(found.call.location)", "target_sdk": gate.targetSdk,
            ], severity: gate.severity))
        }
        return results
    }

    static func simpleName(_ name: String) -> String { name.split(separator: ".").last.map(String.init) ?? name }

    /// `app/src/main/java/a/b/SyncService.kt` → (`app/src/main/java/a/b`, `SyncService`).
    static func folderAndName(_ path: String) -> (folder: String, name: String) {
        // The last slash on the bytes: this runs for every Kotlin and Java file of the tree.
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (folder, file.split(separator: ".").first.map(String.init) ?? file)
    }
}
