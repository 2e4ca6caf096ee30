import branded.createPublisher
import plugin.KiwixConfigurationPlugin

plugins {
  android
}

plugins.apply(KiwixConfigurationPlugin::class)

android {
  defaultConfig {
    applicationId = "org.kiwix"
    versionCode = 231401
  }
}

dependencies {
  implementation(project(":core"))
}

fun createPublishApkWithExpansionTask(name: String) =
  tasks.register("publish${name}ReleaseApkWithExpansionFile") {
    group = "publishing"
    description = "Uploads $name to the Play Console with an Expansion file"
    doLast {
      createPublisher(File(rootDir, "playstore.json"))
    }
  }
