plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.tally"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.tally"
        targetSdk = 36
        versionCode = 3
    }
}
