plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.notes"
    defaultConfig {
        applicationId = "org.example.notes"
        minSdk = 24
        targetSdk = 30
        versionCode = 7
    }
}
