object ProjectConfig {
    object Android {
        const val sdkCompile = 36
        const val sdkTarget = 36
        const val sdkMin = 24
    }
}
