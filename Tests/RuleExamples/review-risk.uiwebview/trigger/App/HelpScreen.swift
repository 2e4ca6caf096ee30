import UIKit

/// Shows the bundled help page.
final class HelpScreen: UIViewController {
    let webView = UIWebView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(webView)
    }
}
