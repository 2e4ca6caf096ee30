import Foundation
import Project

/// `shipcheck init [PATH]`: writes a starter shipcheck.yml (and, with --github, a CI workflow).
/// The only command that writes into a project, and it never overwrites.
struct InitCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "init",
        abstract: "Write a starter shipcheck.yml (and optionally a GitHub Actions workflow) into the project.",
        arguments: [ArgumentDefinition("path", help: "The project root (default: .).")],
        options: [OptionDefinition("github", help: "Also write .github/workflows/shipcheck.yml.")]
    )

    static let manifest = """
    # shipcheck.yml: what you state about the app instead of letting shipcheck guess.
    # Every key is optional; see docs/manifest.md for all of them.
    app:
      name: My App              # as on the store listing
      developer: My Company     # the seller / developer name on the listing
    stores: [appstore, play]
    # paths:
    #   appstore_metadata: fastlane/metadata
    #   play_metadata: fastlane/metadata/android
    #   data_safety: play/data-safety.csv
    #   privacy_policy: docs/privacy.html
    # facts:
    #   account.creation: true
    #   app.login_required: true
    # review:
    #   demo_user: env:DEMO_USER
    #   demo_password: env:DEMO_PASSWORD   # never the password itself
    # rules:
    #   skip: [metadata.appstore-keywords-bytes]
    #   severity: { metadata.other-platforms: warning }
    exclude: [Pods/**, Carthage/**, build/**]

    """

    static let workflow = """
    name: shipcheck
    on: [pull_request, push]
    jobs:
      shipcheck:
        runs-on: ubuntu-latest
        steps:
          - uses: actions/checkout@v4
          - run: sudo apt-get install -y libyaml-dev
          # Builds shipcheck from its source at ./shipcheck (a submodule or a second checkout step).
          - run: swift build -c release --package-path shipcheck && sudo cp shipcheck/.build/release/shipcheck /usr/local/bin/
          - run: shipcheck check --format github --format sarif:shipcheck.sarif --format markdown:shipcheck.md

    """

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let root = URL(fileURLWithPath: parsed.positionals.first ?? ".").standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.error("\(root): no such folder")
            return .usage
        }
        var files = [("shipcheck.yml", Self.manifest)]
        if parsed.flag("github") { files.append((".github/workflows/shipcheck.yml", Self.workflow)) }
        // Every file is checked before any is written, so a refusal leaves the project untouched.
        for (relative, _) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            if RootedPath.entryExists(path) {
                console.error("\(path) already exists; shipcheck init never overwrites a file")
                return .usage
            }
            do {
                try RootedPath.checkWritable(path, root: root)
            } catch {
                console.error("\(relative): \(error.message)")
                return .usage
            }
        }
        for (relative, text) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                console.error("\(path): cannot write: \(error.localizedDescription)")
                return .usage
            }
            console.out("wrote \(relative)\n")
        }
        return .success
    }
}
