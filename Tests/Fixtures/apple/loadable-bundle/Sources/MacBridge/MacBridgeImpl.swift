import AppKit
import Foundation
import ServiceManagement
import SystemConfiguration

@objc(HAMacBridgeImpl) final class MacBridgeImpl: NSObject, MacBridge {
    // (excerpt: lines 112-122 of the file)
    private static func userDefaultsKey(forLoginItemBundleIdentifier identifier: String) -> String {
        "LoginItemEnabled-\(identifier)"
    }

    func setLoginItem(forBundleIdentifier identifier: String, enabled: Bool) -> Bool {
        let success = SMLoginItemSetEnabled(identifier as CFString, enabled)
        if success {
            UserDefaults.standard.set(enabled, forKey: Self.userDefaultsKey(forLoginItemBundleIdentifier: identifier))
        }
        return success
    }
}
