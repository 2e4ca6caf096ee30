import StoreKit

// A `start` given something other than a transaction's downloads is not hosted content.
final class PackDownloader: NSObject, SKPaymentTransactionObserver {
    let session = DownloadSession()

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            session.start(transaction.payment.productIdentifier)
            queue.finishTransaction(transaction)
        }
    }
}

final class DownloadSession {
    func start(_ productID: String) {}
}
