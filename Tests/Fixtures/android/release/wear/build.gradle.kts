plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "com.example.tally"
    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = 30
        targetSdk = WEAR_TARGET_SDK
        versionCode = 4712
    }
}

dependencies {
    implementation(libs.androidx.wear.compose.material)
}
