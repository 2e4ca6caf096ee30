import Foundation
import Support

// Support's byte-level `contains(_:)` and `trimmingCharacters(in:)` (Support/StringSearch.swift) are meant to
// shadow Foundation's for every string of this module. Since they moved to Support, a file here that does not
// import Support resolves them to Foundation's again, which bridges to NSString on every call (7% of `check`'s
// instructions on bitwarden-android, mostly `AndroidNativeLibraries.isRelease` on every file). Declared in the
// module itself, they shadow both for every file, as before the move; the answers are Support's.
extension StringProtocol {
    /// Whether `other`'s UTF-8 bytes occur in this string's (false for an empty `other`, as Foundation says).
    func contains(_ other: String) -> Bool {
        guard !other.isEmpty else { return false }
        if let found = utf8.withContiguousStorageIfAvailable({ StringSearch.occurs(other, in: $0) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { StringSearch.occurs(other, in: $0) }
    }
}

extension String {
    /// This string without the leading and trailing scalars that `set` holds.
    func trimmingCharacters(in set: CharacterSet) -> String { StringSearch.trimming(self[...], set) }
}

extension Substring {
    /// This string without the leading and trailing scalars that `set` holds.
    func trimmingCharacters(in set: CharacterSet) -> String { StringSearch.trimming(self, set) }
}
