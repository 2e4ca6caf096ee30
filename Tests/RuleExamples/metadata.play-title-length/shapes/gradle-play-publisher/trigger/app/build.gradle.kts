plugins {
    id("com.android.application")
    id("com.github.triplet.play") version "3.12.1"
}

play {
    track.set("production")
}
