plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.vault"
    compileSdk = 36
    ndkVersion = "27.2.12479018"
    defaultConfig {
        applicationId = "com.example.vault"
        minSdk = 24
        targetSdk = 36
        versionCode = 5
    }
}

// The Rust core, built for each ABI into jniLibs before the app is packaged.
val buildRust by tasks.registering(Exec::class) {
    workingDir = rootProject.file("core")
    commandLine("cargo", "ndk", "-t", "arm64-v8a", "-t", "x86_64", "-o", "../app/src/main/jniLibs", "build", "--release")
}
