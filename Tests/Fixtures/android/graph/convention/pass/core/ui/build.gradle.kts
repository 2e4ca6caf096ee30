plugins {
    id("com.android.library")
}

android {
    namespace = "com.example.core.ui"
}
