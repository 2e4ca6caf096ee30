// breezy-weather/breezy-weather buildSrc/src/main/kotlin/breezy/buildlogic/AndroidConfig.kt (eda0d87e0db9), LGPL-3.0, as written.
package breezy.buildlogic

import org.gradle.api.JavaVersion as GradleJavaVersion
import org.jetbrains.kotlin.gradle.dsl.JvmTarget as KotlinJvmTarget

object AndroidConfig {
    const val COMPILE_SDK = 37
    const val MIN_SDK = 23
    const val TARGET_SDK = 36
    const val BUILD_TOOLS = "36.0.0"

    // https://youtrack.jetbrains.com/issue/KT-66995/JvmTarget-and-JavaVersion-compatibility-for-easier-JVM-version-setup
    val JavaVersion = GradleJavaVersion.VERSION_11
    val JvmTarget = KotlinJvmTarget.JVM_11
}
