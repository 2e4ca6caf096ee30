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
    implementation("androidx.core:core-ktx:1.15.0")
    implementation("net.zetetic:sqlcipher-android:4.5.4")
}
