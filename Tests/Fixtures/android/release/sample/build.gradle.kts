plugins {
    id("com.android.application")
}

android {
    defaultConfig {
        applicationId = "com.example.tally.sample"
        targetSdk = 21
    }
}
