// Excerpt of thunderbird/thunderbird-android build-plugin/build.gradle.kts (a59bd679859d), Apache-2.0.
plugins {
    `kotlin-dsl`
}
