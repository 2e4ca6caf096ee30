// Excerpt of breezy-weather/breezy-weather buildSrc/src/main/kotlin/breezy/buildlogic/ProjectExtensions.kt (eda0d87e0db9), LGPL-3.0.
package breezy.buildlogic

import com.android.build.api.dsl.ApplicationExtension
import com.android.build.api.dsl.LibraryExtension
import org.gradle.accessors.dm.LibrariesForLibs
import org.gradle.api.Project
import org.gradle.api.tasks.testing.Test
import org.gradle.api.tasks.testing.logging.TestLogEvent
import org.gradle.kotlin.dsl.getByType
import org.gradle.kotlin.dsl.provideDelegate
import org.gradle.kotlin.dsl.the
import org.gradle.kotlin.dsl.withType
import org.jetbrains.kotlin.gradle.tasks.KotlinCompile

val Project.libs get() = the<LibrariesForLibs>()

internal fun Project.configureAndroidApplication() {
    extensions.getByType(ApplicationExtension::class).apply {
        compileSdk = AndroidConfig.COMPILE_SDK
        buildToolsVersion = AndroidConfig.BUILD_TOOLS

        defaultConfig {
            minSdk = AndroidConfig.MIN_SDK
        }

        compileOptions {
            sourceCompatibility = AndroidConfig.JavaVersion
            targetCompatibility = AndroidConfig.JavaVersion
            // isCoreLibraryDesugaringEnabled = true
        }
    }

    configureKotlin()
}

