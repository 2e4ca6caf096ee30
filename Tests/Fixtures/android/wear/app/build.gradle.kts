plugins {
    alias(libs.plugins.android.app)
}

android {
    namespace = "com.example.watch"
    defaultConfig {
        applicationId = "com.example.watch"
        minSdk = libs.versions.android.minSdk.get().toInt()
        targetSdk = libs.versions.android.targetSdk.get().toInt()
        versionCode = 5
    }
}
