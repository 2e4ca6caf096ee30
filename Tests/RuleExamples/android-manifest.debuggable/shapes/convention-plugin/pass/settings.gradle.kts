pluginManagement {
    includeBuild("build-logic")
}
include(":app")
