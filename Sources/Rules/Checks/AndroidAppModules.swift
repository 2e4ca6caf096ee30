import Project
import StoreLocale

/// The Android app modules a check judges, read from the facts: the release module under the short fact
/// names (`android.target_sdk`, `android.form_factor`, which shipcheck.yml may state), then every other
/// module of `android.modules` under `android.module.<name>.…`. A project with no `android.modules` (a
/// bare manifest, or only stated facts) is one app under the short names.
struct AndroidAppModules {
    struct Module {
        /// The module name, or nil for an app known only by the short names.
        let name: String?
        /// The prefix of its facts: `android.` or `android.module.<name>.`.
        let prefix: String
    }

    let modules: [Module]

    init(_ facts: FactStore) {
        let release = facts["android.release_module"]?.value.description
        var modules = [Module(name: release, prefix: "android.")]
        if case .list(let names)? = facts["android.modules"]?.value {
            for name in names where name != release {
                modules.append(Module(name: name, prefix: "android.module.\(name)."))
            }
        }
        self.modules = modules
    }

    /// Its own fact for the release module's short names that have no module-specific counterpart
    /// (`exported_missing`, `debuggable`…): those are only kept under `android.module.<name>.`.
    static func detailFact(_ facts: FactStore, _ module: Module, _ name: String) -> Fact? {
        facts[module.prefix + name] ?? module.name.flatMap { facts["android.module.\($0).\(name)"] }
    }

    /// Whether the module's app goes only elsewhere (`<prefix>stores` is `[fdroid]`, `[github]`…, from the evidence the
    /// inspector found): Play's rules then say "if uploaded to Google Play" and are at most warnings
    /// (docs/severity.md: an error needs evidence in what ships to that store).
    static func isFDroidOnly(_ facts: FactStore, _ module: Module) -> Bool {
        guard case .list(let stores)? = detailFact(facts, module, "stores")?.value else { return false }
        return !stores.isEmpty && !stores.contains("play")
    }

    /// The condition of a Play finding about an F-Droid-only app, or nil.
    static func playCondition(_ facts: FactStore, _ module: Module) -> FindingCondition? {
        isFDroidOnly(facts, module) ? .ifUploaded(.play) : nil
    }

    /// " (module wear)" for a message, or "" for the release module.
    static func label(_ module: Module) -> String {
        module.prefix == "android." ? "" : " (module \(module.name ?? ""))"
    }
}
