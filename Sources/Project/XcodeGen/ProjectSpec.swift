import StoreLocale
import Formats

/// What a project generator's spec (XcodeGen `project.yml`, Tuist `Project.swift`) says about the Info.plist
/// of each target: the keys its build settings generate (`INFOPLIST_KEY_*`, with `GENERATE_INFOPLIST_FILE`)
/// and the properties it writes into the target's plist (`info: properties:`, Tuist's `infoPlist:`), each with
/// its line. `unevaluated` lists what shipcheck did not read (an include it cannot find, a settings group, an
/// xcconfig, Swift code), so a key absent here may still be set by the generated project.
struct ProjectSpec: Sendable {
    struct Target: Sendable {
        let name: String
        /// As the Xcode project would write it (`com.apple.product-type.application`), when the spec says.
        let productType: String?
        /// The line of the target's name.
        let line: Int?
        /// Info.plist key → value, and the line each is written on.
        var keys: [String: String] = [:]
        var keyLines: [String: Int] = [:]
        /// `GENERATE_INFOPLIST_FILE: YES` (or the generator always writes the keys, as Tuist does).
        var generatesInfoPlist = false
        /// XcodeGen's `sources:`, project-relative, each with its `excludes` globs (relative to that source):
        /// what the target builds and copies, so its bundle's files. Empty when the spec does not say.
        var sources: [SourcePath] = []
        /// `platform:` (`iOS`, `macOS`, …), when the spec says.
        var platform: String?
        /// The plist `info: path:` or `INFOPLIST_FILE` names, and `entitlements: path:` or `CODE_SIGN_ENTITLEMENTS`,
        /// project-relative.
        var infoPlistPath: String?
        var entitlementsPath: String?
        /// The spec file the target is written in (an included file's, not the root's), when not the root.
        var file: String?
        /// The release IPHONEOS_DEPLOYMENT_TARGET: the target's or project's settings, their release xcconfig files,
        /// else `options: deploymentTarget: iOS:`; with where it is written.
        var iOSDeploymentTarget: (value: String, location: SourceLocation)?
    }

    struct SourcePath: Sendable, Equatable {
        let path: String
        let excludes: [String]
        /// `includes:` globs: when given, only the files they match are taken.
        var includes: [String] = []
    }

    let path: String
    var targets: [Target] = []
    /// Each thing not read, with where it is: `include: base.yml (not found)`, `configFiles (xcconfig not read)`.
    var unevaluated: [(line: Int?, what: String)] = []
    /// Expo's `ios.privacyManifests`: the app's privacy manifest as Expo writes it, with its line.
    var privacyManifest: (value: PlistValue, line: Int?)?
    /// Expo's `android.permissions` (short names, `CAMERA`) and expo-build-properties' target SDK.
    var androidPermissions: [(name: String, line: Int?)] = []
    var androidTargetSdk: (value: Int, line: Int?)?
    /// The stores an Expo config builds for (`platforms`, default iOS and Android), with the line of its
    /// `ios` / `android` section: an Expo app without committed native folders still ships to both.
    var expoStores: [(store: Store, line: Int?)] = []
}
