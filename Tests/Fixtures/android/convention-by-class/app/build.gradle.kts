import plugin.KiwixConfigurationPlugin

plugins {
  android
}
plugins.apply(KiwixConfigurationPlugin::class)

android {
  defaultConfig {
    applicationId = "org.kiwix.kiwixmobile"
    versionCode = 231401
  }
}

dependencies {
  implementation(project(":core"))
}
