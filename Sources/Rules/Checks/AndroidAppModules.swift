import Project
import StoreLocale

/// The Android app modules a check judges: those the Android inspector resolved (`AndroidPart.modules`), the
/// release module first, each with its values as the checks read them. A project with no app module (a bare
/// manifest, an Expo config, a built archive, or only facts stated in shipcheck.yml) is one app known by the
/// short fact names (`android.target_sdk`, `android.form_factor`…).
///
/// One definition of a module's value (`Module.init`): the part's, unless a fact under the name the value is
/// known by says otherwise. shipcheck.yml may state any of them (`android.target_sdk` for the release module,
/// `android.module.wear.target_sdk` for another), and the release module's short names are where the inputs
/// meet (the fact store merges the inspector's copy with what a built archive ships).
struct AndroidAppModules {
    /// The facts a module's values are known by (`Module.init`), declared by each check that reads the modules: the
    /// release module's short names, and every module's own. A manifest problem has no short name (no input makes
    /// `android.debuggable`): only a module's own name states it.
    static let fields = ["target_sdk", "target_sdk_at_least", "target_sdk_unknown", "form_factor", "stores"]
    static let reads: [FactRead] = [.fact(.androidTargetSDK), .fact(.androidTargetSDKAtLeast), .fact(.androidTargetSDKUnknown),
                                    .fact(.androidFormFactor), .fact(.androidStores)]
        + (fields + AndroidReleaseManifestCheck.problems).map { .family(.androidModule($0)) }

    /// A value with where it was set, and whether shipcheck.yml states it.
    struct Known<Value> {
        let value: Value
        let evidence: [Evidence]
        let isStated: Bool
    }

    struct Module {
        /// The module name, or nil for an app known only by the short fact names.
        let name: String?
        /// The release module (or the app known only by the short names): its values are under `android.…`.
        let isRelease: Bool
        let targetSdk: Known<Int>?
        /// shipcheck.yml states its targetSdk: an unknown one is then no news, a lower bound no longer one.
        let targetSdkIsStated: Bool
        /// Its targetSdk is a lower bound (a Flutter default of the oldest release pinned).
        let targetSdkIsLowerBound: Bool
        /// Its targetSdk could not be read; the evidence is every place looked at.
        let targetSdkUnknown: Known<Bool>?
        /// Its targetSdk is a build tool's default (AGP's for an unset one, flutter.targetSdkVersion), in words.
        let targetSdkDefault: String?
        /// Its lower bound comes from a Flutter release that is itself only a lower bound (no exact pin).
        let targetSdkPinIsLowerBound: Bool
        let formFactor: String
        /// The stores it goes to from evidence (`play`, `fdroid`, `github`), or nil when nothing says.
        let stores: [String]?
        /// A problem of its merged release manifest (`AndroidReleaseManifestCheck.problems`), by name: what to
        /// list (`<receiver .Boot>`, `true`) with where it is.
        let problems: [String: Known<String>]

        init(name: String?, isRelease: Bool, part: AndroidShippedModule?, facts: CheckFacts) {
            self.name = name
            self.isRelease = isRelease
            /// The fact names a value of this module is known by, first one first: the short name of the release
            /// module (then, for values only kept per module, its own name), else its own name. A value with no
            /// short name (`short: nil`, a manifest problem) is known by the module's own name only.
            func names(_ field: String, short: FactName?, perModuleOnly: Bool = false) -> [FactName] {
                let own = name.map { [FactFamily.androidModule(field).member($0)] } ?? []
                guard isRelease, let short else { return own }
                return [short] + (perModuleOnly ? own : [])
            }
            /// The one place a fact overrides the part: the first fact present under `names` (stated, or for the
            /// release module's short names what the inputs say), read with `decode`; else the part's value.
            func value<T>(_ field: String, short: FactName?, perModuleOnly: Bool = false, part: Known<T>?, _ decode: (FactValue) -> T?) -> Known<T>? {
                for factName in names(field, short: short, perModuleOnly: perModuleOnly) {
                    // The release module's short names hold the merged value; a name of its own holds the part's copy unless stated.
                    let isShort = factName == short
                    guard let fact = isShort ? facts[factName] : facts.stated(factName) else { continue }
                    return decode(fact.value).map { Known(value: $0, evidence: fact.evidence, isStated: fact.source == .stated) }
                }
                return part
            }
            func resolved<T>(_ value: AndroidResolved<T>?) -> Known<T>? {
                value.map { Known(value: $0.value, evidence: $0.evidence, isStated: false) }
            }
            targetSdk = value("target_sdk", short: .androidTargetSDK, part: resolved(part?.targetSdk)) { value in
                if case .number(let number) = value { return Int(number) }
                return nil
            }
            targetSdkIsStated = names("target_sdk", short: .androidTargetSDK).contains { facts.stated($0) != nil }
            targetSdkIsLowerBound = value("target_sdk_at_least", short: .androidTargetSDKAtLeast, part: part?.targetSdkIsLowerBound == true ? Known(value: true, evidence: [], isStated: false) : nil) {
                $0.isTruthy
            }?.value == true
            let lookedAt = part.flatMap { $0.targetSdk == nil ? Known(value: true, evidence: $0.targetSdkLookedAt, isStated: false) : nil }
            targetSdkDefault = part?.targetSdkDefault
            targetSdkPinIsLowerBound = part?.targetSdkPinIsLowerBound ?? true
            targetSdkUnknown = value("target_sdk_unknown", short: .androidTargetSDKUnknown, part: lookedAt) { $0.isTruthy }.flatMap { $0.value ? $0 : nil }
            formFactor = value("form_factor", short: .androidFormFactor, part: resolved(part?.formFactor)) { $0.description }?.value ?? "phone"
            stores = value("stores", short: .androidStores, perModuleOnly: true, part: resolved(part?.stores)) { value in
                if case .list(let stores) = value { return stores }
                return nil
            }?.value
            var problems: [String: Known<String>] = [:]
            let found: [String: Known<String>?] = [
                "exported_missing": part?.exportedMissing.map { Known(value: $0.value.joined(separator: ", "), evidence: $0.evidence, isStated: false) },
                "debuggable": part.flatMap { $0.debuggable.isEmpty ? nil : Known(value: "true", evidence: $0.debuggable, isStated: false) },
                "cleartext_traffic": part?.cleartextTraffic.map { Known(value: "true", evidence: [$0], isStated: false) },
            ]
            for (problem, known) in found {
                problems[problem] = value(problem, short: nil, part: known) { $0.isTruthy ? $0.description : nil }
            }
            self.problems = problems
        }
    }

    let modules: [Module]

    /// - Parameter facts: the facts of the check reading the modules, which declares `AndroidAppModules.reads`.
    init(_ project: ProjectModel, facts: CheckFacts) {
        let part = project.parts[AndroidPart.self]
        guard let release = part.releaseModule else {
            modules = [Module(name: nil, isRelease: true, part: nil, facts: facts)]
            return
        }
        modules = ([release] + part.modules.filter { !$0.isRelease }).map { module in
            Module(name: module.name, isRelease: module.isRelease, part: module, facts: facts)
        }
    }

    /// A gate on the release module's targetSdk ("from API N on") judged on a lower bound (`android.target_sdk_at_least`:
    /// a Flutter default of the release a pin names, or of the oldest one a pin allows): the message says "at least N".
    /// When the release itself is only a lower bound (pubspec `>=`, pubspec.lock's sdks; no exact pin) the finding is at
    /// most a warning (docs/severity.md: a signal, not what ships); an exact pin's release ships, and Flutter only raises
    /// its defaults, so "at least N" past the gate is evidence. `severity` is the check's grade; nil is the rule's own.
    static func gatedOnLowerBound(_ facts: CheckFacts, project: ProjectModel, level: Int, severity: Severity?, rule: Severity) -> (targetSdk: String, severity: Severity?) {
        guard facts.stated(.androidTargetSDK) == nil, facts[.androidTargetSDKAtLeast]?.value.isTruthy == true else { return (String(level), severity) }
        let signal = project.parts[AndroidPart.self].releaseModule?.targetSdkPinIsLowerBound ?? true
        return ("at least \(level)", signal ? min(severity ?? rule, .warning) : severity)
    }

    /// The words a message adds after a targetSdk that is a build tool's default (" (AGP 9.1.0's default for an
    /// unset targetSdk, compileSdk)"), or "" for a value the build writes or the team states.
    static func defaultNote(_ module: Module) -> String {
        guard !module.targetSdkIsStated, let how = module.targetSdkDefault else { return "" }
        return " (\(how))"
    }

    /// Whether the module's app goes only elsewhere (its stores are `[fdroid]`, `[github]`…, from the evidence the
    /// inspector found): Play's rules then say "if uploaded to Google Play" and are at most warnings
    /// (docs/severity.md: an error needs evidence in what ships to that store).
    static func isFDroidOnly(_ module: Module) -> Bool {
        guard let stores = module.stores else { return false }
        return !stores.isEmpty && !stores.contains("play")
    }

    /// The condition of a Play finding about an F-Droid-only app, or nil.
    static func playCondition(_ module: Module) -> FindingCondition? {
        isFDroidOnly(module) ? .ifUploaded(.play) : nil
    }

    /// " (module wear)" for a message, or "" for the release module.
    static func label(_ module: Module) -> String {
        module.isRelease ? "" : " (module \(module.name ?? ""))"
    }
}
