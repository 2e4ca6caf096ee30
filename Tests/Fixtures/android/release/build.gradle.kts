plugins {
    alias(libs.plugins.android.application) apply false
    id("com.android.library") version "8.7.0" apply false
}

extra["tvTargetSdk"] = 33
