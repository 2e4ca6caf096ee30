import StoreKit
import SwiftUI

/// The subscription paywall.
struct Paywall: View {
    var body: some View {
        SubscriptionStoreView(groupID: "21450000")
            .storeButton(.visible, for: .restorePurchases)
    }
}
