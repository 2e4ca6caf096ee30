import AVFoundation

/// Asks for the camera before a receipt is scanned.
final class ReceiptCamera {
    func prepare() {
        AVCaptureDevice.requestAccess(for: .video) { granted in
            print("camera access: \(granted)")
        }
    }
}
