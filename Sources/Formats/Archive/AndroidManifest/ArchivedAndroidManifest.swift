/// What shipcheck reads from the manifest inside an .apk (binary XML) or an .aab (aapt2's protobuf
/// XmlNode): the values Play judges the upload by.
public struct ArchivedAndroidManifest: Sendable, Hashable {
    public var location: SourceLocation
    public var package: String?
    public var versionCode: Int?
    public var minSdk: Int?
    public var targetSdk: Int?
    public var permissions: [String] = []

    /// The framework resource ids of the attributes read (android.R.attr), which name an attribute when the
    /// string pool does not (obfuscated or stripped names).
    static let attributeIDs: [UInt32: String] = [
        0x0101_0003: "name", 0x0101_020C: "minSdkVersion", 0x0101_0270: "targetSdkVersion",
        0x0101_021B: "versionCode", 0x0101_021C: "versionName",
    ]

    /// One element as either reader gives it: its name, depth (manifest is 0) and attributes by local name.
    mutating func add(element: String, depth: Int, attributes: [String: String]) {
        switch (depth, element) {
        case (0, "manifest"):
            package = attributes["package"]
            versionCode = attributes["versionCode"].flatMap { Int($0) }
        case (1, "uses-sdk"):
            minSdk = attributes["minSdkVersion"].flatMap { Int($0) }
            targetSdk = attributes["targetSdkVersion"].flatMap { Int($0) }
        case (1, "uses-permission"), (1, "uses-permission-sdk-23"):
            if let name = attributes["name"], permissions.count < 1000 { permissions.append(name) }
        default:
            break
        }
    }
}
