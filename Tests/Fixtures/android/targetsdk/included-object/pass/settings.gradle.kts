pluginManagement {
    includeBuild("build-logic")
}
includeBuild("project-config")
include(":app")
