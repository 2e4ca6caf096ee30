include(":app")
include(":authenticator")
