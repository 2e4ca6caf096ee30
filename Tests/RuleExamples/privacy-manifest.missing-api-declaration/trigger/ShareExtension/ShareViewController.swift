import UIKit

/// The share extension is its own binary: the app's PrivacyInfo.xcprivacy does not cover it.
final class ShareViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let shared = UserDefaults(suiteName: "group.com.example.demo")
        shared?.set(Date(), forKey: "lastShare")
    }
}
