object Config {
    object Android {
        const val compileSdk = 36
        const val targetSdk = compileSdk
        const val minSdk = 26
    }
}

const val WEAR_TARGET_SDK = 35
