/// Draws the Android facts from the parsed files. Only app modules (`com.android.application`) count for
/// the SDK levels and version; every shipping manifest (not test or debug-only) counts for permissions and features.
enum AndroidFacts {
    typealias LineText = (_ path: String, _ line: Int) -> String

    static func make(gradleFiles: [GradleFile], scripts: [(path: String, script: GradleScript)], manifests: [AndroidManifestFile],
                     lookedAt: [String], line: LineText) -> [Fact] {
        var facts: [Fact] = []
        func evidence(_ path: String, _ number: Int?) -> Evidence {
            Evidence(location: SourceLocation(path: path, line: number), snippet: number.map { line(path, $0) } ?? "")
        }
        func fact(_ name: String, _ value: FactValue, _ evidence: [Evidence]) {
            facts.append(Fact(name: name, value: value, source: .detected, evidence: evidence))
        }

        let apps = gradleFiles.filter { $0.kind == .application }
        let shippingManifests = manifests.filter { !$0.isTestOrDebugOnly }

        // android.project
        for app in apps {
            let script = scripts.first { $0.path == app.location.path }?.script
            let pluginLine = zip(script?.plugins ?? [], app.plugins)
                .first { AndroidInspector.moduleKind(plugins: [$0.1], settings: []) == .application }?.0.line
            fact("android.project", .bool(true), [evidence(app.location.path, pluginLine ?? app.settings(.applicationId).first?.line)])
        }

        // android.target_sdk / android.target_sdk_unknown / android.min_sdk
        var unknownEvidence: [Evidence] = []
        for (name, factName) in [(GradleSetting.Name.targetSdk, "android.target_sdk"), (.minSdk, "android.min_sdk")] {
            var known: [(value: Int, evidence: [Evidence])] = []
            for app in apps {
                let settings = app.settings(name)
                if settings.isEmpty && name == .targetSdk {
                    unknownEvidence.append(Evidence(location: app.location, snippet: "no targetSdk or targetSdkVersion in defaultConfig"))
                }
                for setting in settings {
                    let at = evidence(app.location.path, setting.line)
                    if let text = setting.value, let value = Int(text) {
                        let source = setting.resolvedAt.map { [evidence($0.path, $0.line)] } ?? []
                        known.append((value, [at] + source))
                    } else if name == .targetSdk {
                        unknownEvidence.append(at)
                    }
                }
            }
            if known.isEmpty {
                // Very old projects still state it in the manifest.
                let attribute = name == .targetSdk ? "android:targetSdkVersion" : "android:minSdkVersion"
                for manifest in shippingManifests {
                    if let value = manifest.usesSdk[attribute], let number = Int(value.value) {
                        known.append((number, [evidence(manifest.location.path, value.line)]))
                    }
                }
            }
            if let lowest = known.min(by: { $0.value < $1.value }) {
                fact(factName, .number(Double(lowest.value)), lowest.evidence)
            }
        }
        if !unknownEvidence.isEmpty {
            // The catalogs and properties files that were searched; no snippet, as nothing matched there.
            let places = lookedAt.map { Evidence(location: SourceLocation(path: $0), snippet: "") }
            fact("android.target_sdk_unknown", .bool(true), unknownEvidence + places)
        }

        // android.version_code, android.application_id: the first app module's defaultConfig.
        for app in apps {
            if let setting = app.settings(.versionCode).first(where: { $0.flavor == nil }), let text = setting.value, let value = Int(text) {
                fact("android.version_code", .number(Double(value)), [evidence(app.location.path, setting.line)])
                break
            }
        }
        if let (app, setting) = apps.lazy.compactMap({ app in app.settings(.applicationId).first { $0.flavor == nil && $0.value != nil }.map { (app, $0) } }).first,
           let value = setting.value {
            fact("android.application_id", .string(value), [evidence(app.location.path, setting.line)])
        } else if let manifest = shippingManifests.first(where: { $0.package != nil }), let package = manifest.package {
            fact("android.application_id", .string(package), [Evidence(location: manifest.location, snippet: "package=\"\(package)\"")])
        }

        // android.form_factor
        if !apps.isEmpty || !shippingManifests.isEmpty {
            let features = shippingManifests.flatMap { manifest in manifest.features.map { (feature: $0, manifest: manifest) } }
            let (formFactor, marker) = AndroidFormFactor.detect(features)
            let markerEvidence = marker.map { [evidence($0.1.location.path, $0.0.line)] } ?? []
            fact("android.form_factor", .string(formFactor.rawValue), markerEvidence)
        }

        // android.permission.<NAME>
        for manifest in shippingManifests {
            for permission in manifest.permissions {
                let name = permission.name.hasPrefix("android.permission.") ? permission.name : "android.permission." + permission.name
                fact(name, .bool(true), [evidence(manifest.location.path, permission.line)])
            }
        }
        return facts
    }
}
