import LocalAuthentication

/// Unlocks the vault with Face ID or Touch ID.
final class AppLock {
    func unlock(completion: @escaping (Bool) -> Void) {
        let context = LAContext()
        guard context.canEvaluatePolicy(.deviceOwnerAuthentication, error: nil) else { return completion(false) }
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your vault") { success, _ in
            completion(success)
        }
    }
}
