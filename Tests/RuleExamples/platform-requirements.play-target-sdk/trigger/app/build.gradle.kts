plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "com.example.tally"
    compileSdk = 36

    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = 24
        targetSdk = Versions.TARGET_SDK
        versionCode = 12
        versionName = "1.4.0"
    }
}
