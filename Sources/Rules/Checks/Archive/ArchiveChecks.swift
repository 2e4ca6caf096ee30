import Project

/// Checks fed by built archives (`--archive`): what App Store Connect and Play read from the upload
/// itself. Domain checks over `project.archives`; a run without an archive gives them nothing to judge. A policy
/// also judged on the sources has one function for both (`from: archive`, `JudgedInput`), fed by the readers
/// of `ArchivePrivacyEvidence`.
public enum ArchiveChecks {
    public static var all: [CheckFunction] {
        ([uploadSDK] + ArchiveAppleChecks.all + ArchiveAndroidChecks.all).map { $0.reading(.builtArchives) }
    }

    /// The Xcode and SDK an upload was built with, from the built Info.plist (DTXcode, DTSDKName), against
    /// the minimum App Store Connect accepts.
    static let uploadSDK = CheckFunction(
        name: "archive.upload_sdk",
        summary: "The app in a built iOS archive was built with at least the Xcode and SDK App Store Connect requires",
        options: [OptionSpec("minimum", .table, required: true, decode: TableError.decoder(UploadSDKMinimum.init), doc: "`xcode` and `sdks` (platform → version)")],
        subjects: .none,
        placeholders: ["built", "required", "plist"]
    ) { invocation in
        guard let minimum = invocation.decoded("minimum", as: UploadSDKMinimum.self) else { return [] }
        var results: [CheckResult] = []
        for archive in invocation.context.project.archives where archive.isApple {
            // The top-level app: extensions, frameworks and a watch app are built by the same Xcode.
            guard let app = archive.bundles.first(where: { $0.kind == .app }), let plist = app.infoPlist, let location = app.infoPlistLocation else { continue }
            var problems: [String] = []
            var required = "Xcode \(UploadSDKMinimum.text(minimum.xcode))"
            if let xcode = plist["DTXcode"]?.string, let built = UploadSDKMinimum.xcodeVersion(xcode), UploadSDKMinimum.less(built, minimum.xcode) {
                problems.append("Xcode \(UploadSDKMinimum.text(built)) (DTXcode \(xcode))")
            }
            if let sdkName = plist["DTSDKName"]?.string, let (platform, version) = UploadSDKMinimum.sdk(sdkName),
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
