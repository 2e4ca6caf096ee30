/// Which Apple project file a walked file is, by its name and folder.
enum AppleFileKind: Equatable {
    case infoPlist
    case infoPlistStrings(language: String)
    case entitlements
    case privacyManifest
    case pbxproj
    case contentInfo
    case assetCatalogContents

    /// `-Info.plist` files that configure an SDK, not a bundle (Firebase's GoogleService-Info.plist).
    static let notBundleInfo: Set<Substring> = ["GoogleService-Info.plist"]

    init?(_ file: ProjectFile) {
        let name = file.fileName
        // Most files are none of these: their folders are only split when the name asks for them.
        var folders: ArraySlice<Substring> { file.path.split(separator: "/").dropLast() }
        switch name {
        case "PrivacyInfo.xcprivacy": self = .privacyManifest
        case "project.pbxproj" where folders.last?.hasSuffix(".xcodeproj") == true: self = .pbxproj
        case "ContentInfo.plist": self = .contentInfo
        case "Contents.json" where folders.contains { $0.hasSuffix(".xcassets") }: self = .assetCatalogContents
        case "InfoPlist.strings":
            guard let folder = folders.last, folder.hasSuffix(".lproj") else { return nil }
            self = .infoPlistStrings(language: String(folder.dropLast(".lproj".count)))
        default:
            if name.hasSuffix(".entitlements") {
                self = .entitlements
            } else if name == "Info.plist" || (name.hasSuffix("-Info.plist") && !Self.notBundleInfo.contains(name)) {
                // A bundle's Info.plist inside a built framework is the SDK's, not the app's; one inside an Xcode
                // project or workspace package is Xcode's own (a performance test's xcbaselines/…/Info.plist).
                guard !folders.contains(where: { $0.hasSuffix(".framework") || $0.hasSuffix(".xcframework") || $0.hasSuffix(".bundle")
                    || $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") })
                else { return nil }
                self = .infoPlist
            } else {
                return nil
            }
        }
    }
}
