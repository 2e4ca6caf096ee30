plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.notes"
    compileSdk = 36
    defaultConfig { applicationId = "org.example.notes"; targetSdk = 36; versionCode = 42 }
}

// The changelog goes into the APK's assets (shown in the app's "What's new"), not to a store.
val copyChangelog by tasks.registering(Copy::class) {
    from("../fastlane/metadata/android/en-US/changelogs/42.txt")
    into("src/main/assets")
}
