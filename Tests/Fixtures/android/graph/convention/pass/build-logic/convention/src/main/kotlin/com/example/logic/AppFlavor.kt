package com.example.logic

import com.android.build.api.dsl.ApplicationExtension

enum class AppFlavor(val applicationIdSuffix: String? = null) {
    full,
    minimal(applicationIdSuffix = ".minimal"),
}

fun configureFlavors(extension: ApplicationExtension) {
    extension.apply {
        flavorDimensions += "edition"
        productFlavors {
            AppFlavor.entries.forEach { flavor ->
                register(flavor.name) {
                    dimension = "edition"
                }
            }
        }
    }
}
