import com.android.build.api.dsl.ApplicationExtension
import com.example.AppVersions
import org.gradle.api.Plugin
import org.gradle.api.Project
import org.gradle.kotlin.dsl.configure

class AndroidApplicationConventionPlugin : Plugin<Project> {
    override fun apply(target: Project) {
        with(target) {
            apply(plugin = "com.android.application")
            extensions.configure<ApplicationExtension> {
                defaultConfig.targetSdk = AppVersions.TARGET
                defaultConfig.minSdk = 23
                testOptions.targetSdk = 30
            }
        }
    }
}
