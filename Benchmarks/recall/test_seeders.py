#!/usr/bin/env python3
"""Unit tests of the recall harness's mutators on small trees written here (no third-party text): each asserts
where a class seeds, or that it finds no target, for a shape a real repository showed (session 10's misses).

    python3 Benchmarks/recall/test_seeders.py

Standard library only; runs no shipcheck.
"""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_lib import registry  # noqa: E402
from recall_lib.base import NoTarget  # noqa: E402
from recall_lib.tree import Tree, list_files  # noqa: E402

CLASSES = {c.name: c for c in registry.all_classes()}

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
\t<key>CFBundleIdentifier</key>
\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
{extra}</dict>
</plist>
"""

PBXPROJ = """// !$*UTF8*$!
{{
\tobjects = {{
\t\tA1 /* App */ = {{ isa = PBXNativeTarget; productType = "com.apple.product-type.application"; }};
\t\tC1 /* Release */ = {{
\t\t\tisa = XCBuildConfiguration;
\t\t\tbuildSettings = {{
\t\t\t\tINFOPLIST_FILE = App/Info.plist;
\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = {target};
\t\t\t}};
\t\t}};
{packages}\t}};
}}
"""


class SeederTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="recall-test-")
        self.repo = os.path.join(self.work, "repo")
        os.makedirs(self.repo)

    def tearDown(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def write(self, rel, text):
        path = os.path.join(self.repo, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)

    def seed(self, name, before=()):
        tree = Tree(self.repo, os.path.join(self.work, "copy"), list_files(self.repo))
        tree.before = list(before)
        return CLASSES[name].seed(tree), tree

    def ios_app(self, plist_extra="", target="15.0", packages=""):
        self.write("App/Info.plist", PLIST.format(extra=plist_extra))
        self.write("App/AppApp.swift", "import SwiftUI\n@main struct AppApp: App { var body: some Scene { "
                                       "WindowGroup { Text(\"Hi\") } } }\n")
        self.write("App.xcodeproj/project.pbxproj", PBXPROJ.format(target=target, packages=packages))

    # ATS ------------------------------------------------------------------------------------------------------
    def test_ats_seeds_an_app_plist_without_transport_settings(self):
        self.ios_app()
        seeded, tree = self.seed("ats-arbitrary-loads")
        self.assertEqual(seeded.files, ["App/Info.plist"])
        self.assertIn("<key>NSAllowsArbitraryLoads</key>", tree.read("App/Info.plist"))

    def test_ats_no_target_beside_local_networking(self):
        # KeePassium and isowords: NSAllowsLocalNetworking makes iOS 10+ ignore NSAllowsArbitraryLoads.
        self.ios_app("\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSAllowsLocalNetworking</key>\n"
                     "\t\t<true/>\n\t</dict>\n")
        with self.assertRaisesRegex(NoTarget, "NSAllowsLocalNetworking"):
            self.seed("ats-arbitrary-loads")

    def test_ats_seeds_the_plist_of_the_release_configuration(self):
        # flutter_server_box: `INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"`; Info-Debug.plist never ships.
        configs = "".join(
            f"\t\t{ident} /* {name} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {{\n"
            f"\t\t\t\tINFOPLIST_FILE = \"App/Info-$(CONFIGURATION).plist\";\n\t\t\t}};\n\t\t\tname = {name};\n\t\t}};\n"
            for ident, name in (("C1", "Debug"), ("C2", "Release")))
        self.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n" + configs + "\t};\n}\n")
        for name in ("Debug", "Release"):
            self.write(f"App/Info-{name}.plist", PLIST.format(extra="\t<key>UILaunchStoryboardName</key>\n"
                                                                    "\t<string>Launch</string>\n"))
        self.write("App/AppDelegate.swift", "import UIKit\n@main class AppDelegate: UIResponder {}\n")
        seeded, tree = self.seed("ats-arbitrary-loads")
        self.assertEqual(seeded.files, ["App/Info-Release.plist"])
        self.assertNotIn("NSAllowsArbitraryLoads", tree.read("App/Info-Debug.plist"))

    # fastlane's Boolean strings -------------------------------------------------------------------------------
    def android_app_with_supply(self, options):
        self.write("settings.gradle", "include ':app'\n")
        self.write("app/build.gradle", "plugins { id 'com.android.application' }\nandroid {\n  defaultConfig {\n"
                                       "    targetSdk 35\n    versionCode 3\n  }\n}\n")
        self.write("app/src/main/AndroidManifest.xml", '<manifest xmlns:android="http://schemas.android.com/apk/res/'
                                                       'android"><application/></manifest>\n')
        self.write("fastlane/Fastfile", "platform :android do\n  lane :beta do\n    upload_to_play_store(\n"
                                        f"      track: 'beta',\n{options}    )\n  end\nend\n")
        self.write("fastlane/metadata/android/en-US/title.txt", "Notes\n")

    def test_screenshot_no_target_when_every_supply_call_skips_images_as_a_string(self):
        # KeePassDX: skip_upload_images: "true" is true for fastlane (ConfigItem#auto_convert_value).
        self.android_app_with_supply('      skip_upload_images: "true",\n      skip_upload_screenshots: "true",\n')
        with self.assertRaisesRegex(NoTarget, "skip_upload_images"):
            self.seed("play-screenshot-wrong-ratio")

    def test_screenshot_seeded_when_the_string_is_false(self):
        self.android_app_with_supply('      skip_upload_images: "false",\n')
        seeded, _ = self.seed("play-screenshot-wrong-ratio")
        self.assertEqual(seeded.files, ["fastlane/metadata/android/en-US/images/phoneScreenshots/99_recall.png"])

    # an upload run from a script ---------------------------------------------------------------------------------
    def android_app_with_fastlane_but_no_upload_lane(self):
        self.write("settings.gradle", "include ':app'\n")
        self.write("app/build.gradle", "plugins { id 'com.android.application' }\nandroid {\n  defaultConfig {\n"
                                       "    targetSdk 35\n    versionCode 3\n  }\n}\n")
        self.write("app/src/main/AndroidManifest.xml", '<manifest xmlns:android="http://schemas.android.com/apk/res/'
                                                       'android"><application/></manifest>\n')
        self.write("fastlane/Fastfile", "platform :android do\n  lane :shots do\n    capture_android_screenshots\n"
                                        "  end\nend\n")
        self.write("fastlane/metadata/android/en-US/title.txt", "Notes\n")
        self.write("README.md", "[Get it on Google Play](https://play.google.com/store/apps/details?id=org.example)\n")

    def test_control_seeded_when_no_lane_or_script_uploads(self):
        self.android_app_with_fastlane_but_no_upload_lane()
        seeded, _ = self.seed("control-workflow-env-skip")
        self.assertEqual(seeded.files, ["fastlane/metadata/android/en-US/title.txt"])

    def test_control_no_target_when_a_script_runs_supply(self):
        # medTimer: uploadToPlay.sh runs `fastlane supply …` beside the fastlane folder, so the tree is uploaded
        # whatever a seeded workflow skips; the control's premise (no upload reads the tree) does not hold.
        self.android_app_with_fastlane_but_no_upload_lane()
        self.write("uploadToPlay.sh", "#!/bin/sh\nfastlane supply --skip_upload_apk=true --skip_upload_aab=true\n")
        with self.assertRaisesRegex(NoTarget, "no lane uploads"):
            self.seed("control-workflow-env-skip")

    # metadata_path given by ENV ---------------------------------------------------------------------------------
    def test_deliverfile_path_no_target_when_metadata_path_reads_env(self):
        # cryptomator-ios: `metadata_path(ENV["METADATA_PATH"])`, set by .env.premium / .env.freemium.
        self.ios_app()
        self.write("fastlane/Deliverfile", 'metadata_path(ENV["METADATA_PATH"])\n')
        self.write("fastlane/.env.premium", "METADATA_PATH=./fastlane/config/premium/metadata\n")
        self.write("fastlane/config/premium/metadata/en-US/name.txt", "Vault\n")
        for name in ("deliverfile-metadata-path", "dotenv-metadata-path"):
            with self.assertRaisesRegex(NoTarget, "metadata_path"):
                self.seed(name)

    def test_deliverfile_path_set_up_without_any_metadata_path(self):
        self.ios_app()
        seeded, tree = self.seed("deliverfile-metadata-path")
        self.assertEqual(seeded.files, ["meta/ios/en-US/name.txt"])
        self.assertIn('metadata_path "./meta/ios"', tree.read("fastlane/Deliverfile"))

    # Package.resolved the app's build reads ------------------------------------------------------------------------
    RESOLVED = ('{\n  "pins" : [\n    {\n      "identity" : "lottie-ios",\n      "kind" : "remoteSourceControl",\n'
                '      "location" : "https://github.com/airbnb/lottie-ios",\n      "state" : {\n'
                '        "revision" : "abc",\n        "version" : "%s"\n      }\n    }\n  ],\n  "version" : 2\n}\n')

    def test_sdk_pin_skips_a_package_resolved_no_build_reads(self):
        # protonvpn-apple: a root Package.resolved with no Package.swift, and a local package's own, both ignored
        # when the workspace pins (here already reported, so there is nothing left to seed).
        self.ios_app()
        alamofire = self.RESOLVED.replace("lottie-ios", "alamofire").replace("airbnb", "Alamofire")
        self.write("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", alamofire % "5.4.4")
        self.write("Package.resolved", self.RESOLVED % "4.5.0")
        self.write("libraries/Core/Package.swift", "// swift-tools-version:5.9\n")
        self.write("libraries/Core/Package.resolved", self.RESOLVED % "4.5.0")
        said = [{"rule": "privacy-manifest.sdk-missing-manifest", "severity": "warning",
                 "path": "App.xcworkspace/xcshareddata/swiftpm/Package.resolved",
                 "message": "Alamofire version 5.4.4 is on Apple's list"}]
        with self.assertRaises(NoTarget):
            self.seed("sdk-pinned-without-manifest", said)

    def test_sdk_pin_lowers_the_workspace_pin(self):
        self.ios_app()
        self.write("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", self.RESOLVED % "4.5.0")
        self.write("Package.resolved", self.RESOLVED % "4.5.0")
        seeded, _ = self.seed("sdk-pinned-without-manifest")
        self.assertEqual(seeded.files, ["App.xcworkspace/xcshareddata/swiftpm/Package.resolved"])

    PACKAGE_REF = ('\t\tP1 /* XCRemoteSwiftPackageReference "Alamofire" */ = {\n\t\t\tisa = XCRemoteSwiftPackageReference;\n'
                   '\t\t\trepositoryURL = "https://github.com/Alamofire/Alamofire";\n\t\t\trequirement = {\n'
                   '\t\t\t\tkind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 5.9.0;\n\t\t\t};\n\t\t};\n')

    def test_pbxproj_pin_removes_the_pins_of_a_workspace_that_opens_the_project(self):
        # protonvpn-apple: ProtonVPN.xcworkspace (root) opens apps/ios/iOS.xcodeproj; its Package.resolved pins.
        self.write("apps/ios/App/Info.plist", PLIST.format(extra=""))
        self.write("apps/ios/iOS.xcodeproj/project.pbxproj", PBXPROJ.format(target="15.0", packages=self.PACKAGE_REF))
        self.write("Main.xcworkspace/contents.xcworkspacedata",
                   '<Workspace version = "1.0">\n  <FileRef location = "group:apps/ios/iOS.xcodeproj"></FileRef>\n'
                   '</Workspace>\n')
        self.write("Main.xcworkspace/xcshareddata/swiftpm/Package.resolved", self.RESOLVED % "4.5.0")
        seeded, tree = self.seed("sdk-pinned-in-pbxproj-only")
        self.assertIn("1 Package.resolved removed", seeded.what)
        self.assertFalse(tree.exists("Main.xcworkspace/xcshareddata/swiftpm/Package.resolved"))

    def test_pbxproj_pin_no_target_for_an_sdk_already_reported(self):
        self.ios_app(packages=self.PACKAGE_REF)
        said = [{"rule": "privacy-manifest.sdk-missing-manifest", "severity": "warning", "path": "x",
                 "message": "Alamofire version 5.4.4 is on Apple's list"}]
        with self.assertRaises(NoTarget):
            self.seed("sdk-pinned-in-pbxproj-only", said)

    # A deployment target named through another setting ------------------------------------------------------------
    def test_deployment_target_lowered_where_the_named_setting_is_set(self):
        # protonvpn-apple: IPHONEOS_DEPLOYMENT_TARGET = "$(DEPLOYMENT_TARGET)", DEPLOYMENT_TARGET = 15.0 in an xcconfig.
        self.ios_app(target='"$(DEPLOYMENT_TARGET)"')
        self.write("App/Config.xcconfig", "DEPLOYMENT_TARGET = 15.0\nOTHER_TARGET = 15.0\n")
        seeded, tree = self.seed("ios-deployment-target-lowered")
        self.assertEqual(seeded.files, ["App/Config.xcconfig"])
        self.assertEqual(tree.read("App/Config.xcconfig"), "DEPLOYMENT_TARGET = 12.0\nOTHER_TARGET = 15.0\n")

    # Gradle Play Publisher through a version-catalog alias ---------------------------------------------------------
    def test_gpp_applied_through_a_catalog_alias_is_not_added_again(self):
        # mullvadvpn: alias(libs.plugins.play.publisher), catalog play-publisher = { id = "com.github.triplet.play" }.
        self.write("settings.gradle.kts", 'include(":app")\n')
        self.write("gradle/libs.versions.toml", '[plugins]\nplay-publisher = { id = "com.github.triplet.play", '
                                                'version = "4.1.1" }\n')
        build = ("plugins {\n    alias(libs.plugins.android.application)\n    alias(libs.plugins.play.publisher)\n}\n"
                 "android {\n    defaultConfig {\n        targetSdk = 35\n    }\n}\n")
        self.write("app/build.gradle.kts", build)
        self.write("app/src/main/AndroidManifest.xml", '<manifest xmlns:android="http://schemas.android.com/apk/res/'
                                                       'android"><application/></manifest>\n')
        seeded, tree = self.seed("gpp-listing-title-over-30")
        self.assertEqual(seeded.shape, "GPP applied")
        self.assertEqual(tree.read("app/build.gradle.kts"), build)


    # F-Droid's changelog by versionCode -------------------------------------------------------------------------------
    def test_fdroid_changelog_reads_a_version_code_with_underscores(self):
        # Seal: `versionCode = 200_000_150` (a Kotlin number literal); the changelog is changelogs/200000150.txt.
        self.write("settings.gradle.kts", 'include(":app")\n')
        self.write("app/build.gradle.kts", "plugins {\n    id(\"com.android.application\")\n}\nandroid {\n"
                                           "    defaultConfig {\n        targetSdk = 35\n        versionCode = 200_000_150\n"
                                           "    }\n}\n")
        self.write("app/src/main/AndroidManifest.xml", '<manifest xmlns:android="http://schemas.android.com/apk/res/'
                                                       'android"><application/></manifest>\n')
        self.write("README.md", "[Get it on F-Droid](https://f-droid.org/packages/org.example.app/)\n")
        seeded, _ = self.seed("fdroid-root-changelog-over-500")
        self.assertEqual(seeded.files, ["metadata/en-US/changelogs/200000150.txt"])

    # Mac bundles of an iOS project --------------------------------------------------------------------------------
    def test_sources_of_macos_only_targets_are_found_in_the_project(self):
        # outline-apps: Outline.xcodeproj's AppKitBridge framework (SDKROOT = macosx) compiles AppKitController.swift.
        self.write("App.xcodeproj/project.pbxproj", """// !$*UTF8*$!
{
\tobjects = {
\t\tB00000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1; };
\t\tB00000000000000000000002 /* AppKitController.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2; };
\t\tA00000000000000000000001 /* App */ = {
\t\t\tisa = PBXNativeTarget;
\t\t\tbuildConfigurationList = C00000000000000000000001 /* list */;
\t\t\tbuildPhases = (
\t\t\t\tD00000000000000000000001 /* Sources */,
\t\t\t);
\t\t};
\t\tA00000000000000000000002 /* AppKitBridge */ = {
\t\t\tisa = PBXNativeTarget;
\t\t\tbuildConfigurationList = C00000000000000000000002 /* list */;
\t\t\tbuildPhases = (
\t\t\t\tD00000000000000000000002 /* Sources */,
\t\t\t);
\t\t};
\t\tD00000000000000000000001 /* Sources */ = {
\t\t\tfiles = (
\t\t\t\tB00000000000000000000001 /* AppDelegate.swift in Sources */,
\t\t\t);
\t\t};
\t\tD00000000000000000000002 /* Sources */ = {
\t\t\tfiles = (
\t\t\t\tB00000000000000000000002 /* AppKitController.swift in Sources */,
\t\t\t);
\t\t};
\t\tC00000000000000000000001 /* list */ = {
\t\t\tbuildConfigurations = (
\t\t\t\tE00000000000000000000001 /* Release */,
\t\t\t);
\t\t};
\t\tC00000000000000000000002 /* list */ = {
\t\t\tbuildConfigurations = (
\t\t\t\tE00000000000000000000002 /* Release */,
\t\t\t);
\t\t};
\t\tE00000000000000000000001 /* Release */ = {
\t\t\tbuildSettings = {
\t\t\t\tSDKROOT = iphoneos;
\t\t\t};
\t\t};
\t\tE00000000000000000000002 /* Release */ = {
\t\t\tbuildSettings = {
\t\t\t\tSDKROOT = macosx;
\t\t\t};
\t\t};
\t};
}
""")
        tree = Tree(self.repo, os.path.join(self.work, "copy"), list_files(self.repo))
        from recall_lib import find
        self.assertEqual(find.macos_only_sources(tree), {"AppKitController.swift"})

if __name__ == "__main__":
    unittest.main()
