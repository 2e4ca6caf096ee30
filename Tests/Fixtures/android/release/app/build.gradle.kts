plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "com.example.tally"
    compileSdk = Config.Android.compileSdk
    defaultConfig {
        applicationId = "com.example.tally"
        minSdk = Config.Android.minSdk
        targetSdk = Config.Android.targetSdk
        versionCode = (property("tally.versionCode") as String).toInt()
    }
    flavorDimensions += "store"
    productFlavors {
        create("play") { dimension = "store" }
        create("fdroid") { dimension = "store" }
    }
}

dependencies {
    implementation(project(":core"))
    implementation(libs.play.services.wearable)
}
