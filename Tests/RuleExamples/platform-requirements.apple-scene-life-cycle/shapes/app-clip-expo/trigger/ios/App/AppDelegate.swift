import Expo
import React

// An Expo app's delegate: a subclass of ExpoAppDelegate, which is a UIApplicationDelegate.
@main
class AppDelegate: ExpoAppDelegate {
    override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        super.application(application, didFinishLaunchingWithOptions: launchOptions)
    }
}
