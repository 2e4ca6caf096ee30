plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "com.example.tally"
    compileSdk = 36

    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = 24
        targetSdk = libs.versions.targetSdk.get().toInt()
        versionCode = 12
        versionName = "1.4.0"
    }
}

dependencies {
    implementation("androidx.core:core-ktx:1.16.0")
}
