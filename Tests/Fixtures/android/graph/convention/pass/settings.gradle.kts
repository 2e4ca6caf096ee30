pluginManagement {
    includeBuild("build-logic")
}
include(":app")
include(":core:ui")
include(":feature:map")
