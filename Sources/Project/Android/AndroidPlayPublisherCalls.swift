import Support
import Formats

extension AndroidInspector.GradleWorkspace {
    /// The Google Play Developer API's Java client (`com.google.api.services.androidpublisher`): build logic that uses
    /// it uploads builds or expansion files to Play itself, without Gradle Play Publisher or fastlane.
    static let playPublisherAPI = "com.google.api.services.androidpublisher"

    /// Where a module's build sends its own builds to Google Play through the Play Developer API: its script uses the
    /// client, or calls a build-logic function or class whose file does (kiwix-android's branded module registers
    /// `publish…ReleaseApkWithExpansionFile` tasks that call buildSrc's `createPublisher`). Each a line of the script,
    /// with the build-logic file named.
    func playPublisherCalls(scriptPath: String) -> [Evidence] {
        guard let lines = texts[scriptPath] else { return [] }
        var found: [Evidence] = []
        var named: Set<String> = []
        for (offset, line) in lines.enumerated() where found.count < 3 {
            let code = line.trimmingBlanks()
            if code.hasPrefix("//") || code.hasPrefix("import ") { continue }
            if code.contains(Self.playPublisherAPI) || code.contains("AndroidPublisher") {
                found.append(Evidence(location: SourceLocation(path: scriptPath, line: offset + 1),
                                      snippet: "\(code.prefix(160)) (the Google Play Developer API)"))
                continue
            }
            for name in AndroidInspector.calledFunctions(String(code)) where !named.contains(name) {
                guard let declaring = kotlinFunctions[name] ?? kotlinClasses[name]?.path, declaring != scriptPath,
                      let text = kotlinTexts[declaring], text.contains(Self.playPublisherAPI) else { continue }
                named.insert(name)
                found.append(Evidence(location: SourceLocation(path: scriptPath, line: offset + 1),
                                      snippet: "\(name) (\(declaring): uploads with the Google Play Developer API)"))
                break
            }
        }
        return found
    }
}
