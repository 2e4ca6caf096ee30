import Project

/// The evidence a built iOS archive gives for the upload SDK policy also judged on the sources
/// (`apple.upload_sdk`, `AppleUploadSDKCheck`): the Xcode and SDK its app's built Info.plist names.
enum ArchiveBuildEvidence {
    /// Each Apple archive whose top-level app was built with an older Xcode (DTXcode) or SDK (DTSDKName) than
    /// `minimum`, at its Info.plist: extensions, frameworks and a watch app are built by the same Xcode.
    static func belowMinimum(_ minimum: UploadSDKMinimum, _ archives: [BuiltArchive]) -> [CheckResult] {
        var results: [CheckResult] = []
        for archive in archives where archive.isApple {
            guard let app = archive.app, let plist = archive.plist(of: app) else { continue }
            let location = plist.location
            var problems: [String] = []
            var required = "Xcode \(UploadSDKMinimum.text(minimum.xcode))"
            if let xcode = plist.string("DTXcode"), let built = UploadSDKMinimum.xcodeVersion(xcode), UploadSDKMinimum.less(built, minimum.xcode) {
                problems.append("Xcode \(UploadSDKMinimum.text(built)) (DTXcode \(xcode))")
            }
            if let sdkName = plist.string("DTSDKName"), let (platform, version) = UploadSDKMinimum.sdk(sdkName),
               let sdkMinimum = minimum.sdks[platform] {
                required += " and the \(platform)\(UploadSDKMinimum.text(sdkMinimum)) SDK"
                if UploadSDKMinimum.less(version, sdkMinimum) { problems.append("the \(sdkName) SDK (DTSDKName)") }
            }
            guard !problems.isEmpty else { continue }
            results.append(CheckResult(location: location, evidence: problems.joined(separator: ", "), values: [
                "built": problems.joined(separator: " and "), "required": required, "plist": location.path,
            ]))
        }
        return results
    }
}
