package plugin

import Config
import com.android.build.api.dsl.ApplicationExtension
import com.android.build.api.dsl.CommonExtension
import com.android.build.api.dsl.LibraryExtension
import org.gradle.api.Project
import org.gradle.kotlin.dsl.configure

class AllProjectConfigurer {

  fun configureApplicationExtension(target: Project) {
    target.extensions.configure<ApplicationExtension> {
      defaultConfig {
        targetSdk = Config.targetSdk
      }
      configureBaseExtensions(this, target)
    }
  }

  fun configureLibraryExtension(target: Project) {
    target.extensions.configure<LibraryExtension> {
      namespace = "org.kiwix.kiwixmobile.core"
      configureBaseExtensions(this, target)
    }
  }

  private fun configureBaseExtensions(
    extension: CommonExtension,
    target: Project
  ) {
    with(extension) {
      compileSdk = Config.compileSdk
      defaultConfig.apply {
        minSdk = Config.minSdk
      }
    }
  }
}
