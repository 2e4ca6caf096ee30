plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.vault"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.vault"
        minSdk = 24
        targetSdk = 36
        versionCode = 5
    }
}

dependencies {
    implementation("org.conscrypt:conscrypt-android:2.5.3")
}
