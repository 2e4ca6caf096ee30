import Formats

/// Draws the Android facts from the release model: each shipping module's values from the `AndroidShippedModule`
/// the model part carries (`shippedModules`), so the facts and the part never disagree.
///
/// The release module is the phone app module that ships (the one named `app` when there are several),
/// else the first app module that ships. Its values keep the short names:
/// `android.project`, `android.release_module`, `android.target_sdk`, `android.target_sdk_unknown` (with the
/// places looked at), `android.min_sdk`, `android.version_code`, `android.application_id`,
/// `android.form_factor`, `android.permission.<NAME>` (the merged release manifests of every app module that
/// ships, the release module's first; with more than one applicationId each place names its app),
/// `android.foreground_service_type.<type>` (a `<service>` of its merged release manifest declares that
/// `android:foregroundServiceType`; the evidence is each such service) and `android.permission_removed.<name>`
/// (its manifests remove that permission with `tools:node="remove"`, full name as written).
///
/// In a Flutter or React Native app, `android.module.<name>.plugin_manifests` lists the plugin manifests merged (in-tree
/// path dependencies, rows of the plugin_manifests table), `plugins_unseen` the packages whose manifests are not in the
/// tree and `plugins_outside_root` the path dependencies outside the root (not read); the release module's are also under
/// `android.plugin_manifests`, `android.plugins_unseen` and `android.plugins_outside_root` (CrossPlatformPackages).
///
/// Every app module that ships, the release module included, is listed in `android.modules` and has
/// `android.module.<name>.{form_factor, target_sdk, target_sdk_unknown, min_sdk, version_code,
/// version_code_unknown, application_id, release_manifests, exported_missing, debuggable, cleartext_traffic,
/// library_modules, module_graph_unresolved, flavors_unresolved, stores}`; modules left out (test harnesses, samples) are in
/// `android.modules_skipped` with the reason. `library_modules` lists the in-repo library modules merged into
/// the release manifest; `module_graph_unresolved` (the places the graph could not be followed, each library
/// module's non-test manifests merged instead) and `flavors_unresolved` (flavours with computed names, every
/// flavour source set merged) say where shipcheck widened rather than guessed. `stores` is `[play]`,
/// `[fdroid]` or both, from evidence (`AndroidStoreEvidence`); an app with no evidence either way is `[play]`.
///
/// Every fact name this inspector makes is in `AndroidFacts.names` (the one list of them).
enum AndroidFacts {
    typealias LineText = (_ path: String, _ line: Int) -> String

    /// The fact names this inspector makes (`<name>` is a module, `<NAME>` a permission).
    static let names = [
        "android.project", "android.release_module", "android.modules", "android.modules_skipped",
        "android.target_sdk", "android.target_sdk_unknown", "android.target_sdk_at_least", "android.min_sdk", "android.version_code", "android.application_id",
        "android.form_factor", "android.stores", "android.permission.<NAME>",
        "android.foreground_service_type.<type>", "android.services_without_foreground_type", "android.services_declared",
        "android.vpn_service_declared", "android.services_without_foreground_type_actions", "android.permission_removed.<NAME>",
    ] + ["form_factor", "target_sdk", "target_sdk_unknown", "target_sdk_at_least", "min_sdk", "version_code", "version_code_unknown", "application_id",
         "release_manifests", "exported_missing", "debuggable", "cleartext_traffic", "library_modules", "module_graph_unresolved",
         "flavors_unresolved", "stores", "plugin_manifests", "plugins_unseen", "plugins_outside_root"].map { "android.module.<name>." + $0 }
        + ["android.plugin_manifests", "android.plugins_unseen", "android.plugins_outside_root"]

    /// The modules that ship: those not left out (test harnesses, samples), or every module when all are.
    static func shippingModules(_ modules: [AndroidAppModule]) -> [AndroidAppModule] {
        let shipping = modules.filter { $0.notShipping == nil }
        return shipping.isEmpty ? modules : shipping
    }

    /// What could not be followed in the shipping modules: a dependency graph widened to every library
    /// manifest, a release flavour list with computed names (the reports' "Not checked" items).
    static func coverage(modules: [AndroidAppModule], looseManifest: AndroidMergedManifest?) -> [CoverageGap] {
        let shipping = shippingModules(modules)
        guard looseManifest == nil, releaseModule(shipping) != nil else { return [] }
        var gaps: [CoverageGap] = []
        for module in shipping {
            if module.graphWidened {
                gaps.append(CoverageGap(.androidModuleGraph, subjects: [module.name], evidence: module.graphUnresolved,
                                        detail: "\(module.libraryModules.count) modules: dependency graph not resolved, all library manifests merged"))
            }
            if let flavors = module.flavorsUnresolved {
                gaps.append(CoverageGap(.androidFlavors, subjects: [module.name], evidence: [flavors], detail: module.releaseFlavorReason))
            }
        }
        return gaps
    }

    /// A place as a finding shows it: the path and line, with the line's text (or what the workspace says of it).
    static func placing(_ line: @escaping LineText) -> (String, Int?) -> Evidence {
        { path, number in Evidence(location: SourceLocation(path: path, line: number), snippet: number.map { line(path, $0) } ?? "") }
    }

    /// The app modules that ship as the model part holds them (`AndroidPart.modules`), in script order; none
    /// without a release module (a bare manifest). Their `android.module.<name>.…` facts are drawn from these.
    static func shippedModules(_ modules: [AndroidAppModule], looseManifest: AndroidMergedManifest?, line: @escaping LineText) -> [AndroidShippedModule] {
        let shipping = shippingModules(modules)
        guard looseManifest == nil, let release = releaseModule(shipping) else { return [] }
        let evidence = placing(line)
        return shipping.map { shippedModule($0, isRelease: $0.name == release.name, evidence: evidence) }
    }

    /// One app module's release values and merged release manifest, with the evidence its facts carry.
    static func shippedModule(_ module: AndroidAppModule, isRelease: Bool, evidence: (String, Int?) -> Evidence) -> AndroidShippedModule {
        let formFactorEvidence = module.formFactorMarker.map { [Evidence(location: SourceLocation(path: $0.path, line: $0.line), snippet: $0.snippet)] }
            ?? [Evidence(location: SourceLocation(path: module.buildFile, line: module.pluginLine), snippet: "no Wear OS, TV or Automotive declaration or library: a phone app")]
        // The stores this app goes to, from evidence; without any, Play (the rules assume it, as before).
        // F-Droid or GitHub Releases without a Play sign: not Play (Play's rules then give notes).
        let others = (module.fdroidEvidence.isEmpty ? [] : ["fdroid"]) + (module.githubEvidence.isEmpty ? [] : ["github"])
        let stores = module.playEvidence.isEmpty && !others.isEmpty ? others
            : (module.fdroidEvidence.isEmpty ? ["play"] : ["play", "fdroid"])
        let storeEvidence = module.playEvidence.isEmpty && others.isEmpty
            ? [Evidence(location: SourceLocation(path: module.buildFile, line: module.pluginLine), snippet: "no uploader, flavour, dependency or link names a store: taken for a Google Play app")]
            : Array((module.playEvidence + module.fdroidEvidence + (module.playEvidence.isEmpty ? module.githubEvidence : [])).prefix(6))
        let variant = module.releaseFlavors.isEmpty ? "release" : module.releaseFlavors.map { $0 + "Release" }.joined(separator: ", ")
        let releaseManifests = AndroidResolved(module.manifest.sources, evidence: module.manifest.sources.map {
            Evidence(location: SourceLocation(path: $0), snippet: "merged for \(variant) (\(module.releaseFlavorReason))")
        })
        var shipped = AndroidShippedModule(name: module.name, isRelease: isRelease, location: SourceLocation(path: module.buildFile, line: module.pluginLine),
                                           formFactor: AndroidResolved(module.formFactor.rawValue, evidence: formFactorEvidence),
                                           stores: AndroidResolved(stores, evidence: storeEvidence), releaseManifests: releaseManifests)
        if let target = module.targetSdk, let value = Int(target.value) {
            shipped.targetSdk = AndroidResolved(value, evidence: target.evidence)
            shipped.targetSdkIsLowerBound = module.targetSdkAtLeast
            shipped.targetSdkDefault = module.targetSdkDefault
            shipped.targetSdkPinIsLowerBound = module.targetSdkPinIsLowerBound
        } else {
            shipped.targetSdkLookedAt = module.targetSdkLookedAt
        }
        if let min = module.minSdk, let value = Int(min.value) { shipped.minSdk = AndroidResolved(value, evidence: min.evidence) }
        if let code = module.versionCode, let value = Int(code.value) {
            shipped.versionCode = AndroidResolved(value, evidence: code.evidence)
        } else {
            shipped.versionCodeLookedAt = module.versionCodeLookedAt
        }
        shipped.applicationId = module.applicationId.map { AndroidResolved($0.value, evidence: $0.evidence) }
        shipped.permissions = module.manifest.shippedPermissions(module: module.name)
        shipped.components = module.manifest.components.map { AndroidShippedComponent($0.value, location: SourceLocation(path: $0.path, line: $0.line)) }
        let missing = module.manifest.components.filter {
            $0.value.hasIntentFilter && $0.value.exported == nil && $0.value.kind != "provider"
        }
        if !missing.isEmpty {
            shipped.exportedMissing = AndroidResolved(missing.map { "<\($0.value.kind) \($0.value.name)>" }, evidence: missing.map { evidence($0.path, $0.line) })
        }
        let manifestDebuggable = module.manifest.application["android:debuggable"].flatMap { $0.value.value == "true" ? evidence($0.path, $0.line) : nil }
        shipped.debuggable = [manifestDebuggable, module.gradleDebuggable].compactMap { $0 }
        shipped.cleartextTraffic = module.cleartext
        return shipped
    }

    /// The facts of the release model; `shipped` is `shippedModules` of the same modules.
    static func make(modules: [AndroidAppModule], shipped: [AndroidShippedModule], looseManifest: AndroidMergedManifest?, line: @escaping LineText) -> [Fact] {
        var facts: [Fact] = []
        let evidence = placing(line)
        func fact(_ name: String, _ value: FactValue, _ evidence: [Evidence]) {
            facts.append(Fact(name: name, value: value, source: .detected, evidence: evidence))
        }

        if let looseManifest {
            permissionFacts(looseManifest, into: &facts, evidence: evidence)
            if !looseManifest.sources.isEmpty {
                let (formFactor, marker) = AndroidFormFactor.detect(manifest: looseManifest, dependencies: [])
                fact("android.form_factor", .string(formFactor.rawValue), marker.map { [evidence($0.path, $0.line)] } ?? [])
            }
            if let target = looseManifest.usesSdk["android:targetSdkVersion"], let value = Int(target.value.value) {
                fact("android.target_sdk", .number(Double(value)), [evidence(target.path, target.line)])
            }
            return facts
        }

        let shipping = shippingModules(modules)
        let skipped = modules.filter { $0.notShipping != nil }
        if shipping.count != modules.count {
            fact("android.modules_skipped", .list(skipped.map(\.name)),
                 skipped.map { Evidence(location: SourceLocation(path: $0.buildFile, line: $0.pluginLine), snippet: "\($0.name): \($0.notShipping ?? "")") })
        }
        guard let release = releaseModule(shipping) else { return facts }

        fact("android.project", .bool(true), shipping.map { evidence($0.buildFile, $0.pluginLine) })
        fact("android.release_module", .string(release.name),
             [Evidence(location: SourceLocation(path: release.buildFile, line: release.pluginLine),
                       snippet: shipping.count > 1 ? "the \(release.formFactor.rawValue) app module\(release.name.hasSuffix("app") ? " named app" : "") among \(shipping.map(\.name).joined(separator: ", "))" : line(release.buildFile, release.pluginLine ?? 0))])
        fact("android.modules", .list(shipping.map(\.name)),
             shipping.map { Evidence(location: SourceLocation(path: $0.buildFile, line: $0.pluginLine),
                                     snippet: "\($0.name): \($0.formFactor.rawValue), targetSdk \($0.targetSdk?.value ?? "unknown")") })

        for (module, model) in zip(shipping, shipped) {
            let prefix = module.factPrefix
            fact(prefix + ".form_factor", .string(model.formFactor.value), model.formFactor.evidence)
            if let target = model.targetSdk {
                fact(prefix + ".target_sdk", .number(Double(target.value)), target.evidence)
                if model.targetSdkIsLowerBound { fact(prefix + ".target_sdk_at_least", .bool(true), target.evidence) }
            } else {
                fact(prefix + ".target_sdk_unknown", .bool(true), model.targetSdkLookedAt)
            }
            if let min = model.minSdk { fact(prefix + ".min_sdk", .number(Double(min.value)), min.evidence) }
            if let code = model.versionCode {
                fact(prefix + ".version_code", .number(Double(code.value)), code.evidence)
            } else {
                fact(prefix + ".version_code_unknown", .bool(true), model.versionCodeLookedAt)
            }
            if let id = model.applicationId { fact(prefix + ".application_id", .string(id.value), id.evidence) }
            fact(prefix + ".release_manifests", .list(model.releaseManifests.value), model.releaseManifests.evidence)
            if !module.libraryModules.isEmpty {
                fact(prefix + ".library_modules", .list(module.libraryModules),
                     [Evidence(location: SourceLocation(path: module.buildFile), snippet: module.graphWidened
                        ? "\(module.libraryModules.count) library modules: dependency graph not resolved, all library manifests merged"
                        : "\(module.libraryModules.count) library modules followed from the dependencies")])
            }
            if module.graphWidened {
                let summary = "\(module.libraryModules.count) modules: dependency graph not resolved, all library manifests merged"
                fact(prefix + ".module_graph_unresolved", .string(summary), module.graphUnresolved)
            }
            fact(prefix + ".stores", .list(model.stores.value), model.stores.evidence)
            if let flavors = module.flavorsUnresolved {
                fact(prefix + ".flavors_unresolved", .string(module.releaseFlavorReason), [flavors])
            }
            if let packages = module.crossPlatform { crossPlatformFacts(packages, prefix: prefix, into: &facts, evidence: evidence) }
            if let missing = model.exportedMissing {
                fact(prefix + ".exported_missing", .list(missing.value), missing.evidence)
            }
            if !model.debuggable.isEmpty {
                fact(prefix + ".debuggable", .bool(true), model.debuggable)
            }
            if let cleartext = model.cleartextTraffic {
                fact(prefix + ".cleartext_traffic", .bool(true), [cleartext])
            }
        }

        // The release module's values under the short names.
        let prefix = release.factPrefix + "."
        for (short, detailed) in ["target_sdk", "target_sdk_unknown", "target_sdk_at_least", "min_sdk", "version_code", "application_id", "form_factor", "stores",
                                  "plugin_manifests", "plugins_unseen", "plugins_outside_root"].map({ ("android." + $0, prefix + $0) }) {
            if let detail = facts.first(where: { $0.name == detailed }) { fact(short, detail.value, detail.evidence) }
        }
        appPermissionFacts(shipping, release: release, into: &facts, evidence: evidence)
        // Play's VpnService declaration is the console's for each app that goes to Play: a VPN service of another app
        // module that ships there (kiwix-android's branded apps) needs it as much as one of the release module.
        let otherPlayManifests = zip(shipping, shipped).filter { $0.0.name != release.name && $0.1.stores.value.contains("play") }.map(\.0.manifest)
        foregroundServiceTypeFacts(release.manifest, vpnAlsoIn: otherPlayManifests, into: &facts, evidence: evidence)
        // A permission the app removes with tools:node="remove" (an SDK's AD_ID, say): what ships without it.
        for removed in release.manifest.removedPermissions where !facts.contains(where: { $0.name == "android.permission_removed." + removed.value }) {
            fact("android.permission_removed." + removed.value, .bool(true), [evidence(removed.path, removed.line)])
        }
        return facts
    }

    /// What a Flutter or React Native app's packages add to the module's manifest, what could not be seen and what
    /// was not read (outside the root).
    static func crossPlatformFacts(_ packages: CrossPlatformPackages, prefix: String, into facts: inout [Fact], evidence: (String, Int?) -> Evidence) {
        let limit = 10
        var merged: [String] = []
        var mergedEvidence: [Evidence] = []
        for package in packages.inTree {
            guard let folder = package.folder else { continue }
            let path = AndroidInspector.join(folder, "android/src/main/AndroidManifest.xml")
            guard packages.mergedInTree.contains(path) else { continue }
            merged.append(path)
            mergedEvidence.append(Evidence(location: SourceLocation(path: package.path, line: package.line),
                                           snippet: "\(package.name): a path dependency in the tree; its \(path) is merged"))
        }
        for (package, _) in packages.known {
            merged.append(package.name)
            mergedEvidence.append(evidence(package.path, package.line))
        }
        if !merged.isEmpty {
            facts.append(Fact(name: prefix + ".plugin_manifests", value: .list(merged), source: .detected, evidence: Array(mergedEvidence.prefix(limit))))
        }
        if !packages.unseen.isEmpty {
            let origin = packages.framework == .flutter ? "pub.dev or git" : "npm"
            facts.append(Fact(name: prefix + ".plugins_unseen", value: .list(packages.unseen.map(\.name)), source: .detected,
                              evidence: packages.unseen.prefix(limit).map { package in
                                  Evidence(location: SourceLocation(path: package.path, line: package.line),
                                           snippet: "\(package.name) \(package.version ?? ""): from \(origin); its AndroidManifest.xml, if it has one, is not in the tree")
                              }))
        }
        if !packages.outsideRoot.isEmpty {
            facts.append(Fact(name: prefix + ".plugins_outside_root", value: .list(packages.outsideRoot.map(\.package.name)), source: .detected,
                              evidence: packages.outsideRoot.prefix(limit).map { entry in
                                  Evidence(location: SourceLocation(path: entry.package.path, line: entry.package.line),
                                           snippet: "\(entry.package.name): path \(entry.written) leaves the folder checked; not read")
                              }))
        }
    }

    static func foregroundServiceTypeFacts(_ manifest: AndroidMergedManifest, vpnAlsoIn others: [AndroidMergedManifest] = [],
                                           into facts: inout [Fact], evidence: (String, Int?) -> Evidence) {
        var byType: [String: [Evidence]] = [:]
        for service in manifest.components where service.value.kind == "service" {
            for type in service.value.foregroundServiceTypes {
                byType[type, default: []].append(evidence(service.path, service.line))
            }
        }
        for (type, places) in byType.sorted(by: { $0.key < $1.key }) {
            facts.append(Fact(name: "android.foreground_service_type.\(type)", value: .bool(true), source: .detected, evidence: places))
        }
        // Every service's class name: a file of that name is a service's own class, not a helper of another's.
        let services = manifest.components.filter { $0.value.kind == "service" }
        if !services.isEmpty {
            facts.append(Fact(name: "android.services_declared", value: .list(services.map(\.value.name)), source: .detected,
                              evidence: services.map { service in
                                  let place = evidence(service.path, service.line)
                                  return Evidence(location: place.location, snippet: service.value.name)
                              }))
        }
        // A VPN service the release ships (its class may be a library's): bound with BIND_VPN_SERVICE, or started for
        // the android.net.VpnService action (developer.android.com/reference/android/net/VpnService).
        let isVPN: (AndroidMergedManifest.Located<AndroidComponent>) -> Bool = {
            $0.value.kind == "service" && ($0.value.permission == "android.permission.BIND_VPN_SERVICE" || $0.value.actions.contains("android.net.VpnService"))
        }
        var vpn = services.filter(isVPN)
        for other in others {
            for service in other.components where isVPN(service) && !vpn.contains(where: { $0.path == service.path && $0.line == service.line }) { vpn.append(service) }
        }
        if !vpn.isEmpty {
            facts.append(Fact(name: "android.vpn_service_declared", value: .bool(true), source: .detected,
                              evidence: vpn.map { service in
                                  let place = evidence(service.path, service.line)
                                  return Evidence(location: place.location, snippet: "<service android:name=\"\(service.value.name)\" android:permission=\"\(service.value.permission ?? "")\">")
                              }))
        }
        // Services that declare no type: a foreground one among them throws at startForeground from targetSdk 34.
        let untyped = manifest.components.filter { $0.value.kind == "service" && $0.value.foregroundServiceTypes.isEmpty }
        if !untyped.isEmpty {
            facts.append(Fact(name: "android.services_without_foreground_type", value: .list(untyped.map(\.value.name)), source: .detected,
                              evidence: untyped.map { service in
                                  let place = evidence(service.path, service.line)
                                  return Evidence(location: place.location, snippet: service.value.name)
                              }))
            // Their intent-filter actions (`androidx.media3.session.MediaSessionService`): a library base class that
            // puts the service in the foreground itself is named there, although its code is not in the repository.
            let actions = untyped.flatMap { service in service.value.actions.map { (service, $0) } }
            if !actions.isEmpty {
                facts.append(Fact(name: "android.services_without_foreground_type_actions", value: .list(actions.map { "\($0.0.value.name) \($0.1)" }),
                                  source: .detected, evidence: actions.map { service, action in
                                      let place = evidence(service.path, service.line)
                                      return Evidence(location: place.location, snippet: "\(service.value.name) \(action)")
                                  }))
            }
        }
    }

    /// `android.permission.<NAME>` over every app the repository ships (each application module with its own
    /// applicationId; a Wear OS module with the phone app's id is the same app): the release app's
    /// declarations first. With more than one app, each place names its app, so a finding says which.
    static func appPermissionFacts(_ shipping: [AndroidAppModule], release: AndroidAppModule, into facts: inout [Fact],
                                   evidence: (String, Int?) -> Evidence) {
        let ordered = [release] + shipping.filter { $0.name != release.name }
        func app(_ module: AndroidAppModule) -> String { module.applicationId?.value ?? module.name }
        let apps = Set(ordered.map(app))
        var order: [String] = []
        var places: [String: [Evidence]] = [:]
        for module in ordered {
            for permission in module.manifest.permissions {
                let raw = permission.value.name
                let name = raw.hasPrefix("android.permission.") ? raw : "android.permission." + raw
                var place = evidence(permission.path, permission.line)
                if apps.count > 1 {
                    place = Evidence(location: place.location, snippet: place.snippet + " (app \(module.name), \(app(module)))")
                }
                if places[name] == nil { order.append(name) }
                if !(places[name] ?? []).contains(where: { $0.location == place.location }) { places[name, default: []].append(place) }
            }
        }
        for name in order {
            facts.append(Fact(name: name, value: .bool(true), source: .detected, evidence: places[name] ?? []))
        }
    }

    /// The phone module named `app` (or ending in `/app`), else the first phone module, else the first module.
    static func releaseModule(_ modules: [AndroidAppModule]) -> AndroidAppModule? {
        let phones = modules.filter { $0.formFactor == .phone }
        return phones.first { $0.name == "app" || $0.name.hasSuffix("/app") } ?? phones.first ?? modules.first
    }

    static func permissionFacts(_ manifest: AndroidMergedManifest, into facts: inout [Fact], evidence: (String, Int?) -> Evidence) {
        for permission in manifest.permissions {
            let name = permission.value.name.hasPrefix("android.permission.") ? permission.value.name : "android.permission." + permission.value.name
            facts.append(Fact(name: name, value: .bool(true), source: .detected, evidence: [evidence(permission.path, permission.line)]))
        }
    }
}
