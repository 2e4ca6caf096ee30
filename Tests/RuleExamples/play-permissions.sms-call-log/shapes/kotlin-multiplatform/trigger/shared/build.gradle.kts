plugins {
    kotlin("multiplatform")
    id("com.android.library")
}

kotlin {
    androidTarget()
    jvm("desktop")
}

android {
    namespace = "com.example.tally.shared"
    compileSdk = 36
}
