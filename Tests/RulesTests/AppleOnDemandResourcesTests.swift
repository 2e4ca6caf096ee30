import Project
import Testing
@testable import Rules

@Suite struct AppleOnDemandResourcesTests {
    typealias S = AppleRuleSupport

    @Test func hostedContentIsAnErrorAtItsEvidence() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([
            S.used("iap.hosted_content", at: "Content/ContentInfo.plist", line: 5, "IAPProductIdentifier = com.example.pack"),
        ]))
        let findings = try S.findings(project, rule: "on-demand-resources.hosted-iap-content")
        #expect(findings.map(\.location) == [SourceLocation(path: "Content/ContentInfo.plist", line: 5)])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("Xcode 13.3") == true)
        #expect(findings.first?.help?.contains("Background Assets") == true)
    }

    @Test func onDemandResourcesIsAWarningThatSaysTheCutOffIsUnverified() throws {
        let project = ProjectModel(root: "/p", facts: FactStore([
            S.used("odr.used", at: "App.xcodeproj/project.pbxproj", line: 48, "KnownAssetTags = (level1)"),
        ]))
        let findings = try S.findings(project, rule: "on-demand-resources.deprecated")
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("iOS 27 SDK") == true)
        #expect(findings.first?.help?.contains("unverified") == true)
    }

    @Test func downloadCallsAloneAreAWarningNotTheBuildError() throws {
        let code = S.used("iap.hosted_content.code", at: "App/PackDownloader.swift", line: 11, "SKDownload")
        let codeOnly = ProjectModel(root: "/p", facts: FactStore([code]))
        #expect(try S.findings(codeOnly, rule: "on-demand-resources.hosted-iap-content").isEmpty)
        let warning = try S.findings(codeOnly, rule: "on-demand-resources.hosted-iap-content-code")
        #expect(warning.map(\.severity) == [.warning])
        #expect(warning.first?.message.contains("already-hosted content keeps working") == true)

        // With a hosted-content target too, the build error says it all.
        let both = ProjectModel(root: "/p", facts: FactStore([code,
            S.used("iap.hosted_content", at: "App.xcodeproj/project.pbxproj", line: 22, "com.apple.product-type.in-app-purchase-content")]))
        #expect(try S.findings(both, rule: "on-demand-resources.hosted-iap-content").map(\.severity) == [.error])
        #expect(try S.findings(both, rule: "on-demand-resources.hosted-iap-content-code").isEmpty)
    }

    @Test func nothingWithoutTheFacts() throws {
        let project = ProjectModel(root: "/p")
        #expect(try S.findings(project, rule: "on-demand-resources.deprecated").isEmpty)
        #expect(try S.findings(project, rule: "on-demand-resources.hosted-iap-content").isEmpty)
    }
}
