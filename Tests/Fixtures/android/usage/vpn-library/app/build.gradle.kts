plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.tunnel"
    compileSdk = 36
    defaultConfig {
        applicationId = "com.example.tunnel"
        minSdk = 24
        targetSdk = 36
        versionCode = 5
    }
}

dependencies {
    implementation("com.wireguard.android:tunnel:1.0.20230706")
}
