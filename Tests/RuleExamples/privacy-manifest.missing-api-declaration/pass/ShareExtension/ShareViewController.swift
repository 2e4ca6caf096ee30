import UIKit

/// The share extension is its own binary, with its own PrivacyInfo.xcprivacy.
final class ShareViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let shared = UserDefaults(suiteName: "group.com.example.demo")
        shared?.set(Date(), forKey: "lastShare")
    }
}
