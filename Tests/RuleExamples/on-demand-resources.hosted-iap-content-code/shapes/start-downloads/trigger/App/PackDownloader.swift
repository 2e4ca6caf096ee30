import StoreKit

// Only the start call: the shape a purchase observer takes when it hands the downloads straight to the queue.
final class PackDownloader: NSObject, SKPaymentTransactionObserver {
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            SKPaymentQueue.default().start(transaction.downloads)
        }
    }
}
