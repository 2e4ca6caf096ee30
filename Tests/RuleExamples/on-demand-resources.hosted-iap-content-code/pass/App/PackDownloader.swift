import StoreKit

// Level packs come from the app's own server once StoreKit 2 verifies the purchase.
final class PackDownloader {
    func download(_ result: VerificationResult<Transaction>) async throws {
        guard case .verified(let transaction) = result else { return }
        try await fetchPack(for: transaction.productID)
        await transaction.finish()
    }

    private func fetchPack(for productID: String) async throws {}
}
