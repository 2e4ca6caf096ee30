// Built with cargo and clang for the desktop JVM app of the host (Windows, Linux or a Mac desktop build).
plugins {
    id("vault.cargo-common")
}

vaultCargo {
    sourceDir.set(layout.projectDirectory.dir("src"))
    rustTarget.set(hostPlatform.desktopRustTarget)
}
