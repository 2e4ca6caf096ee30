/// Check functions for privacy manifests, purpose strings, the scene life cycle, login services, APIs refused at
/// upload and the Xcode an upload is built with. Hosted IAP content and On-Demand Resources need none: their
/// rules are fact expressions over `iap.hosted_content` and `odr.used`.
public enum AppleChecks {
    public static var all: [CheckFunction] {
        PrivacyManifestChecks.all + PurposeStringChecks.all
            + [AppleSceneLifeCycleCheck.function, AppleLoginServicesCheck.function.judgingEitherInput, AppleRefusedAPICheck.function.judgingEitherInput,
               AppleUploadSDKCheck.function.judgingEitherInput]
    }
}
