// Thunderbird for Android
// Excerpt of thunderbird/thunderbird-android settings.gradle.kts (a59bd679859d), Apache-2.0.
rootProject.name = "tfa"
enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")

pluginManagement {
    includeBuild("build-plugin")
}

include(":app-k9mail")
