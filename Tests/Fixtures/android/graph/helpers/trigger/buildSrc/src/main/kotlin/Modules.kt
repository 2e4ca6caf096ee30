import org.gradle.api.artifacts.dsl.DependencyHandler
import org.gradle.kotlin.dsl.project

// Every library and feature module, added by name: the list is not in the app's build script.
fun DependencyHandler.allLibrariesImpl() {
    add("implementation", project(":libraries:updater"))
}

fun DependencyHandler.allFeaturesImpl() {
    add("implementation", project(":features:player"))
}
