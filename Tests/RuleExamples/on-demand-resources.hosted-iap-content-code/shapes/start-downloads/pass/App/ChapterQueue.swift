// An app's own download queue (Aidoku's DownloadManager, GPL-3.0): in Swift, SKPaymentQueue's cancelDownloads:,
// pauseDownloads: and resumeDownloads: are cancel(_:), pause(_:) and resume(_:), so these names are not StoreKit's.
actor ChapterQueue {
    func cancelDownloads(for manga: String) {}
    func pauseDownloads() {}
}

func deleteChapters(of manga: String, in queue: ChapterQueue) async {
    await queue.cancelDownloads(for: manga)
}
