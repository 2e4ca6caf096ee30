plugins {
    id("com.android.library")
}

android {
    namespace = "com.example.feature.player"
    compileSdk = 36
}
