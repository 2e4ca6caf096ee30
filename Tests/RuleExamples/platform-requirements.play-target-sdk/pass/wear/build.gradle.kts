plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "com.example.tally"
    compileSdk = 36

    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = 30
        targetSdk = 35
        versionCode = 1012
    }
}
