import StoreKit

/// Loads and sells the pro upgrade, and restores it.
@MainActor
final class Store {
    func load() async throws -> [Product] {
        try await Product.products(for: ["com.example.pro"])
    }

    func restore() async throws {
        try await AppStore.sync()
    }
}
