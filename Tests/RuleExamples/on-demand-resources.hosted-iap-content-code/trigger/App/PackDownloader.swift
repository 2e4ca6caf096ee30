import StoreKit

// Downloads level packs that Apple hosts for purchases made before Xcode 13.3.
final class PackDownloader: NSObject, SKPaymentTransactionObserver {
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            queue.start(transaction.downloads)
        }
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedDownloads downloads: [SKDownload]) {
        for download in downloads where download.state == .finished {
            install(download.contentURL)
        }
    }

    private func install(_ url: URL?) {}
}
