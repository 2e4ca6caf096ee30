package vault.unlock

fun unlockWithBiometrics(reason: String): Boolean = biometrics.vault_unlock(reason) == 1
