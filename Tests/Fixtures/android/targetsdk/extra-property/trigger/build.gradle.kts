plugins {
    id("com.android.application") version "8.7.0" apply false
}

extra.set("targetSdkVersion", 33)
extra.set("minSdkVersion", 24)
