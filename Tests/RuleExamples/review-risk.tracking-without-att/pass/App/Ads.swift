import AppTrackingTransparency
import GoogleMobileAds

/// Asks for tracking permission before starting the ad SDK.
enum Ads {
    static func start() {
        ATTrackingManager.requestTrackingAuthorization { _ in
            GADMobileAds.sharedInstance().start(completionHandler: nil)
        }
    }
}
