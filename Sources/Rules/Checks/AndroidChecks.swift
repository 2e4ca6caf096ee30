/// Check functions for Android platform requirements.
public enum AndroidChecks {
    public static var all: [CheckFunction] {
        [AndroidTargetSDKCheck.function, AndroidTargetSDKUnknownCheck.function, AndroidReleaseManifestCheck.function, AndroidForegroundServiceCheck.function,
         AndroidForegroundServiceTypeCheck.function]
    }
}
