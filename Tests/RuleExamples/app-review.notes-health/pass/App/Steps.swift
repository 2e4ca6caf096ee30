import HealthKit

/// Reads today's step count.
final class Steps {
    let store = HKHealthStore()
}
