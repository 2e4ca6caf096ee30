plugins {
    alias(libs.plugins.conv.android.application)
}

android {
    namespace = "com.example.conv"
    defaultConfig {
        applicationId = "com.example.conv"
        versionCode = 3
    }
}
