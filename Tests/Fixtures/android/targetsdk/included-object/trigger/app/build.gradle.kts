plugins {
    id("notes.android.application")
}

android {
    namespace = "org.example.notes"
    defaultConfig {
        applicationId = "org.example.notes"
        versionCode = 7
    }
}
