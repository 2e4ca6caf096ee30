import plugin.KiwixConfigurationPlugin

plugins {
  `android-library`
}
plugins.apply(KiwixConfigurationPlugin::class)
