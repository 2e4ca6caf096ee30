// Excerpt of Infomaniak/android-SwissTransfer settings.gradle.kts (9a9f72dc7bec), GPL-3.0. The `core` catalog
// lives in the Core submodule, not in this excerpt.
dependencyResolutionManagement {
    versionCatalogs {
        create("core") { from(files("Core/gradle/core.versions.toml")) }
    }
}

rootProject.name = "android-SwissTransfer"
include(":app")
