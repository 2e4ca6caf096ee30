rootProject.name = "vault"
include(":shared")
include(":desktopNative")
