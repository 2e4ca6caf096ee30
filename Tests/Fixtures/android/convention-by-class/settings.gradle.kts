include(":core", ":app", ":branded")
