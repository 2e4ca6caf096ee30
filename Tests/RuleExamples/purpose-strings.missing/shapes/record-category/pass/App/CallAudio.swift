import AVFoundation

// Playback only: no recording category, so no microphone prompt and no key needed.
final class CallAudio {
    func configure() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(
            .playback,
            mode: .spokenAudio
        )
        try session.setActive(true)
    }
}
