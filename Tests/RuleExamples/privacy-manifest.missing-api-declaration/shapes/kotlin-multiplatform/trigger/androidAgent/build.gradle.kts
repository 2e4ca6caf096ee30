// The SSH agent of the Android app: a Rust binary built with cargo for the Android ABIs.
plugins {
    id("com.android.library")
    id("vault.android-ssh-agent")
}

android {
    namespace = "vault.agent"
}
