plugins {
    id("de.fayard.refreshVersions") version "0.60.5"
}
include(":app")
