/// Check functions for privacy manifests and purpose strings. Hosted IAP content and On-Demand Resources
/// need none: their rules are fact expressions over `iap.hosted_content` and `odr.used`.
public enum AppleChecks {
    public static var all: [CheckFunction] { PrivacyManifestChecks.all + PurposeStringChecks.all + [AppleSceneLifeCycleCheck.function] }
}
