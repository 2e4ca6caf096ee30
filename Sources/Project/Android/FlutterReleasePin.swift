import Foundation

/// The Flutter release a repository builds its app with, from what it pins. Exact pins name the release a build
/// uses: fvm's `.fvmrc` (`"flutter"`) and `.fvm/fvm_config.json` (`"flutterSdkVersion"`), a `.flutter-version`
/// file, asdf's `.tool-versions` (`flutter 3.24.0-stable`), a workflow's `flutter-version:` (subosito/flutter-action)
/// and pubspec.yaml's `environment: flutter:` written as one version (pub then accepts only that release; a
/// workflow's `flutter-version-file:` reads it too). Lower bounds say only "this release or later": a pubspec
/// constraint `>=X` / `^X`, and pubspec.lock's `sdks: flutter: ">=X"` (the release the resolved packages need, which
/// the Flutter that wrote the lock met). A `flutter` git submodule is not read (its commit is no release name).
struct FlutterReleasePin: Sendable, Equatable {
    let release: FlutterRelease
    let path: String
    let line: Int
    /// How the pin reads (`.fvmrc "flutter": "3.41.9"`), for the evidence.
    let how: String
    /// The pin names the one release the build uses (not a lower bound).
    var isExact = false

    /// The release the Flutter app at `appFolder` is built with, from the pins in the app's folder, at the root and
    /// in the workflows: when every exact pin names the same release, that release, exact; otherwise the lowest
    /// release any pin allows, as a lower bound (Flutter only raises its defaults, so the lowest pin never says a
    /// level is reached that one build might not reach).
    static func resolve(appFolder: String, files: [String: ProjectFile], read: (ProjectFile) -> String?) -> FlutterReleasePin? {
        let pins = all(appFolder: appFolder, files: files, read: read)
        let exact = pins.filter(\.isExact)
        if let first = exact.min(by: order), exact.allSatisfy({ $0.release == first.release }) { return first }
        guard var lowest = pins.min(by: order) else { return nil }
        lowest.isExact = false
        return lowest
    }

    static func order(_ lhs: FlutterReleasePin, _ rhs: FlutterReleasePin) -> Bool {
        (lhs.release, lhs.path, lhs.line) < (rhs.release, rhs.path, rhs.line)
    }

    /// Every pin in the app's folder, at the root and in the workflows.
    static func all(appFolder: String, files: [String: ProjectFile], read: (ProjectFile) -> String?) -> [FlutterReleasePin] {
        let folders = appFolder.isEmpty ? [""] : [appFolder, ""]
        var pins: [FlutterReleasePin] = []
        for folder in folders {
            func file(_ name: String) -> ProjectFile? { files[AndroidInspector.join(folder, name)] }
            if let fvmrc = file(".fvmrc"), let text = read(fvmrc), let pin = jsonString(text, key: "flutter", path: fvmrc.path) { pins.append(pin) }
            if let config = file(".fvm/fvm_config.json"), let text = read(config),
               let pin = jsonString(text, key: "flutterSdkVersion", path: config.path) { pins.append(pin) }
            if let plain = file(".flutter-version"), let text = read(plain), let pin = plainVersion(text, path: plain.path) { pins.append(pin) }
            if let tools = file(".tool-versions"), let text = read(tools), let pin = toolVersions(text, path: tools.path) { pins.append(pin) }
            if let pubspec = file("pubspec.yaml"), let text = read(pubspec), let pin = pubspecConstraint(text, path: pubspec.path) { pins.append(pin) }
            if let lock = file("pubspec.lock"), let text = read(lock), let pin = lockConstraint(text, path: lock.path) { pins.append(pin) }
        }
        for workflow in files.values where isWorkflow(workflow.path) {
            guard let text = read(workflow) else { continue }
            pins += workflowPins(text, path: workflow.path, files: files, read: read)
        }
        return pins
    }

    static func isWorkflow(_ path: String) -> Bool {
        path.hasPrefix(".github/workflows/") && (path.hasSuffix(".yml") || path.hasSuffix(".yaml"))
    }

    /// Which files a pin can be in: the workspace keeps these by path.
    static func isPinFile(_ file: ProjectFile) -> Bool {
        // Asked of every file of the tree: the names compared one by one (not through an array made for each file),
        // and the fvm config's suffix only for a path whose last byte is its last letter.
        let name = file.fileName
        return name == ".fvmrc" || name == ".flutter-version" || name == ".tool-versions" || name == "pubspec.lock"
            || (file.path.utf8.last == UInt8(ascii: "n") && file.path.hasSuffix(".fvm/fvm_config.json"))
            || isWorkflow(file.path)
    }

    /// `"key": "3.41.9"` in a JSON file (fvm's); "stable" or a channel is no release.
    static func jsonString(_ text: String, key: String, path: String) -> FlutterReleasePin? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let keyRange = line.range(of: "\"\(key)\"") else { continue }
            let rest = line[keyRange.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\t" }
            guard rest.hasPrefix("\""), let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
            let value = String(rest.dropFirst()[..<end])
            guard let release = FlutterRelease(value) else { return nil }
            return FlutterReleasePin(release: release, path: path, line: index + 1, how: "\"\(key)\": \"\(value)\"", isExact: isReleaseName(value))
        }
        return nil
    }

    /// A `.flutter-version` file: the release on its first line.
    static func plainVersion(_ text: String, path: String) -> FlutterReleasePin? {
        guard let first = text.split(separator: "\n").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
              let release = FlutterRelease(first) else { return nil }
        return FlutterReleasePin(release: release, path: path, line: 1, how: first, isExact: isReleaseName(first))
    }

    /// A stable release's name (`3.41.9`), not a pre-release (`3.47.0-0.4.pre`), which counts only as its base's lower bound.
    static func isReleaseName(_ written: String) -> Bool { !written.contains("-") }

    /// asdf's `.tool-versions`: `flutter 3.24.0-stable` (the asdf-flutter plugin's release names).
    static func toolVersions(_ text: String, path: String) -> FlutterReleasePin? {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?.split(whereSeparator: { $0 == " " || $0 == "\t" }) ?? []
            guard words.count >= 2, words[0] == "flutter" else { continue }
            let written = String(words[1])
            let name = written.hasSuffix("-stable") ? String(written.dropLast("-stable".count)) : written
            guard let release = FlutterRelease(name) else { return nil }
            return FlutterReleasePin(release: release, path: path, line: index + 1, how: "flutter \(written)", isExact: isReleaseName(name))
        }
        return nil
    }

    /// pubspec.lock's `sdks:` → `flutter: ">=3.3.0"`: the lowest release the locked packages allow, a lower bound.
    static func lockConstraint(_ text: String, path: String) -> FlutterReleasePin? {
        var inSdks = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if !line.hasPrefix(" ") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                inSdks = line.hasPrefix("sdks:")
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inSdks, trimmed.hasPrefix("flutter:") else { continue }
            let constraint = trimmed.dropFirst("flutter:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            guard let release = lowerBound(constraint) else { return nil }
            return FlutterReleasePin(release: release, path: path, line: index + 1, how: "pubspec.lock sdks flutter: \(constraint)")
        }
        return nil
    }

    /// pubspec.yaml's `environment:` → `flutter:`: an exact release, or the lower bound of `>=X`, `^X`, `>X` (the
    /// next releases, still at least X's defaults); a constraint with no lower bound pins nothing.
    static func pubspecConstraint(_ text: String, path: String) -> FlutterReleasePin? {
        var inEnvironment = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if !line.hasPrefix(" ") && !line.hasPrefix("\t") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                inEnvironment = line.hasPrefix("environment:")
                continue
            }
            guard inEnvironment else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("flutter:") else { continue }
            let constraint = trimmed.dropFirst("flutter:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            guard let release = lowerBound(constraint) else { return nil }
            // A bare version is an exact constraint: pub accepts only that release.
            let exact = constraint.first?.isNumber == true && !constraint.contains(" ") && isReleaseName(constraint)
            return FlutterReleasePin(release: release, path: path, line: index + 1, how: "environment flutter: \(constraint)", isExact: exact)
        }
        return nil
    }

    /// The lowest release a pub constraint allows: `3.47.0`, `^3.41.0`, `>=3.29.0 <4.0.0`, `>3.29.0`.
    static func lowerBound(_ constraint: String) -> FlutterRelease? {
        for term in constraint.split(separator: " ") {
            for prefix in [">=", "^", ">"] where term.hasPrefix(prefix) { return FlutterRelease(String(term.dropFirst(prefix.count))) }
            if term.first?.isNumber == true { return FlutterRelease(String(term)) }
        }
        return nil
    }

    /// A workflow's `flutter-version: 3.41.9` (or `${{ env.NAME }}` with `NAME: 3.41.9` in the same file) and
    /// `flutter-version-file: F` (F's `environment: flutter:`, F from the repository root).
    static func workflowPins(_ text: String, path: String, files: [String: ProjectFile], read: (ProjectFile) -> String?) -> [FlutterReleasePin] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func value(after key: String, in line: String) -> String? {
            let trimmed = line.trimmingCharacters(in: .whitespaces).drop { $0 == "-" || $0 == " " }
            guard trimmed.hasPrefix(key + ":") else { return nil }
            let raw = trimmed.dropFirst(key.count + 1).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
        }
        var pins: [FlutterReleasePin] = []
        for (index, line) in lines.enumerated() {
            if var written = value(after: "flutter-version", in: line) {
                var at = index + 1
                if written.hasPrefix("${{"), let name = envName(written),
                   let defined = lines.indices.first(where: { value(after: name, in: lines[$0]) != nil }) {
                    written = value(after: name, in: lines[defined]) ?? written
                    at = defined + 1
                }
                if let release = FlutterRelease(written) {
                    pins.append(FlutterReleasePin(release: release, path: path, line: at, how: "flutter-version: \(written)", isExact: isReleaseName(written)))
                }
            } else if let file = value(after: "flutter-version-file", in: line), !file.contains(".."), let target = files[file],
                      let text = read(target), let pin = pubspecConstraint(text, path: target.path) {
                pins.append(pin)
            }
        }
        return pins
    }

    /// `${{ env.FLUTTER_VERSION }}` → `FLUTTER_VERSION`.
    static func envName(_ expression: String) -> String? {
        let inner = expression.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: " }"))
        guard inner.hasPrefix("env."), !inner.dropFirst(4).isEmpty, inner.dropFirst(4).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(inner.dropFirst(4))
    }
}
