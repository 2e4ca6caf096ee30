plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.reader"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.reader"
        minSdk = 24
        targetSdk = 36
        versionCode = 5
    }
}

