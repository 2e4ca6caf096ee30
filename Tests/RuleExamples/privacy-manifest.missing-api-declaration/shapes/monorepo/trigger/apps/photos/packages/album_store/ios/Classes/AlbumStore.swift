import Foundation

/// The photos app's own plugin (a pub `path:` package inside apps/photos): no Xcode target lists it; CocoaPods
/// builds it into the photos app only.
public final class AlbumStore {
    public static func sessionAge(since start: TimeInterval) -> TimeInterval {
        ProcessInfo.processInfo.systemUptime - start
    }
}
