import CoreHaptics

/// Uses the public Core Haptics API.
enum Haptics {
    static func engine() throws -> CHHapticEngine {
        try CHHapticEngine()
    }
}
