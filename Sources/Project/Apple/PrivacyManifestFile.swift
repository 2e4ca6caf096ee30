import Formats

/// A PrivacyInfo.xcprivacy: whose it is, and its content for the rules to validate.
public struct PrivacyManifestFile: Sendable {
    public let location: SourceLocation
    /// True for the app's own manifest, false for one inside a vendored SDK or dependency.
    public let isAppOwned: Bool
    /// The SDK it belongs to when it is inside one (`Pods/Alamofire/…` → `Alamofire`).
    public let sdkName: String?
    /// The parsed manifest; nil when it could not be parsed (see `parseError`).
    public let document: PlistDocument?
    /// Why the file is not a property list at all: such a manifest is invalid for the store (ITMS-91056).
    public let parseError: PlistReadError?
    /// A file of the source tree, or a manifest inside a built archive's bundle.
    public let origin: InputOrigin

    public init(location: SourceLocation, isAppOwned: Bool, sdkName: String? = nil, document: PlistDocument? = nil,
                parseError: PlistReadError? = nil, origin: InputOrigin = .source) {
        self.location = location
        self.isAppOwned = isAppOwned
        self.sdkName = sdkName
        self.document = document
        self.parseError = parseError
        self.origin = origin
    }

    /// `NSPrivacyAccessedAPIType` values this manifest declares (full names, e.g. `NSPrivacyAccessedAPICategoryDiskSpace`).
    public var declaredAPICategories: Set<String> {
        Set((document?.value["NSPrivacyAccessedAPITypes"]?.array ?? []).compactMap { $0["NSPrivacyAccessedAPIType"]?.string })
    }
}
