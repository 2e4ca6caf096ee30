plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.tally"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = 24
        targetSdk = 36
        versionCode = 12
    }
}

dependencies {
    implementation("com.google.android.gms:play-services-ads:24.4.0")
    implementation("androidx.core:core-ktx:1.16.0")
}
