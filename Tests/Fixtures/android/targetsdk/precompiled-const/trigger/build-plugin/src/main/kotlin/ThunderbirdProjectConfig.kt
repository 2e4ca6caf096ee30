// Excerpt of thunderbird/thunderbird-android build-plugin/src/main/kotlin/ThunderbirdProjectConfig.kt (a59bd679859d), Apache-2.0, but for sdkTarget (36 there).
import org.gradle.api.JavaVersion
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

object ThunderbirdProjectConfig {

    object Android {
        const val sdkMin = 23

        // Only needed for application
        const val sdkTarget = 33
        const val sdkCompile = 37
    }

    object Compiler {
        val javaCompatibility = JavaVersion.VERSION_17
        val jvmTarget = JvmTarget.JVM_17
    }

}
