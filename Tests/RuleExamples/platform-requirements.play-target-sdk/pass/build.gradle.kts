// Declared for the modules, applied by none here: `apply false` is not an app module.
plugins {
    alias(libs.plugins.android.application) apply false
}
