import Testing
@testable import Project

struct AndroidManifestReaderTests {
    let location = SourceLocation(path: "app/src/main/AndroidManifest.xml")

    @Test func readsPermissionsFeaturesQueriesAndApplication() throws {
        let text = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
            package="com.example.old">
            <uses-permission android:name="android.permission.CAMERA" />
            <uses-permission
                android:name="android.permission.READ_EXTERNAL_STORAGE"
                android:maxSdkVersion="32" />
            <uses-permission-sdk-23 android:name="android.permission.ACCESS_FINE_LOCATION" />
            <uses-feature android:name="android.hardware.camera" android:required="false" />
            <uses-feature android:name="android.hardware.type.watch" />
            <queries>
                <package android:name="com.whatsapp" />
                <intent><action android:name="android.intent.action.SEND" /></intent>
            </queries>
            <application
                android:allowBackup="false"
                android:usesCleartextTraffic="true">
                <uses-permission android:name="not.a.top.level.permission" />
            </application>
        </manifest>
        """
        let manifest = try AndroidManifestReader.read(text: text, location: location)
        #expect(manifest.package == "com.example.old")
        #expect(manifest.permissions == [
            AndroidPermission(name: "android.permission.CAMERA", maxSdkVersion: nil, line: 4),
            AndroidPermission(name: "android.permission.READ_EXTERNAL_STORAGE", maxSdkVersion: 32, line: 6),
            AndroidPermission(name: "android.permission.ACCESS_FINE_LOCATION", maxSdkVersion: nil, line: 8),
        ])
        #expect(manifest.features == [
            AndroidFeature(name: "android.hardware.camera", required: false, line: 9),
            AndroidFeature(name: "android.hardware.type.watch", required: true, line: 10),
        ])
        #expect(manifest.queriedPackages == ["com.whatsapp"])
        #expect(manifest.queriesOtherThanPackages)
        #expect(manifest.application["android:allowBackup"] == AndroidAttribute(value: "false", line: 16))
        #expect(manifest.application["android:usesCleartextTraffic"] == AndroidAttribute(value: "true", line: 17))
        #expect(manifest.sourceSet == "main")
        #expect(!manifest.isTestOrDebugOnly)
    }

    @Test func malformedXMLIsAProblemWithTheLine() {
        let text = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <uses-permission android:name=\"a\">\n</manifest>\n"
        #expect {
            _ = try AndroidManifestReader.read(text: text, location: location)
        } throws: { error in
            guard let failure = error as? InspectedText.Failure else { return false }
            return failure.problem.location.path == location.path && failure.problem.location.line == 3
                && failure.problem.message == "is not well-formed XML: a closing tag does not match the open element"
        }
    }

    @Test func anEntityBombIsAProblemNotAHang() {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE manifest [\n\(entities)]>\n<manifest package=\"&lol9;\"/>\n"
        #expect {
            _ = try AndroidManifestReader.read(text: text, location: location)
        } throws: { error in
            (error as? InspectedText.Failure)?.problem.message.hasPrefix("is not well-formed XML") == true
        }
    }

    @Test func aNonManifestRootIsAProblem() {
        #expect(throws: InspectedText.Failure.self) {
            _ = try AndroidManifestReader.read(text: "<resources><string name=\"a\">b</string></resources>", location: location)
        }
    }

    @Test func sourceSetComesFromTheFolder() {
        #expect(AndroidManifestReader.sourceSet(of: "app/src/debug/AndroidManifest.xml") == "debug")
        #expect(AndroidManifestReader.sourceSet(of: "app/src/androidTest/AndroidManifest.xml") == "androidTest")
        #expect(AndroidManifestReader.sourceSet(of: "AndroidManifest.xml") == nil)
        #expect(AndroidManifestFile(location: location, sourceSet: "androidTestDebug").isTestOrDebugOnly)
    }
}
