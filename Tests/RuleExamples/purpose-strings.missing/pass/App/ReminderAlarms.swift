import AlarmKit
import CoreLocation
import FinanceKit

// Uses three APIs whose purpose keys Info.plist lacks: AlarmKit, FinanceKit, temporary full accuracy.
final class ReminderAlarms {
    func schedule() async throws {
        _ = try await AlarmManager.shared.requestAuthorization()
    }

    func spending() async throws {
        _ = try await FinanceStore.shared.requestAuthorization()
    }

    func preciseShopLocation(_ manager: CLLocationManager) {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "NearbyShop")
    }
}
