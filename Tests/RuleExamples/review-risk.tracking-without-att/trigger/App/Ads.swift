import AdSupport
import GoogleMobileAds

/// Starts the ad SDK and reads the advertising identifier without asking.
enum Ads {
    static func start() {
        GADMobileAds.sharedInstance().start(completionHandler: nil)
        print(ASIdentifierManager.shared().advertisingIdentifier)
    }
}
