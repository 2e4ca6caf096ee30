rootProject.name = "tally"
include(":app", ":shared")
