/// The embedded code signature of a Mach-O binary (LC_CODE_SIGNATURE): a big-endian SuperBlob whose index
/// points at blobs by slot; slot 5 is the entitlements plist (magic 0xFADE7171, XML). Only that blob is
/// kept; every offset and length is checked against the signature's bytes.
enum CodeSignature {
    static let superBlobMagic = 0xFADE_0CC0
    static let entitlementsMagic = 0xFADE_7171
    static let entitlementsSlot = 5
    static let maxIndexEntries = 64

    /// The entitlements XML, or nil when the signature has none (an ad-hoc or unsigned build).
    package static func entitlements(_ blob: [UInt8]) throws(DecodeError) -> [UInt8]? {
        let c = ByteCursor(blob, bigEndian: true)
        guard try c.u32(0, "the code signature's magic") == superBlobMagic else {
            throw DecodeError("its code signature does not start with a SuperBlob (magic 0xfade0cc0)")
        }
        let length = try c.u32(4, "the code signature's length")
        let count = try c.u32(8, "the code signature's blob count")
        guard length <= blob.count else { throw DecodeError("its code signature declares \(length) bytes but has \(blob.count)") }
        guard count <= maxIndexEntries else { throw DecodeError("its code signature declares \(count) blobs (at most \(maxIndexEntries) are read)") }
        for i in 0..<count {
            let slot = try c.u32(12 + i * 8, "code signature index entry \(i + 1)")
            let offset = try c.u32(16 + i * 8, "code signature index entry \(i + 1)")
            guard slot == entitlementsSlot else { continue }
            guard offset + 8 <= length, try c.u32(offset, "the entitlements blob") == entitlementsMagic else {
                throw DecodeError("its code signature's entitlements blob at offset \(offset) has no entitlements magic (0xfade7171)")
            }
            let size = try c.u32(offset + 4, "the entitlements blob's length")
            guard size >= 8, size <= length - offset else {
                throw DecodeError("its entitlements blob (\(size) bytes at offset \(offset)) runs past the code signature's \(length) bytes")
            }
            return Array(try c.slice(offset + 8, size - 8, "the entitlements plist"))
        }
        return nil
    }
}
