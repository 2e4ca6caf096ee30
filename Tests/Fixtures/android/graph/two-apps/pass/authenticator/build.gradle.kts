plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.authenticator"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.authenticator"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
    }
}

dependencies {
}
