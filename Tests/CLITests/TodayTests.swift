import Foundation
import Testing
@testable import shipcheck

/// The date rules are judged on, without `--date`: the local calendar day, as a POSIX `DateFormatter` writes it.
struct TodayTests {
    @Test func todayIsTheLocalDayInISOForm() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        let before = formatter.string(from: Date())
        let today = CheckCommand.today()
        let after = formatter.string(from: Date())
        #expect(today == before || today == after)
        #expect(today.utf8.count == 10)
    }
}
