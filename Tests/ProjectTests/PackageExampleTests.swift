import Foundation
import Testing
@testable import Project

/// A package's example app is left out; an app that happens to live in a folder named `example` is not.
@Suite struct PackageExampleTests {
    private static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>x</string></dict></plist>

        """

    @Test func aPluginsExampleAppIsLeftOutAndNamedInAFact() throws {
        let tree = try TemporaryTree()
        try tree.write("app/pubspec.yaml", "name: app\n")
        try tree.write("app/ios/Runner/Info.plist", Self.plist)
        try tree.write("packages/widgets/pubspec.yaml", "name: widgets\n")
        try tree.write("packages/widgets/example/pubspec.yaml", "name: widgets_example\n")
        try tree.write("packages/widgets/example/ios/Runner/Info.plist", Self.plist)
        try tree.write("packages/widgets/example/ios/Runner/AppDelegate.swift", "let d = UserDefaults.standard\n")

        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())

        #expect(model.facts["project.package_examples"]?.value == .list(["packages/widgets/example"]))
        #expect(model.coverage == [CoverageGap(.packageExamples, subjects: ["packages/widgets/example"])])
        #expect(!model.walkedFiles.contains { $0.hasPrefix("packages/widgets/example/") })
        #expect(model.walkedFiles.contains("app/ios/Runner/Info.plist"))
        #expect(model.walkedFiles.contains("packages/widgets/pubspec.yaml"))
    }

    /// `apps/example` is an app of the repository (its parent is no package): it is checked.
    @Test func anAppInAFolderNamedExampleWithoutAPackageAboveIsKept() throws {
        let tree = try TemporaryTree()
        try tree.write("apps/example/pubspec.yaml", "name: example\n")
        try tree.write("apps/example/ios/Runner/Info.plist", Self.plist)

        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())

        #expect(model.facts["project.package_examples"] == nil)
        #expect(model.walkedFiles.contains("apps/example/ios/Runner/Info.plist"))
    }

    @Test func theFolderMustHoldAnAppOfItsOwn() {
        let files = ["lib/pubspec.yaml", "lib/example/README.md", "pod/Pod.podspec", "pod/Example/Podfile",
                     "rn/package.json", "rn/examples/demo/package.json"].map {
            ProjectFile(path: $0, absolutePath: "/x/\($0)", size: 1, isVendored: false)
        }
        #expect(PackageExamples.folders(files) == ["pod/Example", "rn/examples"])
        #expect(PackageExamples.contains(["pod/Example"], "pod/Example/Podfile"))
        #expect(!PackageExamples.contains(["pod/Example"], "pod/ExampleApp/Podfile"))
    }
}
