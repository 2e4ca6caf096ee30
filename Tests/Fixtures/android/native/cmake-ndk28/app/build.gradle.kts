plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.vault"
    compileSdk = 36
    ndkVersion = "28.0.13004108"
    defaultConfig {
        applicationId = "com.example.vault"
        minSdk = 24
        targetSdk = 36
        versionCode = 5
    }
    externalNativeBuild {
        cmake { path = file("src/main/cpp/CMakeLists.txt") }
    }
}

dependencies {
    implementation("androidx.core:core-ktx:1.15.0")
}
