package plugin

import org.gradle.api.Plugin
import org.gradle.api.Project

class KiwixConfigurationPlugin : Plugin<Project> {

  private val allProjectConfigurer = AllProjectConfigurer()

  override fun apply(target: Project) {
    target.pluginManager.withPlugin("com.android.library") {
      allProjectConfigurer.configureLibraryExtension(target)
    }
    target.pluginManager.withPlugin("com.android.application") {
      allProjectConfigurer.configureApplicationExtension(target)
    }
  }
}
