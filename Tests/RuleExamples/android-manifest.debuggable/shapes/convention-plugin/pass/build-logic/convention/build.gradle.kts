plugins {
    `kotlin-dsl`
}

gradlePlugin {
    plugins {
        register("androidApplication") {
            id = "tally.android.application"
            implementationClass = "AndroidApplicationConventionPlugin"
        }
    }
}
