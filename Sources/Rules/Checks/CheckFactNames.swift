import Project

/// The facts the check functions read by a fixed name or a family, each once: a check reads a fact through
/// `CheckInvocation.facts` with one of these (or a name a rule hands it), and declares it in its `reads:`.
/// `FactReadDeclarationTests` holds each declared name and family to the fact catalog (rules/shipcheck.yml and the
/// other checklists' `facts:`).
extension FactName {
    // Android: the release module (Sources/Project/Android, AndroidFacts).
    static let androidTargetSDK = FactName("android.target_sdk")
    static let androidTargetSDKAtLeast = FactName("android.target_sdk_at_least")
    static let androidTargetSDKUnknown = FactName("android.target_sdk_unknown")
    static let androidFormFactor = FactName("android.form_factor")
    static let androidStores = FactName("android.stores")
    static let androidReleaseModule = FactName("android.release_module")
    static let androidVersionCode = FactName("android.version_code")
    static let androidPluginsUnseen = FactName("android.plugins_unseen")
    static let androidPluginsOutsideRoot = FactName("android.plugins_outside_root")
    static let androidServicesDeclared = FactName("android.services_declared")
    static let androidServicesWithoutForegroundType = FactName("android.services_without_foreground_type")
    static let androidServicesWithoutForegroundTypeActions = FactName("android.services_without_foreground_type_actions")
    static let androidServiceSuperclasses = FactName("android.service_superclasses")
    // Apple.
    static let appleProjectSpecUnevaluated = FactName("apple.project_spec.unevaluated")
    static let applePodfilePreprocessorDefinitions = FactName("apple.podfile.preprocessor_definitions")
    // Code signals the source scan sets (rules/review-risk.yml's and rules/account-deletion.yml's symbol tables).
    static let thirdPartyLogin = FactName("auth.third_party_login")
    static let signInWithApple = FactName("auth.sign_in_with_apple")
    // Stores and their inputs.
    static let storePlay = FactName("store.play")
    static let playPrivacyURL = FactName("play.privacy_url")
    static let fdroidBuildVersionCodes = FactName("fdroid.build_version_codes")
}

extension FactFamily {
    /// `android.foreground_service_type.<type>`: a service of the release manifest declares that type.
    static let androidForegroundServiceType = FactFamily("android.foreground_service_type.*")
    /// `purpose.<Key>.declared`: a purpose string, as shipcheck.yml may state it.
    static let purposeDeclared = FactFamily("purpose.*.declared")
    /// `privacy_manifest.sdk.<Name>`: stated in shipcheck.yml, the SDK's resolved version ships its own manifest.
    static let privacyManifestSDK = FactFamily("privacy_manifest.sdk.*")
    /// `sdk.<name>`: a dependency.
    static let sdk = FactFamily("sdk.*")
    /// `packages.local.<folder>`: the in-tree packages a folder depends on (`LocalPackageGraph`).
    static let localPackages = FactFamily("packages.local.*")
    /// `android.module.<name>.<field>`: a value of app module <name> (`AndroidAppModules`).
    static func androidModule(_ field: String) -> FactFamily { FactFamily("android.module.*." + field) }
}
