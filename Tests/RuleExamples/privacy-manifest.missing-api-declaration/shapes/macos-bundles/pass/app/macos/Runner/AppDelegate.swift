import Cocoa
import FlutterMacOS

@main
class AppDelegate: FlutterAppDelegate {
  override func applicationDidFinishLaunching(_ notification: Notification) {
    // The window size of the last session.
    let width = UserDefaults.standard.double(forKey: "windowWidth")
    mainFlutterWindow?.setContentSize(NSSize(width: max(width, 800), height: 600))
  }
}
