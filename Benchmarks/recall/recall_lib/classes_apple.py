"""App Store defects in what the app ships: Info.plist purpose strings, privacy manifests, SDK versions, code."""
import plistlib
import posixpath
import re

from .base import NoTarget, Seeded, defect
from . import find

GUIDE_511 = "https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage"
RR_API = "https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api"
SDK_REQ = "https://developer.apple.com/support/third-party-SDK-requirements"
PROTECTED = "https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources"

# Purpose-string key -> code that needs it (what the app itself calls; store-facts.md §10 and Apple's pages).
KEY_EVIDENCE = {
    "NSCameraUsageDescription": r"AVCaptureDevice|\.camera\b|sourceType\s*=\s*\.camera|VNDocumentCameraViewController|"
                                r"DataScannerViewController|AVCaptureSession",
    "NSMicrophoneUsageDescription": r"AVAudioRecorder|requestRecordPermission|AVAudioApplication\.requestRecord|"
                                    r"setCategory\(\s*\.(playAndRecord|record)",
    "NSPhotoLibraryUsageDescription": r"PHPhotoLibrary\.(shared|requestAuthorization|authorizationStatus)|"
                                      r"PHAsset\.fetch|PHImageManager",
    "NSPhotoLibraryAddUsageDescription": r"UIImageWriteToSavedPhotosAlbum|PHAssetChangeRequest|"
                                         r"UISaveVideoAtPathToSavedPhotosAlbum|PHAssetCreationRequest",
    "NSLocationWhenInUseUsageDescription": r"requestWhenInUseAuthorization|CLLocationManager\(\)",
    "NSLocationAlwaysAndWhenInUseUsageDescription": r"requestAlwaysAuthorization",
    "NSContactsUsageDescription": r"CNContactStore",
    "NSCalendarsUsageDescription": r"EKEventStore",
    "NSCalendarsFullAccessUsageDescription": r"requestFullAccessToEvents|EKEventStore",
    "NSBluetoothAlwaysUsageDescription": r"CBCentralManager|CBPeripheralManager",
    "NSMotionUsageDescription": r"CMMotionActivityManager|CMPedometer",
    "NSSpeechRecognitionUsageDescription": r"SFSpeechRecognizer",
    "NSFaceIDUsageDescription": r"deviceOwnerAuthenticationWithBiometrics",
    "NSUserTrackingUsageDescription": r"requestTrackingAuthorization",
    "NSLocalNetworkUsageDescription": r"NWBrowser|NetServiceBrowser|NSNetServiceBrowser",
    "NFCReaderUsageDescription": r"NFCNDEFReaderSession|NFCTagReaderSession",
    "NSHealthShareUsageDescription": r"HKHealthStore",
    "NSSiriUsageDescription": r"requestSiriAuthorization",
}

# Flutter plugins and React Native modules -> the keys their own documentation says the app must add.
PLUGIN_KEYS = {
    # pub
    "image_picker": (["NSPhotoLibraryUsageDescription", "NSCameraUsageDescription"],
                     "https://pub.dev/packages/image_picker#ios"),
    "camera": (["NSCameraUsageDescription", "NSMicrophoneUsageDescription"], "https://pub.dev/packages/camera#ios"),
    "mobile_scanner": (["NSCameraUsageDescription"], "https://pub.dev/packages/mobile_scanner#ios"),
    "qr_code_scanner": (["NSCameraUsageDescription"], "https://pub.dev/packages/qr_code_scanner"),
    "geolocator": (["NSLocationWhenInUseUsageDescription"], "https://pub.dev/packages/geolocator#ios"),
    "location": (["NSLocationWhenInUseUsageDescription"], "https://pub.dev/packages/location#ios"),
    "local_auth": (["NSFaceIDUsageDescription"], "https://pub.dev/packages/local_auth#ios-integration"),
    "flutter_blue_plus": (["NSBluetoothAlwaysUsageDescription"], "https://pub.dev/packages/flutter_blue_plus#ios"),
    "flutter_contacts": (["NSContactsUsageDescription"], "https://pub.dev/packages/flutter_contacts#ios"),
    "record": (["NSMicrophoneUsageDescription"], "https://pub.dev/packages/record#ios"),
    "speech_to_text": (["NSSpeechRecognitionUsageDescription", "NSMicrophoneUsageDescription"],
                       "https://pub.dev/packages/speech_to_text#ios"),
    # npm
    "react-native-image-picker": (["NSPhotoLibraryUsageDescription", "NSCameraUsageDescription"],
                                  "https://github.com/react-native-image-picker/react-native-image-picker#ios"),
    "react-native-vision-camera": (["NSCameraUsageDescription"],
                                   "https://react-native-vision-camera.com/docs/guides#ios"),
    "react-native-camera": (["NSCameraUsageDescription"], "https://github.com/react-native-camera/react-native-camera"),
    "@react-native-camera-roll/camera-roll": (["NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription"],
                                              "https://github.com/react-native-cameraroll/react-native-cameraroll#ios"),
    "react-native-contacts": (["NSContactsUsageDescription"], "https://github.com/morenoh149/react-native-contacts"),
    "react-native-ble-plx": (["NSBluetoothAlwaysUsageDescription"], "https://github.com/dotintent/react-native-ble-plx"),
    "@react-native-community/geolocation": (["NSLocationWhenInUseUsageDescription"],
                                            "https://github.com/michalchudziak/react-native-geolocation#ios"),
    "react-native-geolocation-service": (["NSLocationWhenInUseUsageDescription"],
                                         "https://github.com/Agontuk/react-native-geolocation-service"),
    "expo-image-picker": (["NSPhotoLibraryUsageDescription", "NSCameraUsageDescription"],
                          "https://docs.expo.dev/versions/latest/sdk/imagepicker/"),
    "expo-camera": (["NSCameraUsageDescription"], "https://docs.expo.dev/versions/latest/sdk/camera/"),
    "react-native-document-picker": ([], ""),
}

# Required-reason API categories -> what code uses them (store-facts.md §7), and a call to add.
RR_EVIDENCE = {
    "NSPrivacyAccessedAPICategoryUserDefaults": r"\bUserDefaults\b|NSUserDefaults|@AppStorage",
    "NSPrivacyAccessedAPICategoryFileTimestamp": r"\.modificationDate\b|\.creationDate\b|contentModificationDateKey|"
                                                 r"NSFileModificationDate|fileModificationDate|creationDateKey",
    "NSPrivacyAccessedAPICategorySystemBootTime": r"systemUptime|mach_absolute_time",
    "NSPrivacyAccessedAPICategoryDiskSpace": r"volumeAvailableCapacity|NSFileSystemFreeSize|systemFreeSize",
    "NSPrivacyAccessedAPICategoryActiveKeyboards": r"activeInputModes",
}
RR_CALL = {
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        "\n// Session log: how long the device has been up when the app starts.\n"
        "func sessionDeviceUptime() -> TimeInterval { ProcessInfo.processInfo.systemUptime }\n", "Foundation"),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        "\n// Warn before a large download when the disk is nearly full.\n"
        "func sessionFreeDiskSpace() -> Int64? {\n"
        "    let values = try? URL(fileURLWithPath: NSHomeDirectory())\n"
        "        .resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])\n"
        "    return values?.volumeAvailableCapacityForImportantUsage\n}\n", "Foundation"),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (
        "\n// Pick the editor's language from the keyboards the user has enabled.\n"
        "@MainActor func sessionKeyboardLanguages() -> [String] {\n"
        "    UITextInputMode.activeInputModes.compactMap { $0.primaryLanguage }\n}\n", "UIKit"),
    "NSPrivacyAccessedAPICategoryUserDefaults": (
        "\n// Remember that onboarding was shown.\n"
        "func sessionMarkOnboardingShown() { UserDefaults.standard.set(true, forKey: \"onboardingShown\") }\n",
        "Foundation"),
}


def _app_folder(plist):
    """The folder of the app a plist belongs to: above `ios/` for a Flutter or React Native app, else the plist's
    folder's parent (the folder of the .xcodeproj)."""
    parts = plist.split("/")
    if "ios" in parts[:-1]:
        return "/".join(parts[:parts.index("ios")])
    return "/".join(parts[:-2])


def _path_dependencies(tree, folder):
    """The folders of the pub `path:` dependencies the app in `folder` declares in its pubspec.yaml."""
    text = tree.read(posixpath.join(folder, "pubspec.yaml") if folder else "pubspec.yaml") or ""
    out = []
    for m in re.finditer(r"(?m)^\s+path:\s*['\"]?([^'\"\s#]+)", text):
        out.append(posixpath.normpath(posixpath.join(folder, m.group(1))))
    return out


def _app_plist_with_sources(tree):
    """(plists, sources for each): in a repository of one app, every app source; with several apps (ente's
    photos and auth), the sources under the plist's app folder and its pub path dependencies, so that a plugin
    only one app depends on is not charged to another."""
    plists = find.ios_app_plists(tree)
    if not plists:
        raise NoTarget("no iOS app Info.plist")
    sources = find.ios_sources(tree)
    folders = {_app_folder(p) for p in plists}
    if len(folders) < 2:
        return plists, {p: sources for p in plists}
    by_plist = {}
    for p in plists:
        roots = [_app_folder(p)] + _path_dependencies(tree, _app_folder(p))
        by_plist[p] = [f for f in sources if any(r == "" or f.startswith(r + "/") for r in roots)]
    return plists, by_plist


def _remove_plist_key(text, key):
    rx = re.compile(r"[ \t]*<key>" + re.escape(key) + r"</key>\s*(<string>.*?</string>|<string\s*/>)[ \t]*\n?",
                    re.S)
    new, n = rx.subn("", text, count=1)
    return new if n else None


def _remove_key_everywhere(tree, plist, key):
    """Removes the key from the app's plist, and from the build settings or project spec that also set it
    (INFOPLIST_KEY_*, XcodeGen/Tuist `info` properties), as a commit dropping the string would."""
    changed = []
    new = _remove_plist_key(tree.read(plist) or "", key)
    if new is not None:
        tree.write(plist, new)
        changed.append(plist)
    for f in find.pbxprojs(tree) + [x for x in tree.files if posixpath.basename(x) in ("project.yml", "project.yaml",
                                                                                        "Project.swift")]:
        text = tree.read(f) or ""
        if key not in text:
            continue
        lines = [ln for ln in text.splitlines(True) if not re.search(r"(INFOPLIST_KEY_)?\b" + key + r"\b\s*[=:\"]", ln)]
        if len(lines) != len(text.splitlines(True)):
            tree.write(f, "".join(lines))
            changed.append(f)
    return changed


def _plist_keys(tree, plist):
    return set(re.findall(r"<key>(N[SF][A-Za-z]*UsageDescription)</key>", tree.read(plist) or ""))


@defect("purpose-string-removed", "appstore", "purpose-strings", "purpose-strings.missing", PROTECTED,
        "a usage-description key removed from the app's Info.plist while the app's own code calls the API",
        scope="project")
def purpose_removed(tree):
    plists, sources = _app_plist_with_sources(tree)
    for plist in plists:
        keys = _plist_keys(tree, plist)
        for key in sorted(keys):
            rx = KEY_EVIDENCE.get(key)
            if not rx:
                continue
            hits = tree.grep(rx, sources[plist])
            if not hits:
                continue
            changed = _remove_key_everywhere(tree, plist, key)
            return Seeded(changed, f"{key} removed from {plist} ({hits[0][0]} uses {hits[0][1].group(0)})",
                          "plist")
    raise NoTarget("no usage-description key whose API the app's own code calls")


def _plugin_purpose(tree, eco):
    plists = find.ios_app_plists(tree)
    if eco == "pub":
        if not find.is_flutter(tree):
            raise NoTarget("not a Flutter app")
        deps = set(re.findall(r"(?m)^  ([a-z_0-9]+):", tree.read("pubspec.yaml") or ""))
        plists = [p for p in plists if p.startswith("ios/")]
    else:
        if not find.is_react_native(tree):
            raise NoTarget("not a React Native app")
        deps = set(re.findall(r'"(@?[a-z0-9@/_.-]+)"\s*:', tree.read("package.json") or ""))
        plists = [p for p in plists if p.startswith("ios/")]
    if not plists:
        raise NoTarget("no ios/ app Info.plist")
    for plugin, (keys, _src) in PLUGIN_KEYS.items():
        if plugin not in deps:
            continue
        for key in keys:
            for plist in plists:
                if key in _plist_keys(tree, plist):
                    changed = _remove_key_everywhere(tree, plist, key)
                    return Seeded(changed, f"{key} removed from {plist}; {plugin} needs it", plugin)
    raise NoTarget("no dependency of the plugin table with its key in the app's Info.plist")


flutter_purpose = defect("flutter-plugin-purpose-string", "appstore", "purpose-strings", "purpose-strings.missing",
                         "https://pub.dev/packages/image_picker#ios (each plugin's own iOS setup section)",
                         "a Flutter plugin's usage-description key (image_picker -> NSPhotoLibraryUsageDescription, "
                         "...) removed from ios/Runner/Info.plist", scope="project")(
    lambda tree: _plugin_purpose(tree, "pub"))
rn_purpose = defect("rn-module-purpose-string", "appstore", "purpose-strings", "purpose-strings.missing",
                    "https://github.com/react-native-image-picker/react-native-image-picker#ios (each module's docs)",
                    "a React Native module's usage-description key removed from ios/<App>/Info.plist",
                    scope="project")(lambda tree: _plugin_purpose(tree, "npm"))


def _set_purpose(tree, value, rule):
    """Replaces a clear usage-description string (12+ characters, not one the original is already reported for)."""
    plists = [p for p in find.ios_app_plists(tree) if p not in tree.flagged((rule,))]
    for plist in plists:
        text = tree.read(plist) or ""
        for m in re.finditer(r"(<key>(N[SF][A-Za-z]*UsageDescription)</key>\s*<string>)([^<]+)(</string>)", text):
            if len(m.group(3).strip()) >= 12 and not m.group(3).strip().startswith("$("):
                tree.write(plist, text[:m.start(3)] + value + text[m.end(3):])
                return plist, m.group(2)
    raise NoTarget("no clear usage-description string in an app Info.plist not already reported")


@defect("purpose-string-empty", "appstore", "purpose-strings", "purpose-strings.empty", GUIDE_511,
        "a usage-description string emptied (ITMS-90738)")
def purpose_empty(tree):
    plist, key = _set_purpose(tree, "", "purpose-strings.empty")
    return Seeded(plist, f"{key} set to an empty string")


@defect("purpose-string-vague", "appstore", "purpose-strings", "purpose-strings.vague", GUIDE_511,
        "a usage-description string replaced by 'Needed' (5.1.1 rejection)")
def purpose_vague(tree):
    plist, key = _set_purpose(tree, "Needed", "purpose-strings.vague")
    return Seeded(plist, f"{key} set to 'Needed'")


# Privacy manifests ----------------------------------------------------------------------------------------------
def _app_manifests(tree):
    out = [f for f in tree.files if f.endswith("PrivacyInfo.xcprivacy") and not find.is_test_path(f)
           and not find.EXT_HINT.search(f)]
    return out


def _manifest_categories(tree, f):
    try:
        data = plistlib.loads((tree.read(f) or "").encode("utf-8", errors="surrogateescape"))
    except Exception:
        return None, []
    types = data.get("NSPrivacyAccessedAPITypes") or []
    return data, [t.get("NSPrivacyAccessedAPIType") for t in types if isinstance(t, dict)]


def _swift_target_file(tree, near=None):
    """An app Swift source to edit: the app delegate or app entry first, in the app's folder."""
    sources = [f for f in find.ios_sources(tree, (".swift",))]
    # A file of a macOS-only folder (NetNewsWire's Mac/) is built into a Mac bundle, which the required-reason
    # and purpose-string rules rightly leave out: a seed there would count a right silence as a miss.
    mac_only = find.macos_only_sources(tree)
    sources = [f for f in sources if not find.is_macos_path(f) and posixpath.basename(f) not in mac_only] or sources
    if not sources:
        raise NoTarget("no app Swift source")
    plists = find.ios_app_plists(tree)
    if not plists and not find.pbxprojs(tree) and not any(posixpath.basename(f) in ("project.yml", "Project.swift")
                                                          for f in tree.files):
        # Musify: an Android-only Flutter app whose vendored plugin keeps its ios/Classes; no app is built from them.
        raise NoTarget("no iOS app: no app Info.plist, Xcode project or project spec")
    if near is None and plists:
        near = plists[0]
    inside = sources
    if near:
        # The nearest folder above the app's Info.plist that holds sources (iOS/Resources/Info.plist → iOS/).
        folder = posixpath.dirname(near)
        while folder:
            hit = [f for f in sources if f.startswith(folder + "/")]
            if hit:
                inside = hit
                break
            folder = posixpath.dirname(folder)
    for pat in (r"AppDelegate\.swift$", r"App\.swift$", r"SceneDelegate\.swift$"):
        hit = [f for f in inside if re.search(pat, f)]
        if hit:
            return sorted(hit, key=len)[0]
    return sorted(inside, key=lambda f: (f.count("/"), f))[0]


def _append_swift(tree, f, code, imports=()):
    text = tree.read(f) or ""
    head = "".join(f"import {m}\n" for m in imports if not re.search(rf"(?m)^import {m}\b", text))
    tree.write(f, head + text.rstrip("\n") + "\n" + code)


def _declared_categories(tree):
    """The app's privacy manifests and every category they declare."""
    manifests = _app_manifests(tree)
    declared = set()
    for m in manifests:
        declared.update(c for c in _manifest_categories(tree, m)[1] if c)
    return manifests, declared


@defect("required-reason-api-added", "appstore", "privacy-manifest", "privacy-manifest.missing-api-declaration",
        RR_API, "a required-reason API call (a category the app's manifest does not declare) added to an app source",
        scope="project")
def rr_added(tree):
    manifests, declared = _declared_categories(tree)
    f = _swift_target_file(tree)
    for cat in ("NSPrivacyAccessedAPICategorySystemBootTime", "NSPrivacyAccessedAPICategoryDiskSpace",
                "NSPrivacyAccessedAPICategoryActiveKeyboards"):
        if cat in declared:
            continue
        code, imp = RR_CALL[cat]
        _append_swift(tree, f, code, (imp,))
        return Seeded([f] + manifests, f"{cat.replace('NSPrivacyAccessedAPICategory', '')} call added to {f}",
                      "manifest present" if manifests else "no manifest")
    raise NoTarget("the manifest declares all three candidate categories")


@defect("control-other-os-branch", "any", "-", (), "-",
        "the required-reason call of required-reason-api-added, inside `#if os(Linux)` in an app source (compiled only "
        "for Linux, so it never ships in an Apple bundle)", control=True)
def control_other_os_branch(tree):
    _, declared = _declared_categories(tree)
    f = _swift_target_file(tree)
    for cat in ("NSPrivacyAccessedAPICategorySystemBootTime", "NSPrivacyAccessedAPICategoryDiskSpace"):
        if cat in declared:
            continue
        code, imp = RR_CALL[cat]
        _append_swift(tree, f, "\n#if os(Linux)" + code + "#endif\n", (imp,))
        return Seeded(f, f"{cat.replace('NSPrivacyAccessedAPICategory', '')} call inside #if os(Linux) in {f}")
    raise NoTarget("the manifest declares both candidate categories")


@defect("control-own-c-named-function", "any", "-", (), "-",
        "an app's own Swift function named like a C file API, `stat(page:event:)`, declared and called with its labels "
        "in an app source (unstoppable-wallet-ios's analytics helper): no required-reason API is used", control=True)
def control_own_c_named_function(tree):
    _, declared = _declared_categories(tree)
    if "NSPrivacyAccessedAPICategoryFileTimestamp" in declared:
        raise NoTarget("the manifest declares FileTimestamp: a false use would not show")
    f = _swift_target_file(tree)
    code = ("\n// Analytics: one event of a screen.\n"
            "func stat(page: String, event: String) { print(\"stat\", page, event) }\n"
            "func statOpened() { stat(page: \"home\", event: \"open\") }\n")
    _append_swift(tree, f, code)
    return Seeded(f, f"stat(page:event:) declared and called in {f}")


def _used_declared(tree):
    sources = find.ios_sources(tree)
    for m in _app_manifests(tree):
        data, cats = _manifest_categories(tree, m)
        if data is None:
            continue
        for cat in cats:
            rx = RR_EVIDENCE.get(cat)
            if rx and tree.grep(rx, sources):
                return m, data, cat
    raise NoTarget("no app privacy manifest declaring a category the app's code uses")


@defect("privacy-manifest-deleted", "appstore", "privacy-manifest", "privacy-manifest.missing-api-declaration",
        RR_API, "the app's PrivacyInfo.xcprivacy deleted while its code uses a declared category", scope="project")
def manifest_deleted(tree):
    m, _, cat = _used_declared(tree)
    tree.remove(m)
    return Seeded([m], f"{m} deleted ({cat} used)", "deleted")


@defect("privacy-manifest-out-of-resources", "appstore", "privacy-manifest",
        "privacy-manifest.missing-api-declaration", RR_API,
        "the app's PrivacyInfo.xcprivacy left on disk but taken out of the target's Copy Bundle Resources phase "
        "(target membership unticked), while its code uses a declared category", scope="project")
def manifest_out_of_resources(tree):
    m, _, cat = _used_declared(tree)
    name = posixpath.basename(m)
    # The project that holds the manifest: the nearest folder above it with an .xcodeproj.
    folder = posixpath.dirname(m)
    while True:
        projects = [f for f in tree.files if f.endswith(".xcodeproj/project.pbxproj")
                    and posixpath.dirname(posixpath.dirname(f)) == folder]
        if projects or not folder:
            break
        folder = posixpath.dirname(folder)
    marker = f"/* {name} in Resources */,"
    for pbx in projects:
        text = tree.read(pbx) or ""
        # The app targets' build phases, then in each of their Resources phases the one entry for the manifest:
        # unticking the app target's membership removes exactly that line (extensions keep theirs).
        app_phases = set()
        for target in re.finditer(r"isa = PBXNativeTarget;(.*?)\n\t\t\};", text, re.S):
            body = target.group(1)
            if 'com.apple.product-type.application"' in body:
                phases = re.search(r"buildPhases = \((.*?)\);", body, re.S)
                if phases:
                    app_phases.update(re.findall(r"([0-9A-F]{24})", phases.group(1)))
        lines = text.split("\n")
        hits = []
        for phase in re.finditer(r"\n\t\t([0-9A-F]{24}) /\* [^*]* \*/ = \{\n\t\t\tisa = PBXResourcesBuildPhase;(.*?)\n\t\t\};", text, re.S):
            if phase.group(1) not in app_phases:
                continue
            first = text[:phase.start()].count("\n") + 1
            last = text[:phase.end()].count("\n")
            hits += [i for i in range(first, last + 1) if lines[i].strip().endswith(marker)]
        if len(hits) == 1:
            del lines[hits[0]]
            tree.write(pbx, "\n".join(lines))
            return Seeded([pbx, m], f"{m} taken out of the app target's Resources phase in {pbx} ({cat} used)",
                          "membership")
    raise NoTarget("no project lists the app's manifest in exactly one Copy Bundle Resources phase")


@defect("privacy-manifest-category-removed", "appstore", "privacy-manifest",
        "privacy-manifest.missing-api-declaration", RR_API,
        "one NSPrivacyAccessedAPITypes entry the code needs removed from the app's manifest", scope="project")
def manifest_category(tree):
    m, data, cat = _used_declared(tree)
    data["NSPrivacyAccessedAPITypes"] = [t for t in data["NSPrivacyAccessedAPITypes"]
                                         if not (isinstance(t, dict) and t.get("NSPrivacyAccessedAPIType") == cat)]
    tree.write(m, plistlib.dumps(data).decode("utf-8"))
    return Seeded([m], f"{cat} removed from {m}", "category")


@defect("privacy-manifest-invalid-reason", "appstore", "privacy-manifest", "privacy-manifest.invalid-reason",
        RR_API, "a reason code of another category (35F9.1, SystemBootTime's) put under the app's UserDefaults or "
                "FileTimestamp declaration")
def manifest_reason(tree):
    for m in _app_manifests(tree):
        data, cats = _manifest_categories(tree, m)
        if data is None:
            continue
        for t in data.get("NSPrivacyAccessedAPITypes") or []:
            if isinstance(t, dict) and t.get("NSPrivacyAccessedAPIType") in (
                    "NSPrivacyAccessedAPICategoryUserDefaults", "NSPrivacyAccessedAPICategoryFileTimestamp",
                    "NSPrivacyAccessedAPICategoryDiskSpace"):
                t["NSPrivacyAccessedAPITypeReasons"] = ["35F9.1"]
                tree.write(m, plistlib.dumps(data).decode("utf-8"))
                return Seeded(m, f"{t['NSPrivacyAccessedAPIType']} reasons set to 35F9.1 in {m}")
    raise NoTarget("no app manifest declaring UserDefaults, FileTimestamp or DiskSpace")


# A release of each SDK from before its privacy manifest (the rows of rules/privacy-manifest.yml
# sdk_manifest_first_versions, which cite each SDK's own tags or issues): the version just before `since`.
OLD_SDK = {
    "Alamofire": "5.8.1", "Kingfisher": "7.9.1", "SDWebImage": "5.18.6", "SnapKit": "5.6.0", "lottie-ios": "4.3.4",
    "Lottie": "4.3.4", "RxSwift": "6.7.1", "RxCocoa": "6.7.1", "RxRelay": "6.7.1", "SwiftyJSON": "5.0.1",
    "Starscream": "4.0.6", "GTMSessionFetcher": "3.2.0", "GoogleSignIn": "7.0.0", "AppAuth": "1.6.2",
    "GoogleUtilities": "7.12.0", "PromisesObjC": "2.3.1", "Reachability": "5.1.0", "RealmSwift": "10.45.3",
    "SVProgressHUD": "2.2.5", "IQKeyboardManagerSwift": "6.5.12", "FMDB": "2.7.7", "SwiftyGif": "5.4.4",
    "GoogleDataTransport": "9.3.0", "GTMAppAuth": "4.0.0", "FirebaseCore": "10.21.0", "FirebaseMessaging": "10.21.0",
    "FirebaseCrashlytics": "10.21.0", "FirebaseInstallations": "10.21.0", "DKImagePickerController": "4.3.4",
    "FBSDKCoreKit": "16.3.1",
}
REPO_NAMES = {"alamofire": "Alamofire", "kingfisher": "Kingfisher", "sdwebimage": "SDWebImage", "snapkit": "SnapKit",
              "lottie-ios": "lottie-ios", "lottie-spm": "lottie-ios", "rxswift": "RxSwift", "swiftyjson": "SwiftyJSON",
              "starscream": "Starscream", "gtm-session-fetcher": "GTMSessionFetcher",
              "googlesignin-ios": "GoogleSignIn", "appauth-ios": "AppAuth", "googleutilities": "GoogleUtilities",
              "reachability.swift": "Reachability", "realm-swift": "RealmSwift", "iqkeyboardmanager": "IQKeyboardManagerSwift",
              "fmdb": "FMDB", "swiftygif": "SwiftyGif", "gtmappauth": "GTMAppAuth", "firebase-ios-sdk": "FirebaseCore"}


def _resolved_siblings(tree, f):
    """`f` and the other Package.resolved files of the Xcode projects and workspaces in the same folder."""
    parts = f.split("/")
    if len(parts) >= 4 and parts[-2] == "swiftpm" and parts[-3] == "xcshareddata":
        container = len(parts) - 4
        if parts[container] == "project.xcworkspace":
            container -= 1
        folder = "/".join(parts[:container])
        def same(x):
            xp = x.split("/")
            if len(xp) < 4 or xp[-2] != "swiftpm" or xp[-3] != "xcshareddata":
                return False
            c = len(xp) - 4
            if xp[c] == "project.xcworkspace":
                c -= 1
            return "/".join(xp[:c]) == folder and (xp[c].endswith(".xcworkspace") or xp[c].endswith(".xcodeproj"))
        return sorted(set([f] + [x for x in tree.files if x.endswith("/Package.resolved") and same(x)]))
    return [f]


def _lower_pin(tree, f, identity, old):
    text = tree.read(f) or ""
    for m in re.finditer(r'"(?:identity|package)"\s*:\s*"([^"]+)"', text):
        if m.group(1) != identity:
            continue
        v = re.search(r'"version"\s*:\s*"([^"]+)"', text[m.end():])
        if not v:
            return []
        start = m.end() + v.start(1)
        tree.write(f, text[:start] + old + text[m.end() + v.end(1):])
        return [f]
    return []


@defect("sdk-pinned-without-manifest", "appstore", "privacy-manifest", "privacy-manifest.sdk-missing-manifest",
        SDK_REQ, "a listed SDK pinned in the lock file (Podfile.lock / Package.resolved) to a release from before "
                 "its privacy manifest")
def sdk_pinned(tree):
    said = " ".join(x.get("message", "") for x in tree.before if x.get("rule") == "privacy-manifest.sdk-missing-manifest")
    # The lock files a build of the app reads first: a Package.resolved inside an .xcodeproj or .xcworkspace (and
    # Podfile.lock) before one beside a local package's Package.swift, which Xcode ignores when the package is a
    # dependency of the app (pocket-casts-ios's Modules/Server/Package.resolved pins FMDB 2.7.7, the app 2.7.12).
    def read_by_the_app_build(f):
        return ".xcodeproj/" in f or ".xcworkspace/" in f or posixpath.basename(f) == "Podfile.lock"
    containers = [f for f in tree.files if posixpath.basename(f) == "Package.resolved" and read_by_the_app_build(f)
                  and not find.is_test_path(f)]
    for f in sorted(tree.files, key=lambda f: not read_by_the_app_build(f)):
        base = posixpath.basename(f)
        if find.is_test_path(f):
            continue
        # A Package.resolved outside an Xcode container is not what the app's build reads when the project or
        # workspace has its own (Xcode resolves a local package's dependencies at the top level: protonvpn-apple's
        # libraries/*/Package.resolved), nor, with no Package.swift beside it, what any build reads (its root
        # Package.resolved, a leftover).
        if base == "Package.resolved" and not read_by_the_app_build(f) and \
                (containers or posixpath.join(posixpath.dirname(f), "Package.swift") not in tree.files):
            continue
        text = tree.read(f) if base in ("Podfile.lock", "Package.resolved") else None
        if not text:
            continue
        if base == "Podfile.lock":
            for name, old in OLD_SDK.items():
                if re.search(r"\b" + re.escape(name) + r"\b", said):
                    continue
                rx = re.compile(r"(?m)^(  - " + re.escape(name) + r"(?:/[A-Za-z]+)? \()([0-9][^)]*)(\))")
                if rx.search(text):
                    new = rx.sub(lambda m: m.group(1) + old + m.group(3), text)
                    tree.write(f, new)
                    return Seeded(f, f"{name} pinned to {old} in {f}", "Podfile.lock")
        else:
            for m in re.finditer(r'"(?:identity|package)"\s*:\s*"([^"]+)"', text):
                name = REPO_NAMES.get(m.group(1).lower())
                if not name or name not in OLD_SDK or re.search(r"\b" + re.escape(name) + r"\b", said):
                    continue
                tail = text[m.end():]
                v = re.search(r'"version"\s*:\s*"([^"]+)"', tail)
                if not v:
                    continue
                # Xcode reads the Package.resolved of the container it builds (the workspace's, or the project's
                # own): the pin is lowered in each committed copy of the folder's project and workspaces, as a
                # developer who lowers it and commits would, not only in one that the build may ignore.
                changed = []
                for other in _resolved_siblings(tree, f):
                    changed += _lower_pin(tree, other, m.group(1), OLD_SDK[name])
                return Seeded(changed, f"{name} pinned to {OLD_SDK[name]} in {', '.join(changed)}", "Package.resolved")
    raise NoTarget("no listed SDK in a Podfile.lock or Package.resolved")


def _workspaces_of(tree, proj):
    """The .xcworkspace folders that open the .xcodeproj `proj`: its same-named sibling, and every workspace whose
    contents.xcworkspacedata names it (protonvpn-apple's root ProtonVPN.xcworkspace opens apps/ios/iOS.xcodeproj)."""
    out = {proj[:-len(".xcodeproj")] + ".xcworkspace"}
    for f in tree.files:
        if not f.endswith(".xcworkspace/contents.xcworkspacedata") or "/project.xcworkspace/" in f:
            continue
        work = posixpath.dirname(f)
        for loc in re.findall(r'location\s*=\s*"(?:group|container|self):([^"]*)"', tree.read(f) or ""):
            if find.norm(posixpath.join(posixpath.dirname(work), loc)) == proj:
                out.add(work)
    return sorted(out)


@defect("sdk-pinned-in-pbxproj-only", "appstore", "privacy-manifest", "privacy-manifest.sdk-missing-manifest",
        SDK_REQ, "a listed Swift package pinned by exactVersion in project.pbxproj to a release without a manifest, "
                 "no committed Package.resolved", scope="project")
def sdk_pbxproj(tree):
    said = " ".join(x.get("message", "") for x in tree.before if x.get("rule") == "privacy-manifest.sdk-missing-manifest")
    for f in find.pbxprojs(tree):
        text = tree.read(f) or ""
        for m in re.finditer(r'repositoryURL = "([^"]+)";\s*requirement = \{(.*?)\};', text, re.S):
            slug = m.group(1).rstrip("/").split("/")[-1].lower().removesuffix(".git")
            name = REPO_NAMES.get(slug)
            # An SDK the original already reports (a lock file pins an old release) hides the seed.
            if not name or re.search(r"\b" + re.escape(name) + r"\b", said):
                continue
            req = f"\n\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = {OLD_SDK[name]};\n\t\t\t"
            tree.write(f, text[:m.start(2)] + req + text[m.end(2):])
            proj = posixpath.dirname(f)  # the .xcodeproj; the workspaces that open it keep their own pins
            works = _workspaces_of(tree, proj)
            resolved = [x for x in tree.files if x.endswith("Package.resolved") and
                        (x.startswith(proj + "/") or any(x.startswith(w + "/") for w in works))]
            for r in resolved:
                tree.remove(r)
            return Seeded([f], f"{name} pinned exactVersion {OLD_SDK[name]} in {f}; "
                               f"{len(resolved)} Package.resolved removed", "pbxproj")
    raise NoTarget("no listed SDK among the project's XCRemoteSwiftPackageReference entries")


# Code that review rejects ---------------------------------------------------------------------------------------
def _no_repo_match(tree, rx, why):
    src = [f for f in tree.files if f.endswith((".swift", ".m", ".mm", ".dart", ".ts", ".tsx", ".js", ".jsx",
                                                ".kt", ".java", ".plist", ".entitlements", ".yaml", ".json"))]
    hit = tree.grep(rx, src)
    if hit:
        raise NoTarget(f"{why} ({hit[0][0]})")


@defect("uiwebview-added", "appstore", "review-risk", "review-risk.uiwebview", "https://developer.apple.com/news/?id=ednbu3cp",
        "a UIWebView (ITMS-90809) added to an app source", scope="project")
def uiwebview(tree):
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\n// Legacy help page viewer.\nfinal class LegacyHelpView: UIWebView {}\n", ("UIKit",))
    return Seeded(f, f"UIWebView subclass added to {f}")


@defect("swift-login-without-apple", "appstore", "review-risk", "review-risk.login-without-apple",
        "https://developer.apple.com/app-store/review/guidelines/#login-services",
        "Google Sign-In added in Swift, no Sign in with Apple (guideline 4.8)", scope="project")
def swift_login(tree):
    _no_repo_match(tree, r"ASAuthorizationAppleIDProvider|SignInWithAppleButton|com\.apple\.developer\.applesignin|"
                         r"sign_in_with_apple|GIDSignIn|GoogleSignIn|FBSDKLoginKit",
                   "the app already has a third-party or Apple login")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\n@MainActor func signInWithGoogle(from controller: UIViewController) {\n"
                           "    GIDSignIn.sharedInstance.signIn(withPresenting: controller) { result, error in }\n}\n",
                  ("UIKit", "GoogleSignIn"))
    podfiles = [p for p in tree.files if posixpath.basename(p) == "Podfile" and not find.is_test_path(p)]
    if podfiles:
        t = tree.read(podfiles[0]) or ""
        m = re.search(r"(?m)^\s*target ['\"][^'\"]+['\"] do\s*\n", t)
        if m:
            tree.write(podfiles[0], t[:m.end()] + "  pod 'GoogleSignIn', '~> 7.1'\n" + t[m.end():])
    return Seeded(f, f"GIDSignIn call added to {f}")


@defect("dart-login-without-apple", "appstore", "review-risk", "review-risk.login-without-apple",
        "https://developer.apple.com/app-store/review/guidelines/#login-services",
        "google_sign_in added to a Flutter app (pubspec + lib/ call), no Sign in with Apple", scope="project")
def dart_login(tree):
    if not find.is_flutter(tree) or not any(f.startswith("ios/") for f in tree.files):
        raise NoTarget("not a Flutter app with an iOS runner")
    _no_repo_match(tree, r"sign_in_with_apple|google_sign_in|flutter_facebook_auth|ASAuthorizationAppleIDProvider",
                   "the app already has a third-party or Apple login")
    pub = tree.read("pubspec.yaml") or ""
    m = re.search(r"(?m)^dependencies:\s*\n", pub)
    if not m:
        raise NoTarget("pubspec.yaml has no dependencies block")
    tree.write("pubspec.yaml", pub[:m.end()] + "  google_sign_in: ^6.2.1\n" + pub[m.end():])
    dart = sorted([f for f in tree.files if f.startswith("lib/") and f.endswith(".dart")],
                  key=lambda f: (f != "lib/main.dart", f.count("/"), f))[0]
    text = tree.read(dart) or ""
    tree.write(dart, "import 'package:google_sign_in/google_sign_in.dart';\n" + text.rstrip("\n") +
               "\n\nFuture<GoogleSignInAccount?> signInWithGoogle() => GoogleSignIn(scopes: ['email']).signIn();\n")
    return Seeded(["pubspec.yaml", dart], f"google_sign_in added; call in {dart}")


@defect("js-login-without-apple", "appstore", "review-risk", "review-risk.login-without-apple",
        "https://developer.apple.com/app-store/review/guidelines/#login-services",
        "@react-native-google-signin/google-signin added to a React Native app, no Sign in with Apple", scope="project")
def js_login(tree):
    if not find.is_react_native(tree):
        raise NoTarget("not a React Native app")
    _no_repo_match(tree, r"apple-authentication|appleAuth|google-signin|ASAuthorizationAppleIDProvider",
                   "the app already has a third-party or Apple login")
    pkg = tree.read("package.json") or ""
    m = re.search(r'"dependencies"\s*:\s*\{\s*\n', pkg)
    if not m:
        raise NoTarget("package.json has no dependencies")
    tree.write("package.json", pkg[:m.end()] + '    "@react-native-google-signin/google-signin": "^13.1.0",\n'
               + pkg[m.end():])
    srcs = sorted([f for f in tree.files if re.search(r"^(app|src)/.*\.(tsx?|jsx?)$", f) and not find.is_test_path(f)],
                  key=lambda f: (f.count("/"), f))
    if not srcs:
        raise NoTarget("no app/ or src/ JS/TS source")
    f = srcs[0]
    text = tree.read(f) or ""
    tree.write(f, "import {GoogleSignin} from '@react-native-google-signin/google-signin';\n" + text.rstrip("\n") +
               "\n\nexport async function signInWithGoogle() {\n  await GoogleSignin.hasPlayServices();\n"
               "  return GoogleSignin.signIn();\n}\n")
    return Seeded(["package.json", f], f"google-signin added; call in {f}")


@defect("tracking-without-att", "appstore", "review-risk", "review-risk.tracking-without-att",
        "https://developer.apple.com/app-store/review/guidelines/#data-use-and-sharing",
        "the advertising identifier read in Swift without App Tracking Transparency", scope="project")
def tracking(tree):
    _no_repo_match(tree, r"ATTrackingManager|requestTrackingAuthorization|advertisingIdentifier",
                   "the app already uses ATT or the IDFA")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\n// Attribution for the ad network.\nfunc attributionIdentifier() -> String {\n"
                           "    ASIdentifierManager.shared().advertisingIdentifier.uuidString\n}\n", ("AdSupport",))
    return Seeded(f, f"ASIdentifierManager advertisingIdentifier read in {f}")


@defect("signup-without-deletion-ios", "appstore", "account-deletion", "account-deletion.in-app", GUIDE_511,
        "Firebase e-mail sign-up added to the iOS app, no account deletion anywhere", scope="project")
def signup_ios(tree):
    _no_repo_match(tree, r"(?i)delete_?account|account_?deletion|deleteUser|\.delete\(\s*completion|"
                         r"currentUser\??\.delete|createUser\(withEmail|signUp",
                   "the app already creates or deletes accounts")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\nfunc createAccount(email: String, password: String) async throws {\n"
                           "    _ = try await Auth.auth().createUser(withEmail: email, password: password)\n}\n",
                  ("FirebaseAuth",))
    return Seeded(f, f"createUser(withEmail:) added to {f}")


@defect("purchase-without-restore", "appstore", "in-app-purchase", "in-app-purchase.restore",
        "https://developer.apple.com/app-store/review/guidelines/#in-app-purchase",
        "a StoreKit 2 purchase of a non-consumable added, no restore path", scope="project")
def purchase(tree):
    _no_repo_match(tree, r"restoreCompletedTransactions|AppStore\.sync|restorePurchases|Product\.products|"
                         r"SKPaymentQueue|purchases_flutter|react-native-iap|in_app_purchase",
                   "the app already has purchases")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\nfunc buyPro() async throws {\n"
                           "    guard let pro = try await Product.products(for: [\"pro.lifetime\"]).first else { return }\n"
                           "    _ = try await pro.purchase()\n}\n", ("StoreKit",))
    return Seeded(f, f"Product.purchase() added to {f}")


@defect("odr-added", "appstore", "on-demand-resources", "on-demand-resources.deprecated",
        "https://developer.apple.com/documentation/foundation/nsbundleresourcerequest",
        "an On-Demand Resources request (NSBundleResourceRequest, deprecated) added", scope="project")
def odr(tree):
    _no_repo_match(tree, r"NSBundleResourceRequest", "the app already uses ODR")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\nfunc loadLevelPack() {\n    let request = NSBundleResourceRequest(tags: [\"level2\"])\n"
                           "    request.beginAccessingResources { _ in }\n}\n", ("Foundation",))
    return Seeded(f, f"NSBundleResourceRequest added to {f}")


@defect("hosted-iap-content", "appstore", "on-demand-resources", ("on-demand-resources.hosted-iap-content-code",
                                                                   "on-demand-resources.hosted-iap-content"),
        "https://developer.apple.com/documentation/storekit/skdownload",
        "Apple-hosted IAP content downloads (SKDownload) added", scope="project")
def hosted(tree):
    _no_repo_match(tree, r"SKDownload|startDownloads", "the app already downloads hosted content")
    f = _swift_target_file(tree)
    _append_swift(tree, f, "\nfunc startContentDownloads(_ transaction: SKPaymentTransaction) {\n"
                           "    SKPaymentQueue.default().start(transaction.downloads)\n}\n", ("StoreKit",))
    return Seeded(f, f"SKPaymentQueue.start(downloads) added to {f}")


@defect("ats-arbitrary-loads", "appstore", "app-review", "app-review.ats-arbitrary-loads",
        "https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsallowsarbitraryloads",
        "NSAllowsArbitraryLoads true set in the app's source Info.plist")
def ats(tree):
    plists = find.ios_app_plists(tree)[:1]  # the main app's
    for plist in plists:
        text = tree.read(plist) or ""
        if "NSAllowsArbitraryLoads" in text:
            continue
        # Apple's NSAllowsArbitraryLoads page: with NSAllowsLocalNetworking (or …InWebContent, …ForMedia) present,
        # iOS 10+ ignores NSAllowsArbitraryLoads and ATS stays on: adding it there turns nothing off (KeePassium,
        # isowords keep NSAllowsLocalNetworking).
        if "NSAllowsLocalNetworking" in text:
            raise NoTarget(f"{plist} sets NSAllowsLocalNetworking: iOS 10+ ignores NSAllowsArbitraryLoads beside it")
        m = re.search(r"<dict>\s*\n", text)
        if not m:
            continue
        add = ("\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>\n"
               "\t</dict>\n")
        if "NSAppTransportSecurity" in text:
            m = re.search(r"<key>NSAppTransportSecurity</key>\s*<dict>\s*\n", text)
            add = "\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>\n"
        tree.write(plist, text[:m.end()] + add + text[m.end():])
        return Seeded(plist, f"NSAllowsArbitraryLoads true in {plist}")
    raise NoTarget("no app Info.plist without NSAllowsArbitraryLoads")


@defect("ios-deployment-target-lowered", "appstore", "platform-requirements",
        "platform-requirements.apple-deployment-target", "https://developer.apple.com/news/upcoming-requirements/",
        "the app's iOS deployment target lowered to 12.0 where the build reads it (pbxproj, XcodeGen spec or Podfile "
        "for Flutter/RN)", scope="project")
def deployment(tree):
    specs = [f for f in tree.files if posixpath.basename(f) in ("project.yml", "project.yaml")
             and re.search(r"deploymentTarget", tree.read(f) or "")]
    for f in specs:
        text = tree.read(f)
        new, n = re.subn(r'(?m)(^\s*(?:iOS|deploymentTarget)\s*:\s*)"?\d+(\.\d+)*"?', r'\g<1>"12.0"', text)
        if n:
            tree.write(f, new)
            return Seeded(f, f"deploymentTarget iOS 12.0 in {f}", "XcodeGen")
    if tree.flagged(("platform-requirements.apple-deployment-target",)):
        raise NoTarget("the original already reports its deployment target")
    changed = []

    def lower(text, rx):
        # A commit lowering the app's minimum sets every value above 12.0 to it (each configuration).
        return rx.subn(lambda m: m.group(1) + "12.0" + m.group(3) if float(m.group(2)) > 12.0 else m.group(0), text)
    # The setting may name another one (`IPHONEOS_DEPLOYMENT_TARGET = "$(DEPLOYMENT_TARGET)"` in protonvpn-apple's
    # app target, DEPLOYMENT_TARGET = 15.0 in the project's Config.xcconfig): Xcode expands it, so the commit that
    # lowers the minimum changes the setting named.
    names = {"IPHONEOS_DEPLOYMENT_TARGET"}
    ref = re.compile(r'IPHONEOS_DEPLOYMENT_TARGET\s*=\s*"?\$[({]([A-Za-z0-9_]+)[)}]"?\s*;?\s*$', re.M)
    for f in find.pbxprojs(tree) + [x for x in tree.files if x.endswith(".xcconfig")]:
        if "com.apple.product-type.application" in (tree.read(f) or "") or f.endswith(".xcconfig"):
            names.update(ref.findall(tree.read(f) or ""))
    alternatives = "|".join(sorted(re.escape(n) for n in names))
    # Shared .xcconfig files set it for targets whose pbxproj configurations do not (home-assistant's app).
    for f in tree.files:
        if f.endswith(".xcconfig") and not find.is_test_path(f) and "/Pods/" not in "/" + f:
            text = tree.read(f) or ""
            new, n = lower(text, re.compile(r"(?m)^(\s*(?:" + alternatives + r")\s*=\s*)(\d+(?:\.\d+)?)()"))
            if n and new != text:
                tree.write(f, new)
                changed.append(f)
    # Only a project that builds an application: a helper library's project (rainbow's ios/Internals, a static
    # library at 8.0) is not the app's minimum.
    for f in find.pbxprojs(tree):
        text = tree.read(f) or ""
        if "com.apple.product-type.application" not in text:
            continue
        new, n = lower(text, re.compile(r"(\b(?:" + alternatives + r") = )(\d+(?:\.\d+)?)(;)"))
        if n and new != text:
            tree.write(f, new)
            changed.append(f)
            break
    if changed:
        return Seeded(changed, f"IPHONEOS_DEPLOYMENT_TARGET set to 12.0 in {', '.join(changed)}",
                      "xcconfig" if any(c.endswith(".xcconfig") for c in changed) else "pbxproj")
    raise NoTarget("no iOS deployment target in a pbxproj or XcodeGen spec")


CLASSES = [purpose_removed, flutter_purpose, rn_purpose, purpose_empty, purpose_vague, rr_added, manifest_deleted, manifest_out_of_resources,
           manifest_category, manifest_reason, sdk_pinned, sdk_pbxproj, uiwebview, swift_login, dart_login, js_login,
           tracking, signup_ios, purchase, odr, hosted, ats, deployment]


# Scene life cycle (TN3187), per bundle -------------------------------------------------------------------------
TN3187 = "https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle"
APP_DELEGATE = re.compile(r"\b(UIApplicationDelegate|RCTAppDelegate|ExpoAppDelegate|EXAppDelegateWrapper|"
                          r"FlutterAppDelegate)\b")
EXPO_DELEGATE = re.compile(r"\b(ExpoAppDelegate|EXAppDelegateWrapper)\b")
SWIFTUI_SCENE = re.compile(r"\b(WindowGroup|DocumentGroup)\b")


def _remove_plist_dict(text, key):
    """The text without `<key>KEY</key><dict>…</dict>` (nested dicts balanced), or None."""
    m = re.search(r"[ \t]*<key>" + re.escape(key) + r"</key>\s*<dict>", text)
    if not m:
        return None
    depth, i = 1, m.end()
    for tag in re.finditer(r"<(/?)dict\b[^>]*?(/?)>", text[i:]):
        if tag.group(2):
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            end = i + tag.end()
            if end < len(text) and text[end] == "\n":
                end += 1
            return text[:m.start()] + text[end:]
    return None


def _scene_target(tree, need_other_bundle=False, need_expo=False):
    """An iOS app whose Info.plist declares UIApplicationSceneManifest, whose own code has an app delegate and no
    SwiftUI scene: the commit that drops the manifest makes it a UIKit app without scenes (TN3187)."""
    if tree.flagged(("platform-requirements.apple-scene-life-cycle",)):
        raise NoTarget("the original already has the scene life-cycle warning")
    swift = [f for f in tree.files if f.endswith((".swift", ".m", ".mm", ".h")) and not find.is_test_path(f)]
    for plist in find.ios_app_plists(tree):
        text = tree.read(plist) or ""
        if "UIApplicationSceneManifest" not in text or "/macos/" in plist.lower():
            continue
        top = plist.split("/")[0] + "/" if "/" in plist else ""
        own = [f for f in find.ios_sources(tree, (".swift", ".m", ".mm", ".h")) if f.startswith(top)]
        delegates = tree.grep(APP_DELEGATE, own)
        if not delegates or tree.grep(SWIFTUI_SCENE, own):
            continue
        if need_expo and not any(EXPO_DELEGATE.search(m.group(0)) for _f, m in delegates):
            continue
        others = [f for f in swift if f not in own and not f.startswith(("Pods/", "node_modules/"))
                  and "/Pods/" not in f and "/node_modules/" not in f]
        scenes = tree.grep(SWIFTUI_SCENE, others)
        if need_other_bundle and not scenes:
            continue
        new = _remove_plist_dict(text, "UIApplicationSceneManifest")
        if new is None:
            continue
        tree.write(plist, new)
        changed = [plist]
        for f in find.pbxprojs(tree):
            t = tree.read(f) or ""
            lines = [ln for ln in t.splitlines(True) if "INFOPLIST_KEY_UIApplicationSceneManifest" not in ln]
            if len(lines) != len(t.splitlines(True)):
                tree.write(f, "".join(lines))
                changed.append(f)
        where = f"; {scenes[0][0]} (another bundle) has a SwiftUI {scenes[0][1].group(0)}" if scenes else ""
        return Seeded(changed, f"UIApplicationSceneManifest removed from {plist} ({delegates[0][0]}: "
                               f"{delegates[0][1].group(0)}){where}",
                      "expo" if need_expo else ("other-bundle-scene" if scenes else "uikit"))
    raise NoTarget("no iOS app with a scene manifest, an app delegate and no SwiftUI scene of its own"
                   + (" beside another bundle's SwiftUI scene" if need_other_bundle else "")
                   + (" (ExpoAppDelegate)" if need_expo else ""))


scene_removed = defect("scene-manifest-removed", "appstore", "platform-requirements",
                       "platform-requirements.apple-scene-life-cycle", TN3187,
                       "UIApplicationSceneManifest removed from a UIKit app's Info.plist (TN3187: apps built with the "
                       "iOS 26 SDK must adopt scenes)", scope="project")(lambda tree: _scene_target(tree))
scene_other_bundle = defect("second-bundle-scene", "appstore", "platform-requirements",
                            "platform-requirements.apple-scene-life-cycle", TN3187,
                            "the same, where another bundle (App Clip, watch app, second app) has a SwiftUI WindowGroup "
                            "that must not count for the main app", scope="project")(
    lambda tree: _scene_target(tree, need_other_bundle=True))
scene_expo = defect("expo-appdelegate-scene", "appstore", "platform-requirements",
                    "platform-requirements.apple-scene-life-cycle", TN3187,
                    "the same in a React Native app whose delegate is ExpoAppDelegate / EXAppDelegateWrapper",
                    scope="project")(lambda tree: _scene_target(tree, need_expo=True))

CLASSES += [scene_removed, scene_other_bundle, scene_expo, control_other_os_branch, control_own_c_named_function]
