plugins {
    id("example.android.feature")
}

android {
    namespace = "com.example.feature.map"
}
