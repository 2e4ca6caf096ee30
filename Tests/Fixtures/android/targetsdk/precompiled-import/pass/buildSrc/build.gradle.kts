// breezy-weather/breezy-weather buildSrc/build.gradle.kts (eda0d87e0db9), LGPL-3.0, as written.
plugins {
    `kotlin-dsl`
}

dependencies {
    implementation(libs.android.gradle)
    implementation(libs.kotlin.gradle)
    implementation(libs.compose.compiler.gradle)
    implementation(libs.spotless.gradle)
    implementation(gradleApi())
    implementation(libs.javapoet)
    implementation(libs.json)

    implementation(files(libs.javaClass.superclass.protectionDomain.codeSource.location))
}

repositories {
    gradlePluginPortal()
    mavenCentral()
    google()
}
