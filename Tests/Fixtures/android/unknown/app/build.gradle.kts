plugins {
    id("com.android.application")
}

val versionMajor = 2

android {
    namespace = "com.example.unknown"
    defaultConfig {
        applicationId = "com.example.unknown"
        minSdk = 26
        targetSdk = findTargetSdk(project)
        versionCode = versionMajor * 1000
    }
}
