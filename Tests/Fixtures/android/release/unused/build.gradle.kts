plugins {
    id("com.android.application")
}

android {
    defaultConfig {
        targetSdk = 19
    }
}
