plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.notes"
    compileSdk = 36
    defaultConfig {
        applicationId = "org.example.notes"
        minSdk = project.property("minSdkVersion") as Int
        targetSdk = project.property("targetSdkVersion") as Int
        versionCode = 7
    }
}
