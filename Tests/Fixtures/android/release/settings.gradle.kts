rootProject.name = "Tally"
include(":app", ":core")
include(
    ":wear",
    ":tv",
    ":sample",
)
project(":tv").projectDir = file("apps/tv")
