import StoreKit

// Sells Pro with in-app purchase; the web checkout button appears only in the storefront the entitlement covers.
@MainActor
final class Store {
    func products() async throws -> [Product] {
        try await Product.products(for: ["pro.monthly"])
    }

    func restore() async throws {
        try await AppStore.sync()
    }

    func showsWebCheckout() async -> Bool {
        await Storefront.current?.countryCode == "USA"
    }

    func buyOnTheWeb() async throws {
        guard await showsWebCheckout(), let link = try await ExternalPurchaseCustomLink.token(for: "ACQUISITION") else { return }
        _ = link
    }
}
