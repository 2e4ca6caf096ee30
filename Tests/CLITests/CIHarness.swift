import Foundation

/// What the CI tests share: a monorepo-shaped repository (a `.git` folder, the Android fixture app at
/// apps/mobile, a README at the top), stand-ins for the commands a CI script runs that need the network
/// or a second toolchain (`git clone`, `swift build`, `apt-get`, `brew`), and a bash runner that runs a
/// script as GitHub's composite steps do (`bash --noprofile --norc -eo pipefail`).
enum CIHarness {
    static let app = ShipcheckProcess.packageRoot.appendingPathComponent("Tests/Fixtures/e2e/android-app")
    /// Where the app sits in the monorepo.
    static let appFolder = "apps/mobile"

    /// A fresh folder under the temporary directory, removed by the caller.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipcheck-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.resolvingSymlinksInPath()
    }

    /// `parent/name`: a repository with the fixture app at apps/mobile.
    static func monorepo(in parent: URL, name: String = "repo") throws -> URL {
        let repo = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: app, to: repo.appendingPathComponent(appFolder))
        try Data("# A monorepo\n".utf8).write(to: repo.appendingPathComponent("README.md"))
        return repo
    }

    /// A folder of stand-ins, first on PATH. `git clone URL DEST` records DEST in `clones.txt` and lays out a
    /// checkout holding shipcheck's example app (so a clone inside the checked project shows up as findings
    /// outside apps/mobile); `swift build … --package-path P` puts the built shipcheck at P/.build/release;
    /// `apt-get` and `brew` do nothing. Their calls are logged in `calls.txt`.
    static func standIns(in parent: URL) throws -> URL {
        let bin = parent.appendingPathComponent("stand-ins")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = bin.appendingPathComponent("calls.txt").path
        let example = ShipcheckProcess.packageRoot.appendingPathComponent("Examples/TodoCloud").path
        let scripts: [String: String] = [
            "git": """
            #!/bin/sh
            echo "git $*" >> '\(log)'
            [ "$1" = clone ] || exit 0
            for dest; do :; done
            echo "$dest" >> '\(bin.path)/clones.txt'
            mkdir -p "$dest/Examples" && cp -R '\(example)' "$dest/Examples/TodoCloud"
            """,
            "swift": """
            #!/bin/sh
            echo "swift $*" >> '\(log)'
            package=.
            while [ $# -gt 0 ]; do
              case "$1" in --package-path) package=$2; shift ;; --show-bin-path) show=1 ;; esac
              shift
            done
            if [ -n "$show" ]; then echo "$package/.build/release"; exit 0; fi
            mkdir -p "$package/.build/release" && cp '\(ShipcheckProcess.binary.path)' "$package/.build/release/shipcheck"
            """,
            "apt-get": "#!/bin/sh\necho \"apt-get $*\" >> '\(log)'\n",
            "brew": "#!/bin/sh\necho \"brew $*\" >> '\(log)'\n[ \"$1\" = list ] && exit 1\nexit 0\n",
        ]
        for (name, text) in scripts {
            let path = bin.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        return bin
    }

    /// The folders the `git` stand-in cloned into.
    static func clones(_ standIns: URL) -> [String] {
        let text = (try? String(contentsOf: standIns.appendingPathComponent("clones.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Runs `script` with bash as GitHub's `shell: bash` does, with the stand-ins and the built shipcheck on PATH.
    static func bash(_ script: String, in directory: URL, standIns: URL?, environment: [String: String] = [:]) throws -> ShipcheckProcess.Output {
        var path = ShipcheckProcess.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        if let standIns { path = standIns.path + ":" + path }
        var env = environment
        env["PATH"] = path
        return try ShipcheckProcess.run(["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: directory,
                                        environment: env, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The `uri` of every SARIF result's first location.
    static func sarifURIs(_ data: Data) throws -> [String] {
        let log = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let runs = log?["runs"] as? [[String: Any]] ?? []
        return runs.flatMap { run in
            (run["results"] as? [[String: Any]] ?? []).compactMap {
                ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
    }

    /// The `file=` of every `::error`/`::warning`/`::notice` workflow command.
    static func annotationFiles(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("::"), let range = line.range(of: " file=") else { return nil }
            let rest = line[range.upperBound...]
            return String(rest.prefix { $0 != "," && $0 != ":" })
        }
    }

    /// The fenced blocks of a document with the given info string (`yaml`, `sh`, `ruby`), in order.
    static func blocks(_ language: String, in document: String) throws -> [String] {
        let text = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
