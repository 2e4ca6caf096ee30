// breezy-weather/breezy-weather buildSrc/settings.gradle.kts (eda0d87e0db9), LGPL-3.0, as written.
dependencyResolutionManagement {
    versionCatalogs {
        create("libs") {
            from(files("../gradle/libs.versions.toml"))
        }
    }
}