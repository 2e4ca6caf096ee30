// Excerpt of breezy-weather/breezy-weather buildSrc/src/main/kotlin/breezy.code.lint.gradle.kts (eda0d87e0db9), LGPL-3.0.
import org.gradle.accessors.dm.LibrariesForLibs

plugins {
    id("com.diffplug.spotless")
}

val libs = the<LibrariesForLibs>()
