plugins { id("com.android.application") }

android {
    namespace = "org.example.notes"
    compileSdk = 36
    defaultConfig { applicationId = "org.example.notes"; targetSdk = 36; versionCode = 42 }
}
