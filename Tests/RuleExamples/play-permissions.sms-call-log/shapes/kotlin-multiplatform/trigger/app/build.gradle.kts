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
        versionName = "1.4.0"
    }
}

dependencies {
    implementation(project(":shared"))
}
