rootProject.name = "vault"
include(":shared")
include(":androidAgent")
