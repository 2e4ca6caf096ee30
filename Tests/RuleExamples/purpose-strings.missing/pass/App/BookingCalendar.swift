import EventKit
import EventKitUI

/// Lets people add a booking with the system editor: EKEventEditViewController asks no calendar access
/// (TN3152), so no calendar key is needed.
final class BookingCalendar {
    let store = EKEventStore()

    func editor(title: String) -> EKEventEditViewController {
        let event = EKEvent(eventStore: store)
        event.title = title
        let controller = EKEventEditViewController()
        controller.eventStore = store
        controller.event = event
        return controller
    }
}
