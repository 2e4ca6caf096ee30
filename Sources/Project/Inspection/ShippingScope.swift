import Foundation
import Support

/// What a release build compiles, so that code which never ships is not evidence.
///
/// Three sources, strongest first:
/// 1. Target membership from an Xcode project: a file compiled by a shipping target ships; a file compiled
///    only by test targets or build tools (`com.apple.product-type.tool`) does not.
/// 2. Path conventions (`isNonShippingByConvention`): test and UI-test folders, mocks, SwiftUI preview
///    content, and Android source sets that only tests or debug builds use.
/// 3. Another platform's build (`ApplePlatformFolders`): Swift, Objective-C, C, C++ and Rust in a Gradle module
///    that declares no Apple target, or in a Flutter app's `linux/`/`windows/` runner, is compiled for Android or
///    a desktop app, never into an Apple bundle. Other languages there (Kotlin, Java) are still scanned.
/// 4. Inside a file, the tokenizer passes over `#if DEBUG` / `#if targetEnvironment(simulator)` regions and
///    SwiftUI previews (see `Tokenizer`); the conditions it treats as debug-only are listed here.
///
/// The Android inspector can use `isNonShippingByConvention` as it is: it knows the `src/<set>/` layout.
public struct ShippingScope: Sendable {
    /// Files a shipping Xcode target compiles: they ship whatever their path says.
    public let shippingMembers: Set<String>
    /// Files that only test targets or build tools compile.
    public let nonShippingMembers: Set<String>
    /// Folders of another platform's build, and the Gradle modules under them that build for Apple.
    public let platformFolders: ApplePlatformFolders.Folders

    public init(shippingMembers: Set<String> = [], nonShippingMembers: Set<String> = [],
                platformFolders: ApplePlatformFolders.Folders = .init()) {
        self.shippingMembers = shippingMembers
        self.nonShippingMembers = nonShippingMembers.subtracting(shippingMembers)
        self.platformFolders = platformFolders
    }

    /// The same membership, with the folders of other platforms' builds.
    public func with(_ folders: ApplePlatformFolders.Folders) -> ShippingScope {
        ShippingScope(shippingMembers: shippingMembers, nonShippingMembers: nonShippingMembers, platformFolders: folders)
    }

    /// Only the path conventions.
    public static let conventions = ShippingScope()

    /// Whether the file at `path` (relative to the root) is part of what ships.
    public func ships(_ path: String) -> Bool {
        if shippingMembers.contains(path) { return true }
        if nonShippingMembers.contains(path) { return false }
        if isOtherPlatformsCode(path) { return false }
        return !Self.isNonShippingByConvention(path)
    }

    /// Languages an Apple build compiles; only these are left out in another platform's folder.
    static let appleCompiledLanguages: Set<Language> = [.swift, .objc, .c, .cpp, .rust]

    /// Swift, Objective-C, C, C++ or Rust whose nearest module or runner folder is another platform's.
    func isOtherPlatformsCode(_ path: String) -> Bool {
        guard !platformFolders.foreign.isEmpty, let language = Language(path: path),
              Self.appleCompiledLanguages.contains(language) else { return false }
        guard let slash = path.lastIndex(of: "/") else { return false }
        return platformFolders.isOtherPlatforms(String(path[..<slash])) == true
    }

    /// Folders whose whole content is test, preview or build-script code, by exact name (`fastlane` holds
    /// lanes, including fastlane's Swift runner, never app code).
    static let nonShippingFolders: Set<Substring> = ["Tests", "Test", "UITests", "Mocks", "Mock", "Preview Content",
                                                     "PreviewContent", "__tests__", "__mocks__", "fastlane",
                                                     // End-to-end test flows of React Native apps (Maestro, Detox).
                                                     ".maestro", "e2e"]

    /// Test code, mocks, preview content and lanes by path alone: a folder named `Tests`/`Mocks`/`Preview Content`/`fastlane`
    /// or ending in `Tests` (`AppTests`, `AppUITests`), a Swift/Objective-C file with `Mock` in its name, and
    /// the Android source sets a release build never compiles (`src/test*`, `src/androidTest*`,
    /// `src/sharedTest`, `src/testFixtures`, `src/debug`, `src/<flavor>Debug`).
    public static func isNonShippingByConvention(_ path: String) -> Bool {
        // Folder by folder between slashes, on the path's bytes: this runs for every source file, and a `Substring` per
        // folder, hashed for the set, cost more than the tests. (The names are ASCII, compared as written.)
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            var previousIsSrc = false
            for end in bytes.indices where bytes[end] == UInt8(ascii: "/") {
                let folder = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if folder.isEmpty { continue }
                if isNonShippingFolder(folder) || PathBytes.hasSuffix(folder, "Tests") { return true }
                if previousIsSrc, isNonShippingAndroidSourceSet(folder) { return true }
                previousIsSrc = PathBytes.equals(folder, "src")
            }
            let name = UnsafeBufferPointer(rebasing: bytes[start...])
            return (PathBytes.hasSuffix(name, ".swift") || PathBytes.hasSuffix(name, ".m") || PathBytes.hasSuffix(name, ".h"))
                && PathBytes.contains(name, "Mock")
        }
    }

    /// `nonShippingFolders` as bytes, compared to a folder's bytes (the names are ASCII).
    static let nonShippingFolderBytes: [[UInt8]] = nonShippingFolders.map { Array($0.utf8) }

    static func isNonShippingFolder(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        nonShippingFolderBytes.contains { $0.count == folder.count && $0.elementsEqual(folder) }
    }

    /// `test`, `testDebug`, `androidTest`, `androidTestFree`, `sharedTest`, `testFixtures`, `debug`, `freeDebug`: a
    /// folder's bytes.
    static func isNonShippingAndroidSourceSet(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        PathBytes.hasPrefix(name, "test") || PathBytes.hasPrefix(name, "androidTest") || PathBytes.equals(name, "sharedTest")
            || PathBytes.equals(name, "debug") || PathBytes.hasSuffix(name, "Debug")
    }

    /// Compilation conditions true only in debug or simulator builds, as written after `#if` (spaces removed).
    /// Apple's App Store builds use the Release configuration for a device, where none of these hold.
    static let debugOnlyConditions: Set<String> = ["DEBUG", "targetEnvironment(simulator)", "defined(DEBUG)"]
}

/// Tests of a path's bytes against ASCII text, as written (no case folding, no Unicode normalisation): what
/// `Substring`'s `hasPrefix`/`hasSuffix` (SubstringAffixes) and `==` on these ASCII names say, without a `Substring`.
enum PathBytes {
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0
    }

    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count >= text.utf8CodeUnitCount && equals(UnsafeBufferPointer(rebasing: bytes[..<text.utf8CodeUnitCount]), text)
    }

    static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count >= text.utf8CodeUnitCount && equals(UnsafeBufferPointer(rebasing: bytes[(bytes.count - text.utf8CodeUnitCount)...]), text)
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        StringSearch.occurs(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), in: bytes)
    }
}
