import LocalAuthentication

/// Warns when the device has no passcode (the keychain items need one); shows no prompt.
enum PasscodeCheck {
    static var deviceHasPasscode: Bool {
        LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: nil)
    }
}
