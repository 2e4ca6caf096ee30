plugins {
    id("com.android.application")
    id("com.github.triplet.play") version "3.12.1"
}

android {
    namespace = "org.example.notes"
    compileSdk = 36
    defaultConfig { applicationId = "org.example.notes"; targetSdk = 36; versionCode = 42 }
}

play { track.set("production") }

// Gradle Play Publisher reads src/main/play/release-notes/<locale>/default.txt: copy F-Droid's note there.
val copyReleaseNotes by tasks.registering(Copy::class) {
    from("../fastlane/metadata/android/en-US/changelogs/42.txt")
    into("src/main/play/release-notes/en-US")
    rename { "default.txt" }
}
