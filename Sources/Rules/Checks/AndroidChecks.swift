/// Check functions for Android platform requirements.
public enum AndroidChecks {
    public static var all: [CheckFunction] {
        [AndroidTargetSDKCheck.function, AndroidReleaseManifestCheck.function, AndroidForegroundServiceCheck.function]
    }
}
