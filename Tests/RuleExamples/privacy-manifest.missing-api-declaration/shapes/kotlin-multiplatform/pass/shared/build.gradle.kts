plugins {
    alias(libs.plugins.kotlin.multiplatform)
    id("vault.rust-multiplatform-library")
}

kotlin {
    jvm("desktop")
    iosArm64()
    iosSimulatorArm64()
}
