/// FNV-1a over an identifier's bytes: the source scan's key for a symbol (`SourceScanner`), computed by the tokenizer
/// as it reads each word, so that the word's bytes are not read a second time to look it up.
enum WordHash {
    static let offset: UInt64 = 0xcbf29ce484222325

    @inline(__always)
    static func adding(_ byte: UInt8, to hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100000001b3
    }
}
