"""Where a build or an upload reads things, found the way the tools do (a small model, not shipcheck's)."""
import os
import posixpath
import re

from .base import NoTarget
from .tree import is_test_path
from . import upload_skips

APPSTORE_KEYS = ("name.txt", "subtitle.txt", "description.txt", "keywords.txt", "release_notes.txt",
                 "privacy_url.txt", "promotional_text.txt", "support_url.txt", "marketing_url.txt")
PLAY_KEYS = ("title.txt", "short_description.txt", "full_description.txt")
NOT_LOCALES = {"review_information", "app_clip_review_information", "trade_representative_contact_information",
               "appleTV", "iMessage", "android", "fonts", "screenshots", "images", "changelogs"}
CALL_PATH = re.compile(r"""metadata_path\s*(?:\(|:|=>)?\s*["']([^"'#{}$]+)["']""")


def norm(path):
    path = posixpath.normpath(path)
    return "" if path == "." else path


def fastlane_dirs(tree):
    """Folders named fastlane holding a Fastfile, Appfile, Deliverfile, Supplyfile or metadata."""
    out = set()
    for f in tree.files:
        parts = f.split("/")
        for i, p in enumerate(parts[:-1]):
            if p == "fastlane" and parts[i + 1] in ("Fastfile", "Appfile", "Deliverfile", "Supplyfile", "metadata"):
                out.add("/".join(parts[:i + 1]))
    return sorted(d for d in out if not is_test_path(d))


def uploading_fastlane_dirs(tree):
    """fastlane folders from which an upload runs: a Fastfile, Deliverfile, Supplyfile or Appfile beside the
    metadata (a metadata tree alone, e.g. one F-Droid reads, is uploaded by nothing), shallowest first."""
    out = []
    for fl in fastlane_dirs(tree):
        if any(posixpath.join(fl, n) in tree.files for n in ("Fastfile", "Deliverfile", "Supplyfile", "Appfile")):
            out.append(fl)
    return sorted(out, key=lambda d: (d.count("/"), d))


DELIVER_CALL = re.compile(r"\b(deliver|upload_to_app_store|appstore)\b\s*[(\n]")
SUPPLY_CALL = re.compile(r"\b(supply|upload_to_play_store)\b\s*[(\n]")


def _fastfile_text(tree, fl):
    return "\n".join(tree.read(posixpath.join(fl, n)) or "" for n in ("Fastfile",) if posixpath.join(fl, n) in tree.files)


def uploads(tree, fl, store):
    """Whether the fastlane folder uploads to the store: a Deliverfile/Supplyfile, the action in the Fastfile, or a
    script or workflow beside the folder that runs the action on the command line (medTimer's uploadToPlay.sh)."""
    own = "Deliverfile" if store == "appstore" else "Supplyfile"
    if posixpath.join(fl, own) in tree.files:
        return True
    if (DELIVER_CALL if store == "appstore" else SUPPLY_CALL).search(_fastfile_text(tree, fl)):
        return True
    return command_line_uploads(tree, fl, store)


COMMAND_LINE_ACTION = {"appstore": re.compile(r"\bfastlane\s+(?:run\s+)?(?:deliver|upload_to_app_store)\b"),
                       "play": re.compile(r"\bfastlane\s+(?:run\s+)?(?:supply|upload_to_play_store)\b")}


def command_line_uploads(tree, fl, store):
    """A shell script or Makefile in the fastlane folder's parent whose live lines run the upload action: fastlane
    then reads the folder's metadata like a lane would. (Workflows are left out: their steps may run elsewhere.)"""
    parent = posixpath.dirname(fl)
    for f in tree.files:
        folder = posixpath.dirname(f)
        script = f.endswith(".sh") or posixpath.basename(f) == "Makefile"
        if not (script and folder == parent):
            continue
        live = "\n".join(ln for ln in (tree.read(f) or "").splitlines() if not ln.lstrip().startswith("#"))
        if COMMAND_LINE_ACTION[store].search(live):
            return True
    return False




def supply_skips(tree, fl):
    """skip_upload_* options every supply upload from the fastlane folder holds true (those files are never
    uploaded): set in each call of the Fastfile or, where a call leaves one unset, by the environment of every run of
    its lane (SUPPLY_SKIP_UPLOAD_METADATA in a workflow step's env:, the folder's .env files)."""
    return upload_skips.skips(tree, fl, "play")


def ships_to_play(tree):
    """Something in the repository sends the app to Google Play: a supply lane, Gradle Play Publisher, a Play upload
    action in a workflow, or a Play Store link in the README."""
    for fl in fastlane_dirs(tree):
        if uploads(tree, fl, "play"):
            return True
    for f in tree.files:
        if f.endswith((".gradle", ".kts")) and re.search(r"com\.github\.triplet\.play", tree.read(f) or ""):
            return True
        if f.startswith(".github/workflows/"):
            live = "\n".join(ln for ln in (tree.read(f) or "").splitlines() if not ln.lstrip().startswith("#"))
            if re.search(r"upload-google-play|play-publisher|fastlane\s+supply|upload_to_play_store", live):
                return True
        if "/" not in f and f.lower().startswith("readme") and "play.google.com/store/apps" in (tree.read(f) or ""):
            return True
    return False


def _children(tree, folder):
    prefix = folder + "/" if folder else ""
    kids = {}
    for f in tree.files:
        if f.startswith(prefix):
            rest = f[len(prefix):].split("/")
            if len(rest) >= 2:
                kids.setdefault(rest[0], set()).add(rest[1])
    return kids


def locale_folders(tree, meta, keys):
    """Locale folders of a metadata tree that hold at least one of `keys` (name -> files in it)."""
    return {k: v for k, v in _children(tree, meta).items() if k not in NOT_LOCALES and v & set(keys)}


def configured_paths(tree):
    """metadata_path values that fastlane reads: Deliverfile, Supplyfile, and the actions' arguments in a Fastfile.
    Paths are relative to the folder fastlane runs in (the fastlane folder's parent). -> [(path, file)]"""
    out = []
    for fl in fastlane_dirs(tree):
        base = posixpath.dirname(fl)
        for name in ("Deliverfile", "Supplyfile", "Fastfile"):
            f = posixpath.join(fl, name)
            text = tree.read(f) if f in tree.files else None
            if not text:
                continue
            for m in CALL_PATH.finditer(text):
                p = m.group(1)
                if p.startswith("/"):
                    continue
                out.append((norm(posixpath.join(base, p)), f))
    return out


# `metadata_path` given any value: a literal (CALL_PATH) or one fastlane computes (ENV["METADATA_PATH"] from an
# .env.<name> file, a variable: cryptomator-ios's Deliverfile reads it from .env.premium / .env.freemium).
ANY_PATH = re.compile(r"""(?m)^[^#\n]*\bmetadata_path\b\s*(?:\(|:|=>)?\s*[^\s)]""")


def configures_metadata_path(tree):
    """Whether a Deliverfile, Supplyfile or Fastfile already sets metadata_path, to a literal or not."""
    for fl in fastlane_dirs(tree):
        for name in ("Deliverfile", "Supplyfile", "Fastfile"):
            f = posixpath.join(fl, name)
            if f in tree.files and ANY_PATH.search(tree.read(f) or ""):
                return True
    return bool(configured_paths(tree))


def deliver_trees(tree):
    """App Store metadata trees deliver uploads: a configured metadata_path, else <fastlane>/metadata."""
    found = []
    for path, src in configured_paths(tree):
        if locale_folders(tree, path, APPSTORE_KEYS):
            found.append((path, "metadata_path in " + posixpath.basename(src)))
    if not found:
        for fl in uploading_fastlane_dirs(tree):
            if not uploads(tree, fl, "appstore"):
                continue
            for cand in (fl + "/metadata", fl + "/metadata/ios"):
                if locale_folders(tree, cand, APPSTORE_KEYS):
                    found.append((cand, "default"))
    return found


def supply_trees(tree):
    """Play metadata trees supply uploads: a configured metadata_path, else <fastlane>/metadata/android."""
    found = []
    for path, src in configured_paths(tree):
        if locale_folders(tree, path, PLAY_KEYS + ("changelogs",)):
            found.append((path, "metadata_path in " + posixpath.basename(src)))
    if not found:
        for fl in uploading_fastlane_dirs(tree):
            if not uploads(tree, fl, "play"):
                continue
            cand = fl + "/metadata/android"
            if locale_folders(tree, cand, PLAY_KEYS + ("changelogs",)):
                found.append((cand, "default"))
    return found


def pick_locale(folders, prefer=("en-US", "default", "en-GB", "en")):
    for p in prefer:
        if p in folders:
            return p
    return sorted(folders)[0]


def one_deliver_locale(tree, need=None):
    trees = deliver_trees(tree)
    if not trees:
        raise NoTarget("no App Store metadata tree that deliver uploads")
    meta, shape = trees[0]
    folders = locale_folders(tree, meta, APPSTORE_KEYS)
    if need:
        with_file = {k: v for k, v in folders.items() if need in v}
        if with_file:
            folders = with_file
    return meta, pick_locale(folders), shape


def one_supply_locale(tree, need=None):
    trees = supply_trees(tree)
    if not trees:
        raise NoTarget("no Play metadata tree that supply uploads")
    meta, shape = trees[0]
    folders = locale_folders(tree, meta, PLAY_KEYS + ("changelogs",))
    if need:
        with_file = {k: v for k, v in folders.items() if need in v}
        if with_file:
            folders = with_file
    return meta, pick_locale(folders), shape


# Android -------------------------------------------------------------------------------------------------------
GRADLE = re.compile(r"(^|/)build\.gradle(\.kts)?$")
APP_PLUGIN = re.compile(r"com\.android\.application|android\.application|androidApplication|android[-_]application"
                        r"|(?<!val )(?<!var )\bapplicationId\b")
LIB_PLUGIN = re.compile(r"com\.android\.library|android\.library|androidLibrary|android[-_]library")


def _convention_plugins(tree):
    """The ids of buildSrc/build-logic precompiled script plugins (`flipper.android-app.gradle.kts` is the plugin
    `flipper.android-app`) that apply the Android application or library plugin: (app ids, library ids)."""
    apps, libs = set(), set()
    for f in tree.files:
        if not f.endswith((".gradle.kts", ".gradle")) or not ("/buildSrc/" in "/" + f or "build-logic" in f) \
                or "/src/main/" not in f:
            continue
        name = posixpath.basename(f)
        plugin_id = name[:-len(".gradle.kts")] if name.endswith(".kts") else name[:-len(".gradle")]
        text = tree.read(f) or ""
        if re.search(r"com\.android\.application|android\.application", text):
            apps.add(plugin_id)
        elif LIB_PLUGIN.search(text):
            libs.add(plugin_id)
    return apps, libs


def _applies(text, ids):
    return any(re.search(r"id\s*\(?\s*[\"']" + re.escape(i) + r"[\"']", text) for i in ids)


def android_modules(tree):
    """(module dir, build file, kind) for every Gradle module that applies an Android plugin (directly, or through a
    convention plugin of buildSrc or build-logic)."""
    out = []
    convention_apps, convention_libs = _convention_plugins(tree)
    for f in tree.files:
        if not GRADLE.search(f) or is_test_path(f) or "/buildSrc/" in "/" + f or "build-logic" in f:
            continue
        text = tree.read(f) or ""
        d = posixpath.dirname(f)
        if _applies(text, convention_apps):
            out.append((d, f, "app"))
        elif _applies(text, convention_libs) and not APP_PLUGIN.search(text):
            out.append((d, f, "library"))
        elif APP_PLUGIN.search(text):
            if re.search(r"(com\.android\.application|android\.application)[^\n]*apply\s*\(?\s*false", text) and \
                    "applicationId" not in text:
                continue
            out.append((d, f, "app"))
        elif LIB_PLUGIN.search(text):
            if re.search(r"(com\.android\.library|android\.library)[^\n]*apply\s*\(?\s*false", text) and \
                    not re.search(r"(?m)^\s*android\s*\{", text):
                continue  # the root project declares the plugin for its modules
            out.append((d, f, "library"))
    return out


def target_sdk_hint(tree, build):
    """The app's targetSdk when it is a plain number in the module or a properties/catalog entry (else None)."""
    text = tree.read(build) or ""
    m = re.search(r"(?m)^\s*targetSdk(?:Version)?\s*(?:=|\(|\s)\s*(\d{2})\b", text)
    if m:
        return int(m.group(1))
    for f in tree.files:
        if f.endswith(("gradle.properties", "libs.versions.toml")):
            m = re.search(r"(?im)^\s*\"?target_?sdk(?:_?version)?\"?\s*[=:]\s*\"?(\d{2})\b", tree.read(f) or "")
            if m:
                return int(m.group(1))
    return None


def main_manifest(tree, module):
    for cand in ("src/main/AndroidManifest.xml", "src/androidMain/AndroidManifest.xml", "AndroidManifest.xml"):
        p = posixpath.join(module, cand) if module else cand
        if p in tree.files:
            return p
    return None


def app_module(tree):
    """The release app module: one that applies com.android.application and has a main manifest; `app` first."""
    apps = [(d, f) for d, f, k in android_modules(tree) if k == "app" and main_manifest(tree, d)]
    if not apps:
        raise NoTarget("no Android application module with a main AndroidManifest.xml")
    apps.sort(key=lambda x: (posixpath.basename(x[0]) not in ("app", "androidApp", "mobile", "application"),
                             x[0].count("/"), x[0]))
    return apps[0]


def version_code(tree, build_file):
    text = tree.read(build_file) or ""
    # Kotlin and Java allow underscores in number literals (Seal: `versionCode = 200_000_150`).
    m = re.search(r"versionCode\s*(?:=|\s)\s*(\d[\d_]*)", text)
    if m:
        return int(m.group(1).replace("_", ""))
    # Read from a properties file by key (keymapper: `versionCode = versionProperties.getProperty("VERSION_CODE")
    # .toInt()` over app/version.properties): that key's number in a .properties file, the module's own first.
    m = re.search(r"versionCode\s*(?:=|\s)[^\n]*?(?:getProperty\(|\[)\s*[\"']([A-Za-z_][\w.]*)[\"']", text)
    if m:
        folder = posixpath.dirname(build_file)
        files = sorted((f for f in tree.files if f.endswith(".properties")),
                       key=lambda f: (not f.startswith(folder + "/"), f.count("/"), f))
        for f in files:
            k = re.search(r"(?m)^\s*" + re.escape(m.group(1)) + r"\s*[=:]\s*(\d+)\s*$", tree.read(f) or "")
            if k:
                return int(k.group(1))
    for f in tree.files:
        if f.endswith("gradle.properties") or f.endswith("libs.versions.toml") or f.endswith("pubspec.yaml"):
            t = tree.read(f) or ""
            m = re.search(r"(?im)^\s*(?:version_?code|app_?version_?code|VERSION_CODE)\s*[=:]\s*\"?(\d+)", t)
            if m:
                return int(m.group(1))
            if f.endswith("pubspec.yaml"):
                m = re.search(r"(?m)^version:\s*[\d.]+\+(\d+)", t)
                if m:
                    return int(m.group(1))
    return None


# Apple -----------------------------------------------------------------------------------------------------------
APP_PLIST_HINT = re.compile(r"UILaunchStoryboardName|UIApplicationSceneManifest|UILaunchScreen|LSRequiresIPhoneOS|"
                            r"UIMainStoryboardFile|UIApplicationSupportsIndirectInputEvents")
EXT_HINT = re.compile(r"(^|/)[^/]*(Extension|Widget|Intents|Watch|Clip|Tests?|Share|Notification|Keyboard)[^/]*/", re.I)


def ios_app_plists(tree):
    out = []
    for f in tree.files:
        base = posixpath.basename(f)
        if not base.endswith(".plist") or "Info" not in base or is_test_path(f) or EXT_HINT.search(f):
            continue
        if "/macos/" in "/" + f.lower() or "Mac" in f.split("/")[0]:
            continue
        text = tree.read(f) or ""
        if "NSExtension" in text or "<plist" not in text or re.search(r"<string>(FMWK|BNDL|XPC!)</string>", text):
            continue
        folder = posixpath.dirname(f)
        beside = any(x.startswith(folder + "/") and x.endswith((".swift", ".m", ".mm")) for x in tree.files)
        if APP_PLIST_HINT.search(text) or ("CFBundleIdentifier" in text and beside):
            out.append(f)
    release, named = configured_plists(tree)
    # A plist only Debug or Profile configurations name never ships (flutter_server_box's
    # `INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"` gives Info-Debug.plist to Debug builds).
    out = [f for f in out if f in release or f not in named]
    ios_keys = ("UILaunchStoryboardName", "UIApplicationSceneManifest", "UILaunchScreen", "LSRequiresIPhoneOS",
                "UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities", "UIBackgroundModes")
    return sorted(out, key=lambda f: (f not in release, bool(re.search(r"(?i)\btv|tvos|mac|watch|vision|launcher", f)),
                                      -sum(k in (tree.read(f) or "") for k in ios_keys), f.count("/"), f))


_PBX_CONFIG = re.compile(r"isa = XCBuildConfiguration;.*?buildSettings = \{(.*?)\n\t\t\t\};.*?name = \"?([^;\"]+)\"?;", re.S)


def configured_plists(tree):
    """The Info.plists the Xcode projects name in INFOPLIST_FILE: (those of configurations not named for Debug or
    Profile, all of them),
    as tree paths, with `$(CONFIGURATION)` read as each configuration's name and `$(SRCROOT)/` dropped."""
    release, named = set(), set()
    for proj in pbxprojs(tree):
        base = posixpath.dirname(posixpath.dirname(proj))
        for settings, config in _PBX_CONFIG.findall(tree.read(proj) or ""):
            m = re.search(r"\bINFOPLIST_FILE = \"?([^;\"]+)\"?;", settings)
            if not m:
                continue
            value = m.group(1).replace("$(CONFIGURATION)", config).replace("${CONFIGURATION}", config)
            value = re.sub(r"^\$[({]SRCROOT[)}]/", "", value)
            path = posixpath.normpath(posixpath.join(base, value))
            named.add(path)
            # Release, FocusRelease, Beta…: any configuration a release archive may use (not Debug or Profile ones).
            if not re.search(r"(?i)debug|profile", config):
                release.add(path)
    return release, named


MACOS_FOLDER = re.compile(r"(?i)^(mac|macos|osx|mac ?os ?x|appkit)$|^Mac[A-Z]")


def is_macos_path(f):
    """A path under a folder named for macOS (`Mac/`, `macos/`, `MacBridge/`): code for a Mac bundle."""
    return any(MACOS_FOLDER.search(part) for part in f.split("/")[:-1])


_PBX_OBJECT = re.compile(r"(?m)^\t\t([0-9A-F]{24}) /\* [^*]* \*/ = \{(.*?)^\t\t\};", re.S)
_PBX_ONE_LINE = re.compile(r"(?m)^\t\t([0-9A-F]{24}) /\* ([^*]*) \*/ = \{isa = PBXBuildFile;")


def macos_only_sources(tree):
    """File names compiled only by macOS targets (SDKROOT = macosx in every configuration) of the tree's Xcode
    projects: outline-apps' AppKitBridge bundle, which its iOS app loads under Mac Catalyst. By file name, which
    is enough to keep a seed out of a Mac bundle."""
    mac, other = set(), set()
    for proj in pbxprojs(tree):
        text = tree.read(proj) or ""
        names = {m.group(1): m.group(2).rsplit(" in ", 1)[0] for m in _PBX_ONE_LINE.finditer(text)}
        objects = {m.group(1): m.group(2) for m in _PBX_OBJECT.finditer(text)}
        for body in objects.values():
            if "isa = PBXNativeTarget;" not in body:
                continue
            config_list = re.search(r"buildConfigurationList = ([0-9A-F]{24})", body)
            configs = re.findall(r"([0-9A-F]{24})", objects.get(config_list.group(1), "")) if config_list else []
            roots = {m for c in configs for m in re.findall(r"SDKROOT = (\w+);", objects.get(c, ""))}
            files = set()
            for phase in re.findall(r"([0-9A-F]{24}) /\* Sources \*/", body):
                files |= {names[i] for i in re.findall(r"([0-9A-F]{24})", objects.get(phase, "")) if i in names}
            (mac if roots == {"macosx"} else other).update(files)
    return mac - other


def ios_sources(tree, exts=(".swift", ".m", ".mm")):
    return [f for f in tree.files if f.endswith(exts) and not is_test_path(f) and not EXT_HINT.search(f)
            and "/Preview" not in f]


def pbxprojs(tree):
    return [f for f in tree.files if f.endswith(".xcodeproj/project.pbxproj") and not is_test_path(f)
            and "/Pods/" not in f]


def nearest(candidates, to):
    """The candidate sharing the longest path prefix with `to`."""
    def common(a):
        n = 0
        for x, y in zip(a.split("/"), to.split("/")):
            if x != y:
                break
            n += 1
        return n
    return max(candidates, key=lambda c: (common(c), -len(c)))


def is_flutter(tree):
    return "pubspec.yaml" in tree.files and any(f.startswith("lib/") and f.endswith(".dart") for f in tree.files)


def is_react_native(tree):
    return "package.json" in tree.files and '"react-native"' in (tree.read("package.json") or "")


def mentions_fdroid(tree):
    for f in tree.files:
        if f.count("/") == 0 and f.lower().startswith("readme"):
            if "f-droid.org" in (tree.read(f) or "").lower():
                return True
    return any(f.startswith(".fdroid") or f == "metadata/" for f in tree.files)
