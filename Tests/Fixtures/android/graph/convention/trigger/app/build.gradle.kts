plugins {
    id("example.android.application")
    id("example.android.flavors")
}

android {
    namespace = "com.example.atlas"
    defaultConfig {
        applicationId = "com.example.atlas"
        minSdk = 26
        targetSdk = 36
        versionCode = 12
    }
}

dependencies {
    implementation(projects.feature.map)
}
