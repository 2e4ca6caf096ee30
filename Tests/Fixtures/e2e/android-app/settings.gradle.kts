rootProject.name = "Trails"
include(":app")
