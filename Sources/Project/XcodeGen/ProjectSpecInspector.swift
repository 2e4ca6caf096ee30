import StoreLocale
import Formats

/// The project generators' specs of a tree: XcodeGen `project.yml`, Tuist `Project.swift` and Expo's
/// `app.json` / `app.config.(js|ts)` (outside dependency folders). Each target's Info.plist keys become an `InfoPlistFile` (`isGenerated`, located in the
/// spec), so a purpose string declared there counts. Facts:
/// - `apple.project_spec`: a spec was read (evidence: each spec).
/// - `apple.project_spec.unevaluated`: without an Xcode project, a spec holds parts shipcheck did not read
///   (evidence: each part), or could not be read at all (too large, not UTF-8), so a key absent from what was
///   read may still be set by the generated project.
enum ProjectSpecInspector {
    static func inspect(files: [ProjectFile], hasXcodeProject: Bool)
        -> (plists: [InfoPlistFile], facts: [Fact], problems: [InputProblem], manifests: [PrivacyManifestFile], stores: [StoreEvidence],
            targets: [(spec: String, targets: [ProjectSpec.Target])]) {
        let names: Set<String> = ["project.yml", "Project.swift", "app.json", "app.config.js", "app.config.ts"]
        let specs = files.filter { !$0.isVendored && names.contains(String($0.fileName)) }
        guard !specs.isEmpty else { return ([], [], [], [], [], []) }
        // Expo's android facts count only where the android/ project is generated (no manifest committed).
        let hasAndroidProject = files.contains { !$0.isVendored && $0.fileName == "AndroidManifest.xml" }
        var manifests: [PrivacyManifestFile] = []
        // Includes are looked up among the tree's own files only.
        let yamlFiles = Dictionary(files.lazy.filter { !$0.isVendored && ($0.fileName.hasSuffix(".yml") || $0.fileName.hasSuffix(".yaml")) }
            .map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var plists: [InfoPlistFile] = []
        var facts: [Fact] = []
        var problems: [InputProblem] = []
        // A spec without the project it generates still says which store the app ships to.
        var stores: [StoreEvidence] = []
        let configFiles = Dictionary(files.lazy.filter { !$0.isVendored && $0.fileName.hasSuffix(".xcconfig") }.map { ($0.path, $0) },
                                     uniquingKeysWith: { first, _ in first })
        // Without an Xcode project, an XcodeGen spec's targets are the bundles (their sources, plists, platforms).
        var targets: [(spec: String, targets: [ProjectSpec.Target])] = []
        for file in specs.sorted(by: { $0.path < $1.path }) {
            let text: String
            do { text = try InspectedText.read(file) } catch {
                problems.append(error.problem)
                // A generator spec that could not be read at all may set any key: never let its absence be an error.
                if !hasXcodeProject && file.fileName != "app.json" {
                    facts.append(Fact(name: "apple.project_spec.unevaluated", value: .bool(true), source: .detected, evidence: [
                        Evidence(location: SourceLocation(path: file.path), snippet: "\(file.fileName) \(error.problem.message)"),
                    ]))
                }
                continue
            }
            let spec: ProjectSpec
            if file.fileName == "project.yml" {
                // A `project.yml` without `targets:` or `name:` is some other tool's file.
                guard text.contains("targets:") || text.contains("include:") else { continue }
                spec = XcodeGenSpecReader.read(path: file.path, text: text, load: { path in
                    yamlFiles[path].flatMap { try? InspectedText.read($0) }
                }, loadConfig: { path in
                    configFiles[path].flatMap { try? InspectedText.read($0) }.map { Array($0.utf8) }
                })
                if !hasXcodeProject { targets.append((file.path, spec.targets)) }
            } else if file.fileName == "Project.swift" {
                guard text.contains("import ProjectDescription") else { continue }
                spec = TuistManifestScanner.read(path: file.path, text: text)
            } else if hasXcodeProject {
                // With a committed ios/ project (bare React Native, or after `expo prebuild`) its Info.plist is what
                // ships; the Expo config is applied only when the project is generated again.
                continue
            } else if file.fileName == "app.json" {
                guard let expo = ExpoConfigReader.read(path: file.path, text: text) else { continue }
                spec = expo
            } else {
                spec = ExpoConfigReader.dynamicConfig(path: file.path, text: text)
            }
            if let manifest = spec.privacyManifest {
                manifests.append(PrivacyManifestFile(location: SourceLocation(path: spec.path, line: manifest.line), isAppOwned: true,
                                                     document: PlistDocument(value: manifest.value, text: text)))
            }
            if !hasAndroidProject {
                facts += spec.androidPermissions.map {
                    Fact(name: "android.permission.\($0.name)", value: .bool(true), source: .detected,
                         evidence: [Evidence(location: SourceLocation(path: spec.path, line: $0.line), snippet: "android.permissions: \($0.name) (Expo config)")])
                }
                if let sdk = spec.androidTargetSdk {
                    facts.append(Fact(name: "android.target_sdk", value: .number(Double(sdk.value)), source: .detected,
                                      evidence: [Evidence(location: SourceLocation(path: spec.path, line: sdk.line), snippet: "expo-build-properties android.targetSdkVersion: \(sdk.value)")]))
                }
            }
            for (store, line) in spec.expoStores where store == .appstore ? !hasXcodeProject : !hasAndroidProject {
                stores.append(StoreEvidence(store, Evidence(location: SourceLocation(path: spec.path, line: line),
                                                            snippet: "Expo config builds the \(store == .appstore ? "iOS" : "Android") app")))
            }
            if spec.expoStores.isEmpty, !hasXcodeProject, !spec.targets.isEmpty {
                stores.append(StoreEvidence(.appstore, Evidence(location: SourceLocation(path: spec.path), snippet: "\(file.fileName) generates the Xcode project")))
            }
            facts.append(Fact(name: "apple.project_spec", value: .bool(true), source: .detected, evidence: [
                Evidence(location: SourceLocation(path: file.path), snippet: "\(file.fileName): \(spec.targets.count) targets read"),
            ]))
            for target in spec.targets where !target.keys.isEmpty || target.generatesInfoPlist {
                plists.append(InfoPlistFile(location: SourceLocation(path: spec.path, line: target.line), target: target.name,
                                            strings: target.keys, keyLines: target.keyLines, isGenerated: true, productType: target.productType))
            }
            // The lowest release deployment target of the spec's iOS apps, as `apple.deployment_target` is read from an
            // Xcode project (an app extension cannot be lower than its app).
            let deployments = spec.targets.compactMap { target -> (name: String, number: Double, value: String, at: SourceLocation)? in
                guard !hasXcodeProject, target.productType == "com.apple.product-type.application",
                      (target.platform ?? "iOS").lowercased() == "ios",
                      let (value, at) = target.iOSDeploymentTarget, let number = Double(value) else { return nil }
                return (target.name, number, value, at)
            }
            if let lowest = deployments.min(by: { ($0.number, $0.name) < ($1.number, $1.name) }) {
                facts.append(Fact(name: "apple.deployment_target", value: .number(lowest.number), source: .detected, evidence: [
                    Evidence(location: lowest.at, snippet: "\(lowest.name): IPHONEOS_DEPLOYMENT_TARGET = \(lowest.value)"),
                ]))
            }
            if !hasXcodeProject, !spec.unevaluated.isEmpty {
                facts.append(Fact(name: "apple.project_spec.unevaluated", value: .bool(true), source: .detected,
                                  evidence: spec.unevaluated.prefix(20).map { Evidence(location: SourceLocation(path: spec.path, line: $0.line), snippet: $0.what) }))
            }
        }
        return (plists, facts, problems, manifests, stores, targets)
    }

    /// The parts of the specs not evaluated, from the facts above, as one not-checked input.
    static func coverage(_ facts: [Fact]) -> [CoverageGap] {
        let unread = facts.filter { $0.name == "apple.project_spec.unevaluated" }.flatMap(\.evidence).sorted()
        return unread.isEmpty ? [] : [CoverageGap(.projectSpec, subjects: unread.map(\.snippet), evidence: unread)]
    }
}
