plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.vault"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.vault"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
    }
}

dependencies {
}
