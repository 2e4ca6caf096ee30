import Foundation
import SwiftUI

/// Timing shown only in debug builds; a release build compiles none of it.
enum Diagnostics {
    static func launchTime() -> TimeInterval {
        #if DEBUG
        return ProcessInfo.processInfo.systemUptime
        #else
        return 0
        #endif
    }
}

#Preview {
    let free = try? URL(fileURLWithPath: "/").resourceValues(forKeys: [.volumeAvailableCapacityKey])
    Text("\(free?.volumeAvailableCapacity ?? 0)")
}
