import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct AndroidManifestBoundsTests {
    let manifestLocation = SourceLocation(path: "app/src/main/AndroidManifest.xml")

    @Test func aProcessingInstructionWithoutDataIsNoCrash() throws {
        let manifest = try AndroidManifestReader.read(text: "<?a?><manifest package=\"p\"/>", location: manifestLocation)
        #expect(manifest.package == "p")
        let declared = try AndroidManifestReader.read(text: "<?xml version=\"1.0\"?>\n<?b?>\n<manifest package=\"q\"/>", location: manifestLocation)
        #expect(declared.package == "q")
    }

    /// Found by Fuzz/run.sh (android-manifest): an XML declaration without data is a processing instruction too.
    @Test(arguments: ["<?xml?>\n\"", "<?xml ?><manifest/>", "<?xml version=\"1.0\"\u{FF}android\">\n<us>\n<manifest><?x.\u{FF}m?>\n<mani", "<manifest/>\n<?xml version=\"1.0\"?>", "<?XML?><manifest/>", "\u{FEFF}<?xml?><manifest/>"])
    func anXMLDeclarationWithoutDataOrOutOfPlaceIsNoCrash(_ text: String) {
        _ = try? AndroidManifestReader.read(text: text, location: manifestLocation)
    }

    @Test func processingInstructionsAnywhereAreSkippedKeepingLines() throws {
        let text = "<?xml version=\"1.0\"?>\n<?a\nb?><manifest xmlns:android=\"u\" package=\"p\">\n<?x?><uses-permission android:name=\"c\"/></manifest>\n<?y?>"
        let manifest = try AndroidManifestReader.read(text: text, location: manifestLocation)
        #expect(manifest.package == "p")
        #expect(manifest.permissions.map(\.line) == [4])
    }

    @Test func twentyThousandAttributesOnOneLineAreRead() throws {
        let attributes = (0..<20_000).map { "android:a\($0)=\"x\"" }.joined(separator: " ")
        let text = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application \(attributes)/></manifest>"
        let manifest = try AndroidManifestReader.read(text: text, location: manifestLocation)
        #expect(manifest.application.count == 20_000)
        #expect(manifest.application["android:a19999"]?.line == 1)
    }
}
