rootProject.name = "Tally"
include(":app", ":wear")
