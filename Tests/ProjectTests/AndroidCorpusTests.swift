import Foundation
import Testing
@testable import Project

/// The inspector over the real corpus apps; every value pinned here was checked by hand against the file.
struct AndroidCorpusTests {
    func inspect(_ app: String) -> PartialInspection {
        let root = AndroidTestPaths.corpus.appendingPathComponent(app)
        return AndroidInspector.inspect(files: AndroidTestPaths.walk(root), root: root.path)
    }

    @Test func everyCorpusManifestAndScriptParses() {
        let apps = ["FossifyOrg__Gallery", "Kunzisoft__KeePassDX", "BlueWallet__BlueWallet", "nextcloud__android", "TeamNewPipe__NewPipe"]
        var manifests = 0
        var scripts = 0
        for app in apps {
            let result = inspect(app)
            #expect(result.problems.isEmpty, "\(app): \(result.problems)")
            manifests += result.androidManifests.count
            scripts += result.gradleFiles.count
        }
        #expect(manifests == 18)
        #expect(scripts == 12)
    }

    @Test func dumpForHandCheck() {
        for app in ["FossifyOrg__Gallery", "Kunzisoft__KeePassDX", "BlueWallet__BlueWallet", "nextcloud__android", "TeamNewPipe__NewPipe"] {
            let result = inspect(app)
            print("=== \(app)")
            for g in result.gradleFiles { print(g.location.path, g.kind, g.plugins, g.productFlavors.map(\.name)); for s in g.settings { print("   ", s.name, s.flavor ?? "-", s.expression, "=>", s.value ?? "nil", s.resolvedAt?.description ?? "") } }
            for f in result.facts where !f.name.hasPrefix("android.permission.") { print("  F", f.name, f.value, f.evidence.map { "\($0.location) \($0.snippet)" }) }
            print("  perms", result.facts.filter { $0.name.hasPrefix("android.permission.") }.count)
            for p in result.problems { print("  P", p) }
        }
    }
}
