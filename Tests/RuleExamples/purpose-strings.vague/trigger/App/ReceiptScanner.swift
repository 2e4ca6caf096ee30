import AVFoundation

/// Starts the camera to scan a receipt.
final class ReceiptScanner {
    func start() {
        AVCaptureDevice.requestAccess(for: .video) { granted in
            print("camera access: \(granted)")
        }
    }
}
