plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "com.example.todocloud"
    compileSdk = 35

    defaultConfig {
        applicationId = "com.example.todocloud"
        minSdk = 26
        targetSdk = 34
        versionCode = 42
        versionName = "2.4.0"
    }
}

dependencies {
    implementation("com.google.firebase:firebase-auth:22.3.0")
    implementation("com.google.firebase:firebase-crashlytics:18.6.0")
}
