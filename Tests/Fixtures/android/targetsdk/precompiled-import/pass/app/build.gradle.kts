@file:Suppress("ChromeOsAbiSupport")

// Excerpt of breezy-weather/breezy-weather app/build.gradle.kts (eda0d87e0db9), LGPL-3.0: the plugins and
// defaultConfig as written; targetSdk comes from the precompiled script plugin breezy.android.application.

import breezy.buildlogic.Config
import com.android.build.api.dsl.ApplicationExtension

plugins {
    id("breezy.android.application")
    id("breezy.android.application.compose")
    id("com.android.application")
    id("com.google.devtools.ksp")
    id("com.google.dagger.hilt.android")
    kotlin("plugin.serialization")
    id("com.mikepenz.aboutlibraries.plugin.android")
}

val supportedAbi = setOf("armeabi-v7a", "arm64-v8a", "x86", "x86_64")

configure<ApplicationExtension> {
    namespace = "org.breezyweather"

    defaultConfig {
        applicationId = "org.breezyweather"
        versionCode = 60202
        versionName = "6.2.2"

        multiDexEnabled = true
        ndk {
            abiFilters += supportedAbi
        }

        testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"

        vectorDrawables.useSupportLibrary = true
    }
}
