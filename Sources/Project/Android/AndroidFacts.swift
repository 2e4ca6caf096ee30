/// Draws the Android facts from the release model.
///
/// The release module is the phone app module that ships (the one named `app` when there are several),
/// else the first app module that ships. Its values keep the short names:
/// `android.project`, `android.release_module`, `android.target_sdk`, `android.target_sdk_unknown` (with the
/// places looked at), `android.min_sdk`, `android.version_code`, `android.application_id`,
/// `android.form_factor`, `android.permission.<NAME>` (its merged release manifest, plus those of app
/// modules with the same applicationId, such as a Wear OS module published in the same listing) and
/// `android.foreground_service_type.<type>` (a `<service>` of its merged release manifest declares that
/// `android:foregroundServiceType`; the evidence is each such service) and `android.permission_removed.<name>`
/// (its manifests remove that permission with `tools:node="remove"`, full name as written).
///
/// Every app module that ships, the release module included, is listed in `android.modules` and has
/// `android.module.<name>.{form_factor, target_sdk, target_sdk_unknown, min_sdk, version_code,
/// version_code_unknown, application_id, release_manifests, exported_missing, debuggable, cleartext_traffic}`; modules left out
/// (test harnesses, samples) are in `android.modules_skipped` with the reason.
enum AndroidFacts {
    typealias LineText = (_ path: String, _ line: Int) -> String

    static func make(modules: [AndroidAppModule], looseManifest: AndroidMergedManifest?, line: LineText) -> [Fact] {
        var facts: [Fact] = []
        func evidence(_ path: String, _ number: Int?) -> Evidence {
            Evidence(location: SourceLocation(path: path, line: number), snippet: number.map { line(path, $0) } ?? "")
        }
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

        var shipping = modules.filter { $0.notShipping == nil }
        let skipped = modules.filter { $0.notShipping != nil }
        if shipping.isEmpty { shipping = modules }
        else if !skipped.isEmpty {
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

        for module in shipping {
            let prefix = module.factPrefix
            let formFactorEvidence = module.formFactorMarker.map { [Evidence(location: SourceLocation(path: $0.path, line: $0.line), snippet: $0.snippet)] }
                ?? [Evidence(location: SourceLocation(path: module.buildFile, line: module.pluginLine), snippet: "no Wear OS, TV or Automotive declaration or library: a phone app")]
            fact(prefix + ".form_factor", .string(module.formFactor.rawValue), formFactorEvidence)
            if let target = module.targetSdk, let value = Int(target.value) {
                fact(prefix + ".target_sdk", .number(Double(value)), target.evidence)
            } else {
                fact(prefix + ".target_sdk_unknown", .bool(true), module.targetSdkLookedAt)
            }
            if let min = module.minSdk, let value = Int(min.value) { fact(prefix + ".min_sdk", .number(Double(value)), min.evidence) }
            if let code = module.versionCode, let value = Int(code.value) {
                fact(prefix + ".version_code", .number(Double(value)), code.evidence)
            } else {
                fact(prefix + ".version_code_unknown", .bool(true), module.versionCodeLookedAt)
            }
            if let id = module.applicationId { fact(prefix + ".application_id", .string(id.value), id.evidence) }
            let variant = module.releaseFlavors.isEmpty ? "release" : module.releaseFlavors.map { $0 + "Release" }.joined(separator: ", ")
            fact(prefix + ".release_manifests", .list(module.manifest.sources),
                 module.manifest.sources.map { Evidence(location: SourceLocation(path: $0), snippet: "merged for \(variant) (\(module.releaseFlavorReason))") })

            let missing = module.manifest.components.filter {
                $0.value.hasIntentFilter && $0.value.exported == nil && $0.value.kind != "provider"
            }
            if !missing.isEmpty {
                fact(prefix + ".exported_missing", .list(missing.map { "<\($0.value.kind) \($0.value.name)>" }), missing.map { evidence($0.path, $0.line) })
            }
            if let debuggable = module.manifest.application["android:debuggable"], debuggable.value.value == "true" {
                fact(prefix + ".debuggable", .bool(true), [evidence(debuggable.path, debuggable.line)])
            }
            if let cleartext = module.cleartext {
                fact(prefix + ".cleartext_traffic", .bool(true), [cleartext])
            }
        }

        // The release module's values under the short names.
        let prefix = release.factPrefix + "."
        for (short, detailed) in ["target_sdk", "target_sdk_unknown", "min_sdk", "version_code", "application_id", "form_factor"].map({ ("android." + $0, prefix + $0) }) {
            if let detail = facts.first(where: { $0.name == detailed }) { fact(short, detail.value, detail.evidence) }
        }
        var permissionSources = release.manifest
        for other in shipping where other.name != release.name && other.applicationId != nil && other.applicationId?.value == release.applicationId?.value {
            permissionSources.permissions += other.manifest.permissions.filter { new in !permissionSources.permissions.contains { $0.value.name == new.value.name } }
        }
        permissionFacts(permissionSources, into: &facts, evidence: evidence)
        foregroundServiceTypeFacts(release.manifest, into: &facts, evidence: evidence)
        // A permission the app removes with tools:node="remove" (an SDK's AD_ID, say): what ships without it.
        for removed in release.manifest.removedPermissions where !facts.contains(where: { $0.name == "android.permission_removed." + removed.value }) {
            fact("android.permission_removed." + removed.value, .bool(true), [evidence(removed.path, removed.line)])
        }
        return facts
    }

    static func foregroundServiceTypeFacts(_ manifest: AndroidMergedManifest, into facts: inout [Fact], evidence: (String, Int?) -> Evidence) {
        var byType: [String: [Evidence]] = [:]
        for service in manifest.components where service.value.kind == "service" {
            for type in service.value.foregroundServiceTypes {
                byType[type, default: []].append(evidence(service.path, service.line))
            }
        }
        for (type, places) in byType.sorted(by: { $0.key < $1.key }) {
            facts.append(Fact(name: "android.foreground_service_type.\(type)", value: .bool(true), source: .detected, evidence: places))
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
