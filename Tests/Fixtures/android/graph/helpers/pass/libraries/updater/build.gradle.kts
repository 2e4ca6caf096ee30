plugins {
    id("com.android.library")
}

android {
    namespace = "com.example.updater"
    compileSdk = 36
}
