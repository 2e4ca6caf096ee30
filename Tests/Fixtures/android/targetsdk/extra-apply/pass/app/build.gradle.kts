// Excerpt of Infomaniak/android-SwissTransfer app/build.gradle.kts (9a9f72dc7bec), GPL-3.0: the plugins, the
// values read from the root project's `extra.apply { set(…) }` and defaultConfig as written.
import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import java.util.Properties

/**
 * Don't change the order in this `plugins` block, it will mess things up.
 */
plugins {
    alias(core.plugins.android.application)
    alias(core.plugins.dagger.hilt)
    alias(core.plugins.compose.compiler)
    alias(core.plugins.kapt)
    alias(core.plugins.kotlin.android)
    alias(core.plugins.sentry.plugin)
    kotlin("plugin.parcelize")
    kotlin("plugin.serialization") version core.versions.kotlin
}

val appCompileSdk: Int by rootProject.extra
val appMinSdk: Int by rootProject.extra
val javaVersion: JavaVersion by rootProject.extra

android {
    namespace = "com.infomaniak.swisstransfer"
    compileSdk = appCompileSdk

    defaultConfig {
        applicationId = "com.infomaniak.swisstransfer"
        minSdk = appMinSdk
        targetSdk = appCompileSdk
        versionCode = 2_00_002_01
        versionName = "2.0.2"
    }
}
