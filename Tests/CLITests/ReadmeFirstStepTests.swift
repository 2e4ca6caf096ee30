import Foundation
import Testing

@Suite("README: the first step")
struct ReadmeFirstStepTests {
    /// The README's first step: locally the demo credentials' variables are not judged; with CI set and the
    /// variables unset, two more errors, which setting them removes.
    @Test func theExampleHasTwoMoreErrorsInCIFromTheDemoCredentials() throws {
        func errors(_ environment: [String: String]) throws -> (Int, String) {
            var env = environment
            env["CI"] = env["CI"] ?? ""
            let result = try ShipcheckProcess.run(["check", "Examples/TodoCloud", "--format", "json", "--date", "2026-12-01"],
                                                  environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return (((object["summary"] as? [String: Any])?["errors"] as? Int) ?? -1, result.stdout)
        }
        let (local, _) = try errors(["TODOCLOUD_DEMO_USER": "", "TODOCLOUD_DEMO_PASSWORD": ""])
        let (ci, ciReport) = try errors(["CI": "true", "TODOCLOUD_DEMO_USER": "", "TODOCLOUD_DEMO_PASSWORD": ""])
        let (ciWithSecrets, _) = try errors(["CI": "true", "TODOCLOUD_DEMO_USER": "reviewer@example.com", "TODOCLOUD_DEMO_PASSWORD": "s3cret"])
        #expect(ci == local + 2, "local \(local), CI \(ci)")
        #expect(ciWithSecrets == local)
        #expect(ciReport.contains("TODOCLOUD_DEMO_USER") && ciReport.contains("TODOCLOUD_DEMO_PASSWORD"))
        let readme = try String(contentsOf: ShipcheckProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let firstStep = try #require(readme.components(separatedBy: "## Who it is for").first)
        #expect(firstStep.contains("two errors more than on a laptop"))
        #expect(firstStep.contains("TODOCLOUD_DEMO_USER") && firstStep.contains("CI=true swift run shipcheck check Examples/TodoCloud"))
    }
}
