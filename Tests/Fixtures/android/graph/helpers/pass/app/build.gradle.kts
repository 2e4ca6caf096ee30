plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.player"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.player"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
    }
}

dependencies {
    allLibrariesImpl()
    allFeaturesImpl()
}
