import Foundation

/// How a Flutter app's Android versionCode is set: the build file names the Flutter Gradle plugin's value
/// (`flutter.versionCode` in current templates, `flutterVersionCode` read from local.properties in older
/// ones), and `flutter build` writes that value from the build number of pubspec.yaml's
/// `version: <name>+<build number>` ("In Android, build-name is used as versionName while build-number
/// used as versionCode", docs.flutter.dev/deployment/android, "Update the app's version number").
/// A build given `--build-number` overrides it; the evidence says so.
enum FlutterBuildVersion {
    /// The expressions a build file gives versionCode that mean "the Flutter tool's build number".
    static func namesFlutterBuildNumber(_ expression: String) -> Bool {
        let compact = expression.filter { !$0.isWhitespace }
        let bare = compact.hasSuffix(".toInteger()") ? String(compact.dropLast(".toInteger()".count))
            : compact.hasSuffix(".toInt()") ? String(compact.dropLast(".toInt()".count)) : compact
        return bare == "flutter.versionCode" || bare == "flutterVersionCode"
    }

    /// The build number of pubspec.yaml's top-level `version:` and its 1-based line; nil without a `+N`.
    static func buildNumber(pubspec text: String) -> (value: Int, line: Int)? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard line.hasPrefix("version:") else { continue }
            var value = line.dropFirst("version:".count)
            if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
            let written = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            guard let plus = written.lastIndex(of: "+"), let build = Int(written[written.index(after: plus)...]), build > 0 else { return nil }
            return (build, number)
        }
        return nil
    }
}
