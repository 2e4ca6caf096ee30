import StoreKit

/// Loads and sells the pro upgrade.
@MainActor
final class Store {
    func load() async throws -> [Product] {
        try await Product.products(for: ["com.example.pro"])
    }
}
