plugins {
    id("tally.android.application")
}

android {
    namespace = "com.example.tally"
    defaultConfig {
        applicationId = "com.example.tally"
        versionCode = 12
    }
}
