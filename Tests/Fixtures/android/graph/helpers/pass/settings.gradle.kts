include(":app")
include(":libraries:updater")
include(":features:player")
