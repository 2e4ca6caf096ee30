import CoreLocation

/// Asks for location while the app is in use; its purpose string is in project.yml (XcodeGen).
final class StoreFinder: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
    }
}
