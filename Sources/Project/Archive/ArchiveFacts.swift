/// The names of the facts a built archive sets, in one place (so that a fact catalog can register them).
/// Archive facts use the source facts' names where they mean the same thing, with evidence inside the
/// archive; these are the ones only an archive sets.
public enum ArchiveFacts {
    /// An iOS build (.ipa, .xcarchive, .app) was read: what the binary, the built Info.plist and the
    /// embedded frameworks say replaces the manual items that ask for them.
    public static let apple = "archive.apple"
    /// An Android build (.aab, .apk) was read.
    public static let android = "archive.android"
    /// Shared with the source scan (AndroidNativeLibraries): set from `lib/<abi>/*.so` of the bundle too.
    public static let nativeCode = "android.native_code"
    public static let nativeLibraries4KB = "android.native_libraries_4kb"

    /// Shared with StoreDetection: an .ipa sets `store.appstore`, an .aab/.apk `store.play`.
    public static let appStore = "store.appstore"
    public static let play = "store.play"

    /// Shared with AndroidFacts: the base module's targetSdk, and `android.permission.<NAME>` per permission.
    public static let targetSDK = "android.target_sdk"
    /// Shared with AndroidFacts: the base module's versionCode (which release note ships).
    public static let versionCode = "android.version_code"
    public static let permissionPrefix = "android.permission."

    /// The built app is signed with the Sign in with Apple capability (its own name: the source fact
    /// `auth.sign_in_with_apple` also asks for token revocation in code, which no archive shows).
    public static let signInWithApple = "archive.sign_in_with_apple"
    public static let signInWithAppleEntitlement = "com.apple.developer.applesignin"

    public static let all = [targetSDK, versionCode, apple, android, nativeCode, nativeLibraries4KB, appStore, play, signInWithApple]
}
