// Excerpt of breezy-weather/breezy-weather settings.gradle.kts (eda0d87e0db9), LGPL-3.0.
rootProject.name = "BreezyWeather"
include(":app")
