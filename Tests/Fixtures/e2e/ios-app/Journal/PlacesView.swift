import CoreLocation
import Foundation

/// Tags journal entries with the place they were written.
final class PlacesModel: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        let resources = NSBundleResourceRequest(tags: ["maps-hd"])
        resources.beginAccessingResources { _ in }
    }
}
