import Testing
@testable import Formats

/// XCRemoteSwiftPackageReference requirements in a project.pbxproj (read when no Package.resolved is committed).
@Suite struct PBXProjPackageReaderTests {
    static let text = """
    /* Begin XCRemoteSwiftPackageReference section */
    \t\tA1 /* XCRemoteSwiftPackageReference "Starscream" */ = {
    \t\t\tisa = XCRemoteSwiftPackageReference;
    \t\t\trepositoryURL = "https://github.com/daltoniam/Starscream";
    \t\t\trequirement = {
    \t\t\t\tkind = exactVersion;
    \t\t\t\tversion = 4.0.6;
    \t\t\t};
    \t\t};
    \t\tA2 /* XCRemoteSwiftPackageReference "Kingfisher" */ = {
    \t\t\tisa = XCRemoteSwiftPackageReference;
    \t\t\trepositoryURL = "https://github.com/onevcat/Kingfisher.git";
    \t\t\trequirement = {
    \t\t\t\tkind = upToNextMajorVersion;
    \t\t\t\tminimumVersion = 7.9.0;
    \t\t\t};
    \t\t};
    \t\tA3 /* XCRemoteSwiftPackageReference "SnapKit" */ = {
    \t\t\tisa = XCRemoteSwiftPackageReference;
    \t\t\trepositoryURL = "https://github.com/SnapKit/SnapKit";
    \t\t\trequirement = {
    \t\t\t\tkind = upToNextMinorVersion;
    \t\t\t\tminimumVersion = 5.6.0;
    \t\t\t};
    \t\t};
    \t\tA4 /* XCRemoteSwiftPackageReference "Alamofire" */ = {
    \t\t\tisa = XCRemoteSwiftPackageReference;
    \t\t\trepositoryURL = "https://github.com/Alamofire/Alamofire";
    \t\t\trequirement = {
    \t\t\t\tkind = versionRange;
    \t\t\t\tmaximumVersion = 5.9.0;
    \t\t\t\tminimumVersion = 5.4.0;
    \t\t\t};
    \t\t};
    \t\tA5 /* XCRemoteSwiftPackageReference "swift-collections" */ = {
    \t\t\tisa = XCRemoteSwiftPackageReference;
    \t\t\trepositoryURL = "https://github.com/apple/swift-collections";
    \t\t\trequirement = {
    \t\t\t\tbranch = main;
    \t\t\t\tkind = branch;
    \t\t\t};
    \t\t};
    /* End XCRemoteSwiftPackageReference section */
    """

    @Test func eachRequirementKind() {
        let found = PBXProjPackageReader.read(Self.text, path: "App.xcodeproj/project.pbxproj").map {
            "\($0.name) \($0.version ?? "-") min=\($0.versionIsMinimum) below=\($0.versionBelow ?? "-") @\($0.location.line ?? 0)"
        }
        #expect(found == [
            "Starscream 4.0.6 min=false below=- @4",
            "Kingfisher 7.9.0 min=true below=8.0.0 @12",
            "SnapKit 5.6.0 min=true below=5.7.0 @20",
            "Alamofire 5.4.0 min=true below=5.9.0 @28",
            "swift-collections - min=false below=- @37",
        ])
        #expect(PBXProjPackageReader.read(Self.text, path: "p").allSatisfy { $0.ecosystem == .swiftpm })
    }

    @Test func aTruncatedReferenceIsReadWithoutARequirement() {
        let cut = "isa = XCRemoteSwiftPackageReference;\n\t\t\trepositoryURL = \"https://github.com/a/Lib\";\n\t\t\trequirement = {\n\t\t\t\tkind = exactVer"
        let found = PBXProjPackageReader.read(cut, path: "p")
        #expect(found.map(\.name) == ["Lib"])
        #expect(found.first?.version == nil)
        #expect(PBXProjPackageReader.read("isa = XCRemoteSwiftPackageReference;", path: "p").isEmpty)
    }
}
