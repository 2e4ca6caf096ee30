import AVFoundation

// A call module configures a recording category: the first input route it uses prompts for the microphone.
final class CallAudio {
    func configure() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(
            .playAndRecord,
            mode: .voiceChat,
            options: [.allowBluetoothHFP]
        )
        try session.setActive(true)
    }
}
