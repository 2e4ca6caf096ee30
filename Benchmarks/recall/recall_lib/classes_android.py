"""Google Play defects in what the release build merges: manifests, Gradle build logic, dependencies."""
import posixpath
import re

from .base import NoTarget, Seeded, defect
from . import find

PERMS = "https://support.google.com/googleplay/android-developer/answer/9888170"
TARGET = "https://support.google.com/googleplay/android-developer/answer/11926878"
FGS = "https://developer.android.com/about/versions/14/changes/fgs-types-required"


def _play_app(tree):
    module, build = find.app_module(tree)
    if not find.ships_to_play(tree):
        raise NoTarget("nothing in the repository sends the app to Google Play (no supply lane, Gradle Play "
                       "Publisher, Play upload action or Play Store link)")
    return module, build


def _manifest(tree):
    module, build = _play_app(tree)
    return module, build, find.main_manifest(tree, module)


def _insert_in_application(text, snippet):
    m = re.search(r"<application\b[^>]*?>", text, re.S)
    if not m or m.group(0).endswith("/>"):
        return None
    return text[:m.end()] + "\n" + snippet + text[m.end():]


def _insert_permission(text, perm):
    line = f'    <uses-permission android:name="android.permission.{perm}" />\n'
    m = re.search(r"<manifest\b[^>]*>\s*\n", text, re.S)
    if not m or m.group(0).rstrip().endswith("/>"):
        return None
    head = m.group(0)
    if "xmlns:android" not in head:  # a bare <manifest>: the commit declares the namespace it now uses
        head = head.replace("<manifest", '<manifest xmlns:android="http://schemas.android.com/apk/res/android"', 1)
    return text[:m.start()] + head + line + text[m.end():]


def _all_manifest_text(tree):
    return "\n".join(tree.read(f) or "" for f in tree.files if f.endswith("AndroidManifest.xml")
                     and not find.is_test_path(f))


def _permission_class(name, perm, rule, source, title, where="app", same_finding=()):
    """`same_finding`: other permissions the rule reports in the same words: with one of them declared, the seed's
    finding is already there (nextplayer's READ_MEDIA_VIDEO and the photo-video rule)."""
    def seed(tree):
        text = _all_manifest_text(tree)
        for declared in (perm,) + tuple(same_finding):
            if re.search(r"android\.permission\." + declared + r"\b", text):
                raise NoTarget(f"{declared} already declared")
        module, build, manifest = _manifest(tree)
        if where == "library":
            manifest, lib = _library_manifest(tree, module, build)
        text = tree.read(manifest) if manifest in tree.files else \
            '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n</manifest>\n'
        new = _insert_permission(text, perm)
        if new is None:
            raise NoTarget(f"{manifest} has no <manifest> element")
        tree.write(manifest, new)
        return Seeded(manifest, f"{perm} added to {manifest}", where)
    return defect(name, "play", "play-permissions", rule, source, title)(seed)


def _library_manifest(tree, app_module, app_build):
    """A library module the app depends on directly (project(":x") / projects.x), and its main manifest path."""
    text = tree.read(app_build) or ""
    libs = [(d, f) for d, f, k in find.android_modules(tree) if k == "library"]
    for d, f in sorted(libs, key=lambda x: x[0]):
        name = posixpath.basename(d)
        gradle_path = ":" + d.replace("/", ":")
        accessor = "projects." + re.sub(r"[-_](\w)", lambda m: m.group(1).upper(), d.replace("/", "."))
        for line in text.splitlines():
            if not (re.search(r"project\(\s*(path\s*[:=]\s*)?['\"]" + re.escape(gradle_path) + r"['\"]", line) or
                    accessor in line or re.search(r"project\(\s*['\"]:" + re.escape(name) + r"['\"]", line)):
                continue
            # Only a configuration the release build resolves: testImplementation, androidTestImplementation and
            # debugImplementation never merge into the release (protonvpn-android's shared-test-code).
            configuration = re.match(r"\s*(\w+)", line)
            if configuration and re.match(r"(test|androidTest|debug)|.*Test", configuration.group(1)):
                continue
            return find.main_manifest(tree, d) or posixpath.join(d, "src/main/AndroidManifest.xml"), d
    raise NoTarget("no Android library module the app module depends on directly")


sms = _permission_class("restricted-permission-sms", "READ_SMS", "play-permissions.sms-call-log",
                        "https://support.google.com/googleplay/android-developer/answer/10208820",
                        "READ_SMS added to the app module's main manifest")
all_files = _permission_class("restricted-permission-all-files-in-library", "MANAGE_EXTERNAL_STORAGE",
                              "play-permissions.all-files-access",
                              "https://support.google.com/googleplay/android-developer/answer/10467955",
                              "MANAGE_EXTERNAL_STORAGE added to a library module the app merges", where="library")
query_all = _permission_class("restricted-permission-query-all-packages", "QUERY_ALL_PACKAGES",
                              "play-permissions.query-all-packages",
                              "https://support.google.com/googleplay/android-developer/answer/10158779",
                              "QUERY_ALL_PACKAGES added to the app module's main manifest")
install = _permission_class("restricted-permission-install-in-library", "REQUEST_INSTALL_PACKAGES",
                            "play-permissions.request-install-packages",
                            "https://support.google.com/googleplay/android-developer/answer/12085295",
                            "REQUEST_INSTALL_PACKAGES added to a library module the app merges", where="library")
photos = _permission_class("restricted-permission-photo-video", "READ_MEDIA_IMAGES", "play-permissions.photo-video",
                           "https://support.google.com/googleplay/android-developer/answer/14115180",
                           "READ_MEDIA_IMAGES added to the app module's main manifest", same_finding=("READ_MEDIA_VIDEO",))
exact = _permission_class("restricted-permission-use-exact-alarm", "USE_EXACT_ALARM", "play-permissions.use-exact-alarm",
                          "https://support.google.com/googleplay/android-developer/answer/9888170",
                          "USE_EXACT_ALARM added to the app module's main manifest")


@defect("exported-missing", "play", "android-manifest", "android-manifest.exported-missing",
        "https://developer.android.com/about/versions/12/behavior-changes-12#exported",
        "an activity with an intent filter and no android:exported added to the app manifest")
def exported(tree):
    module, build, manifest = _manifest(tree)
    sdk = find.target_sdk_hint(tree, build)
    if sdk is not None and sdk < 31:
        raise NoTarget(f"the app targets API {sdk}: android:exported is required from 31")
    snippet = ('        <activity android:name=".ShareTargetActivity">\n            <intent-filter>\n'
               '                <action android:name="android.intent.action.SEND" />\n'
               '                <category android:name="android.intent.category.DEFAULT" />\n'
               '                <data android:mimeType="text/plain" />\n            </intent-filter>\n'
               '        </activity>\n')
    new = _insert_in_application(tree.read(manifest) or "", snippet)
    if new is None:
        raise NoTarget(f"{manifest} has no <application> element")
    tree.write(manifest, new)
    return Seeded(manifest, f"SEND activity without android:exported in {manifest}")


@defect("manifest-debuggable", "play", "android-manifest", "android-manifest.debuggable",
        "https://developer.android.com/studio/publish/preparing#publishing-configure",
        "android:debuggable=\"true\" on the main manifest's <application>")
def manifest_debuggable(tree):
    module, build, manifest = _manifest(tree)
    text = tree.read(manifest) or ""
    if "android:debuggable" in text:
        raise NoTarget("debuggable already set")
    new, n = re.subn(r"<application\b", '<application android:debuggable="true"', text, count=1)
    if not n:
        raise NoTarget("no <application>")
    tree.write(manifest, new)
    return Seeded(manifest, f"android:debuggable=\"true\" in {manifest}")


@defect("gradle-release-debuggable", "play", "android-manifest", "android-manifest.debuggable",
        "https://developer.android.com/studio/publish/preparing#publishing-configure",
        "debuggable true in the Gradle release build type (Play refuses a debuggable APK/AAB)")
def gradle_debuggable(tree):
    module, build = _play_app(tree)
    text = tree.read(build) or ""
    kts = build.endswith(".kts")
    line = "            isDebuggable = true\n" if kts else "            debuggable true\n"
    body = _block_body(text, r"\bbuildTypes\s*\{")
    if body is not None:
        start, end = body
        # The release build type at the first level of buildTypes (not signingConfigs' release, nor a flavor's).
        release = _first_level_block(text, start, end, r"(getByName\(\s*[\"']release[\"']\s*\)|named\(\s*[\"']release[\"']\s*\)|\brelease)\s*\{[ \t]*\n")
        if release is not None:
            tree.write(build, text[:release] + line + text[release:])
            return Seeded(build, f"debuggable in the release build type of {build}", "release block")
        nl = text.index("\n", start - 1) + 1 if "\n" in text[start - 1:end] else start
        block = ('        getByName("release") {\n' if kts else "        release {\n") + line + "        }\n"
        tree.write(build, text[:nl] + block + text[nl:])
        return Seeded(build, f"release build type with debuggable added to {build}", "buildTypes block")
    raise NoTarget(f"{build} declares no buildTypes (a convention plugin sets them)")


def _block_body(text, opening):
    """(start, end) of the body of the first block whose header matches `opening` (ending at its `{`), outside
    comments; braces are counted, strings are not parsed (build scripts rarely put braces in strings)."""
    for m in re.finditer(opening, text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].strip().startswith(("//", "*", "/*")):
            continue
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        return m.end(), i - 1
    return None


def _first_level_block(text, start, end, opening):
    """The offset just after the header line of a block matching `opening` directly inside text[start:end]."""
    depth, i = 0, start
    rx = re.compile(opening)
    while i < end:
        if depth == 0:
            m = rx.match(text, i)
            if m and (i == start or not (text[i - 1].isalnum() or text[i - 1] in "._")):
                return m.end()
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return None


def _services(text):
    return list(re.finditer(r"<service\b[^>]*?>", text, re.S))


@defect("foreground-service-type-removed", "play", "android-manifest",
        ("android-manifest.foreground-service-type*", "android-manifest.foreground-service-permission",
         "play-permissions.*foreground*"),
        FGS, "android:foregroundServiceType removed from a service of the release manifest (targetSdk >= 34: "
             "startForeground throws MissingForegroundServiceTypeException)")
def fgs_type(tree):
    module, build = _play_app(tree)
    mods = [module] + [d for d, f, k in find.android_modules(tree) if k == "library"]
    code = [f for f in tree.files if f.endswith((".kt", ".java")) and not find.is_test_path(f)]
    foreground_info = any("ForegroundInfo(" in (tree.read(f) or "") for f in code)

    def runs_in_foreground(tag):
        """A service of the app's own code, or WorkManager's that the app's workers put in the foreground: a
        library's service the app only redeclares with a type (proton-mail-android's SystemForegroundService, which
        no code of the repository starts) shows no foreground use to lose."""
        name = re.search(r'android:name="([^"]+)"', tag)
        simple = name.group(1).rsplit(".", 1)[-1] if name else ""
        if simple == "SystemForegroundService":
            return foreground_info
        return not simple or any(re.search(r"\bclass\s+" + re.escape(simple) + r"\b", tree.read(f) or "") for f in code)

    for d in mods:
        mf = find.main_manifest(tree, d)
        if not mf:
            continue
        text = tree.read(mf) or ""
        for m in _services(text):
            if "foregroundServiceType" in m.group(0) and runs_in_foreground(m.group(0)):
                tag = re.sub(r'\s*android:foregroundServiceType="[^"]*"', "", m.group(0))
                tree.write(mf, text[:m.start()] + tag + text[m.end():])
                return Seeded(mf, f"foregroundServiceType removed from a service in {mf}",
                              "app" if d == module else "library")
    raise NoTarget("no service with android:foregroundServiceType in the app or its library modules")


@defect("foreground-service-permission-removed", "play", "android-manifest",
        "android-manifest.foreground-service-permission", FGS,
        "the FOREGROUND_SERVICE_<TYPE> permission of a declared service type removed", scope="project")
def fgs_perm(tree):
    _play_app(tree)
    type_perm = {"camera": "CAMERA", "connectedDevice": "CONNECTED_DEVICE", "dataSync": "DATA_SYNC",
                 "location": "LOCATION", "mediaPlayback": "MEDIA_PLAYBACK", "microphone": "MICROPHONE",
                 "specialUse": "SPECIAL_USE", "remoteMessaging": "REMOTE_MESSAGING", "phoneCall": "PHONE_CALL",
                 "mediaProjection": "MEDIA_PROJECTION", "health": "HEALTH", "systemExempted": "SYSTEM_EXEMPTED"}
    manifests = [f for f in tree.files if f.endswith("src/main/AndroidManifest.xml") and not find.is_test_path(f)]
    types = set()
    for f in manifests:
        for m in re.finditer(r'foregroundServiceType="([^"]+)"', tree.read(f) or ""):
            types.update(t.strip() for t in m.group(1).split("|"))
    for t in sorted(types):
        perm = type_perm.get(t)
        if not perm:
            continue
        rx = re.compile(r'[ \t]*<uses-permission\b[^>]*android\.permission\.FOREGROUND_SERVICE_' + perm + r'"[^>]*/>[ \t]*\n?')
        holders = [f for f in manifests if rx.search(tree.read(f) or "")]
        if not holders:
            continue
        for f in holders:
            tree.write(f, rx.sub("", tree.read(f)))
        return Seeded(holders, f"FOREGROUND_SERVICE_{perm} removed from {', '.join(holders)} (type {t})")
    raise NoTarget("no service type whose FOREGROUND_SERVICE_<TYPE> permission is declared in a main manifest")


@defect("signup-without-deletion-android", "play", "account-deletion", "account-deletion.in-app",
        "https://support.google.com/googleplay/android-developer/answer/13327111",
        "Firebase e-mail sign-up added to the Android app module, no account deletion anywhere", scope="project")
def signup_android(tree):
    module, build = _play_app(tree)
    src = [f for f in tree.files if f.endswith((".kt", ".java", ".dart", ".ts", ".tsx", ".js", ".swift"))]
    hit = tree.grep(r"(?i)delete_?account|account_?deletion|deleteUser|\.delete\(\)|createUserWithEmailAndPassword|"
                    r"signUp|sign_up|register", src)
    if hit:
        raise NoTarget(f"the app already creates or deletes accounts ({hit[0][0]})")
    kt = sorted([f for f in tree.files if f.startswith(module + "/src/main/") and f.endswith(".kt")
                 and not find.is_test_path(f)], key=lambda f: (f.count("/"), f))
    if not kt:
        raise NoTarget(f"no Kotlin source in {module}/src/main")
    f = kt[0]
    text = tree.read(f) or ""
    m = re.search(r"(?m)^package [^\n]+\n", text)
    at = m.end() if m else 0
    text = text[:at] + "\nimport com.google.firebase.auth.FirebaseAuth\n" + text[at:]
    tree.write(f, text.rstrip("\n") + "\n\nfun createAccount(email: String, password: String) =\n"
                                      "    FirebaseAuth.getInstance().createUserWithEmailAndPassword(email, password)\n")
    return Seeded(f, f"createUserWithEmailAndPassword added to {f}")


# targetSdk --------------------------------------------------------------------------------------------------------
_TARGET_LINE = re.compile(r"(?m)^(\s*(?:[A-Za-z_.]+\.)?(?:targetSdk|targetSdkVersion)\s*(?:=\s*|\(\s*|[ \t]+))"
                          r"(\S[^\n]*?)[ \t]*$")


class _Match:
    """A targetSdk line: group(2) is the value expression (without the closing parenthesis of a call)."""

    def __init__(self, m):
        self.m = m
        end = m.end(2)
        if m.group(1).rstrip().endswith("(") and m.group(2).endswith(")"):
            end -= 1
        self.span2 = (m.start(2), end)

    def group(self, i):
        return self.m.string[self.span2[0]:self.span2[1]] if i == 2 else self.m.group(i)

    def start(self, i):
        return self.span2[0] if i == 2 else self.m.start(i)

    def end(self, i):
        return self.span2[1] if i == 2 else self.m.end(i)


class TARGET_LINE:
    @staticmethod
    def search(text):
        for m in _TARGET_LINE.finditer(text):
            if not m.group(2).startswith(("//", "#")):
                return _Match(m)
        return None


def _module_target(tree):
    if tree.flagged(("platform-requirements.play-target-sdk",)):
        raise NoTarget("the original's targetSdk is already reported below Play's minimum")
    module, build = _play_app(tree)
    text = tree.read(build) or ""
    m = TARGET_LINE.search(text)
    return module, build, text, m


@defect("target-sdk-module", "play", "platform-requirements", "platform-requirements.play-target-sdk", TARGET,
        "the app module's targetSdk set to 33 in its build file", scope="project")
def target_module(tree):
    module, build, text, m = _module_target(tree)
    if not m:
        raise NoTarget(f"{build} sets no targetSdk (a convention plugin or defaults set it)")
    tree.write(build, text[:m.start(2)] + "33" + text[m.end(2):])
    shape = "literal" if m.group(2).strip().isdigit() else "was " + m.group(2).strip()[:40]
    return Seeded(build, f"targetSdk = 33 in {build}", shape)


def _build_logic(tree, module, build):
    """Files a module's build resolves values from: the Gradle root's own scripts and gradle.properties, its
    buildSrc/, build-logic/ (or any included build named *logic*/*convention*) and gradle/ folders, and scripts the
    app's build file applies (apply from:). Other modules' build files are not among them."""
    root = module
    while root and not any(posixpath.join(root, n) in tree.files for n in ("settings.gradle", "settings.gradle.kts")):
        root = posixpath.dirname(root)
    prefix = root + "/" if root else ""
    exts = (".kt", ".kts", ".gradle", ".toml", ".properties")
    out = []
    for f in tree.files:
        if not f.startswith(prefix) or not f.endswith(exts) or find.is_test_path(f):
            continue
        rest = f[len(prefix):]
        top = rest.split("/")[0]
        if "/" not in rest or top in ("buildSrc", "gradle") or re.search(r"(?i)logic|convention|plugins", top):
            out.append(f)
    for m in re.finditer(r"apply\s*\(?\s*from\s*[:=]\s*[\"']([^\"']+)[\"']", tree.read(build) or ""):
        p = posixpath.normpath(posixpath.join(module, m.group(1).replace("$rootDir/", "../" * (module.count("/") + 1) if module else "")))
        if p in tree.files and p not in out:
            out.append(p)
    return out


NOISE = {"libs", "versions", "get", "toInt", "rootProject", "ext", "extra", "project", "property", "as", "Int",
         "toString", "integer", "release", "getProperty", "findProperty", "providers", "gradleProperty", "orNull",
         "version", "it", "val", "const", "String"}


def _follow(tree, logic, expr, depth):
    """Follows an expression's names (identifiers and quoted keys) to the definition holding a number, lowers it."""
    if depth > 3:
        return None
    names = re.findall(r"\"([A-Za-z_][A-Za-z0-9_.-]*)\"", expr) + \
        re.findall(r"[A-Za-z_][A-Za-z0-9_]*", re.sub(r"\"[^\"]*\"", "", expr))
    names = [n for n in names if n not in NOISE]
    props = [f for f in tree.files if f.endswith(".properties") and not find.is_test_path(f)]
    files = sorted(set(logic) | set(props), key=lambda f: (not f.endswith(".toml"), not f.endswith(".properties"), f))
    for name in reversed(names):
        variants = {name, name.replace("_", "-"), re.sub(r"([a-z])([A-Z])", r"\1-\2", name).lower()}
        name_rx = "|".join(re.escape(v) for v in variants)
        for f in files:
            if _lower_number_in(tree, f, name_rx):
                return Seeded(f, f"{name} lowered to 33 in {f}", posixpath.basename(f))
        # A definition whose value is another expression: follow it.
        for f in files:
            d = re.search(r"(?m)^\s*(?:const\s+val\s+|val\s+|var\s+|def\s+)(?:" + name_rx + r")\b[^=\n]*=\s*([^\n]+)",
                          tree.read(f) or "")
            if d:
                hit = _follow(tree, logic, d.group(1), depth + 1)
                if hit:
                    return hit
    return None


def _lower_number_in(tree, f, name_rx):
    text = tree.read(f) or ""
    rx = re.compile(r"(?m)^(\s*(?:const\s+val\s+|val\s+|var\s+|def\s+|ext\.|set\(\s*)?[\"']?(?:" + name_rx +
                    r")[\"']?\s*(?::\s*Int\s*)?(?:=|:|,)\s*\"?)(\d{2})(\"?)")
    m = rx.search(text)
    if not m:
        return None
    tree.write(f, text[:m.start(2)] + "33" + text[m.end(2):])
    return f


@defect("target-sdk-at-source", "play", "platform-requirements", "platform-requirements.play-target-sdk", TARGET,
        "targetSdk lowered to 33 where the build resolves it from (version catalog, ext/extra, const val in "
        "buildSrc/build-logic, gradle.properties, convention plugin)", scope="project")
def target_source(tree):
    module, build, text, m = _module_target(tree)
    rhs = m.group(2).strip() if m else None
    if rhs and rhs.isdigit():
        raise NoTarget("the module sets a literal (target-sdk-module seeds that)")
    if rhs and "flutter." in rhs:
        raise NoTarget("Flutter SDK default (flutter.targetSdkVersion): not in the repository")
    logic = _build_logic(tree, module, build)
    if rhs:
        if rhs.startswith("{"):  # AGP's targetSdk { version = release(...) } block
            block = re.search(r"version\s*=\s*([^\n]+)", text[m.end(2):m.end(2) + 300])
            rhs = block.group(1) if block else rhs
        hit = _follow(tree, logic, rhs, 0)
        if hit:
            return hit
        raise NoTarget(f"could not follow {rhs[:60]} to a number")
    # No targetSdk in the module: a convention plugin or shared script sets it.
    for f in sorted(logic):
        text2 = tree.read(f) or ""
        m2 = TARGET_LINE.search(text2)
        if m2:
            val = m2.group(2).strip()
            if val.isdigit():
                tree.write(f, text2[:m2.start(2)] + "33" + text2[m2.end(2):])
                return Seeded(f, f"targetSdk = 33 in {f}", "convention " + posixpath.basename(f))
            hit = _follow(tree, logic, val, 0)
            if hit:
                hit.shape = "convention -> " + hit.shape
                return hit
    raise NoTarget("no targetSdk found in the build logic")


@defect("billing-downgraded", "play", "play-publishing", "play-publishing.billing-library-version",
        "https://developer.android.com/google/play/billing/deprecation-faq",
        "Play Billing Library pinned to 5.2.1 (past its deadline)", scope="project")
def billing(tree):
    _play_app(tree)
    # The deadlines move (Billing 7's ended on 2026-11-01): what the original already reports is not seeded again.
    if tree.flagged(("play-publishing.billing-library-version",)):
        raise NoTarget("the original's Play Billing version is already reported past its deadline")
    for f in tree.files:
        if not f.endswith((".gradle", ".kts", ".toml")) or find.is_test_path(f):
            continue
        text = tree.read(f) or ""
        m = re.search(r"(com\.android\.billingclient:billing(?:-ktx)?:)([0-9][^\"'\s]*)", text)
        if m and int(re.match(r"\d+", m.group(2)).group(0)) < 7:
            raise NoTarget(f"billing is already {m.group(2)} in {f}: the original is past the deadline")
        if m:
            tree.write(f, text[:m.start(2)] + "5.2.1" + text[m.end(2):])
            return Seeded(f, f"billing pinned to 5.2.1 in {f}", "coordinate")
        if f.endswith(".toml") and "billingclient" in text:
            ref = re.search(r'module\s*=\s*"com\.android\.billingclient:billing(?:-ktx)?"[^}\n]*version\.ref\s*=\s*"([^"]+)"', text)
            if ref:
                vm = re.search(r'(?m)^(' + re.escape(ref.group(1)) + r'\s*=\s*")([^"]+)"', text)
                if vm and vm.group(2)[:1].isdigit() and int(re.match(r"\d+", vm.group(2)).group(0)) < 7:
                    raise NoTarget(f"billing is already {vm.group(2)} in {f}: the original is past the deadline")
                if vm:
                    tree.write(f, text[:vm.start(2)] + "5.2.1" + text[vm.end(2):])
                    return Seeded(f, f"{ref.group(1)} = 5.2.1 in {f}", "catalog")
    raise NoTarget("no Play Billing dependency")


@defect("data-safety-deletion-url-dropped", "play", "data-safety", ("data-safety.deletion-urls",
                                                                     "account-deletion.play-web-link"),
        "https://support.google.com/googleplay/android-developer/answer/13327111",
        "the account-deletion URL emptied in the committed Data safety CSV export while account creation is declared")
def data_safety(tree):
    csvs = [f for f in tree.files if re.search(r"(?i)(data[-_]?safety)[^/]*\.csv$", posixpath.basename(f))]
    for f in csvs:
        text = tree.read(f) or ""
        new, n = re.subn(r"(?m)^(PSL_ACCOUNT_DELETION_URL,[^,]*,)([^,]+)(,)", r"\1\3", text)
        if n and "PSL_SUPPORTED_ACCOUNT_CREATION_METHODS" in text:
            tree.write(f, new)
            return Seeded(f, f"PSL_ACCOUNT_DELETION_URL emptied in {f}")
    raise NoTarget("no Data safety CSV with an account-deletion URL")


CLASSES = [exported, manifest_debuggable, gradle_debuggable, fgs_type, fgs_perm, sms, all_files, query_all, install,
           photos, exact, signup_android, target_module, target_source, billing, data_safety]


# Expected manual items (docs/severity.md: what only Play Console knows). Tallied apart from the error/warning recall
# (outcome="manual"): the catch is the item among the copy's manual items, absent from the original's.
VPN_POLICY = "https://support.google.com/googleplay/android-developer/answer/12564964"
APP_ACCESS = "https://support.google.com/googleplay/android-developer/answer/15748846"
PAGES_16KB = "https://developer.android.com/guide/practices/page-sizes"


def _manual_absent(tree, rule):
    if rule in tree.before_manual:
        raise NoTarget(f"the original already asks for {rule}")


def _app_package(tree, build):
    text = tree.read(build) or ""
    m = re.search(r"""(?:namespace|applicationId)\s*=?\s*["']([a-zA-Z0-9_.]+)["']""", text)
    return m.group(1) if m else "org.example.app"


@defect("vpn-service-declared", "play", "play-permissions", "play-permissions.confirm-vpn-service-declaration",
        VPN_POLICY, "a VpnService (BIND_VPN_SERVICE, its class from a library) declared in the app's manifest: Play's "
        "VpnService declaration is a console form, so a manual item", outcome="manual")
def vpn_declared(tree):
    _manual_absent(tree, "play-permissions.confirm-vpn-service-declaration")
    module, build, manifest = _manifest(tree)
    if not manifest or "BIND_VPN_SERVICE" in (tree.read(manifest) or ""):
        raise NoTarget("no main manifest, or it already declares a VpnService")
    service = ('        <service android:name="de.blinkt.openvpn.core.OpenVPNService"\n'
               '            android:permission="android.permission.BIND_VPN_SERVICE"\n'
               '            android:exported="false">\n'
               '            <intent-filter>\n'
               '                <action android:name="android.net.VpnService" />\n'
               '            </intent-filter>\n'
               '        </service>')
    new = _insert_in_application(tree.read(manifest) or "", service)
    if new is None:
        raise NoTarget(f"{manifest} has no <application> element to hold a service")
    tree.write(manifest, new)
    return Seeded(manifest, f"a library's VpnService declared in {manifest}")


@defect("browser-login-demo-account", "play", "demo-account", "demo-account.play-app-access", APP_ACCESS,
        "an OAuth login in a Custom Tab added on a login screen of an app without one: Play's App access credentials "
        "(a console section) become a manual item", outcome="manual")
def browser_login(tree):
    _manual_absent(tree, "demo-account.play-app-access")
    module, build, _manifest_path = _manifest(tree)
    package = _app_package(tree, build)
    src = posixpath.join(module, "src/main/java") if module else "src/main/java"
    path = posixpath.join(src, *package.split("."), "auth", "LoginActivity.kt")
    if path in tree.files:
        raise NoTarget(f"{path} exists")
    tree.write(path, f"""package {package}.auth

import android.app.Activity
import android.net.Uri
import androidx.browser.customtabs.CustomTabsIntent

/** Signs in with the account server's OAuth page in a Custom Tab; the redirect comes back to the app. */
class LoginActivity : Activity() {{
    fun signIn(server: String) {{
        val uri = Uri.parse("https://$server/oauth/authorize?response_type=code&client_id=app")
        CustomTabsIntent.Builder().build().launchUrl(this, uri)
    }}
}}
""")
    return Seeded(path, f"OAuth in a Custom Tab from {path}")


@defect("flutter-native-plugin-16kb", "play", "play-publishing", "play-publishing.confirm-16kb-native-build",
        PAGES_16KB, "a Flutter plugin that bundles Android native libraries (sqlite3_flutter_libs) added to a Flutter "
        "app without native code: the 16 KB confirmation is a manual item", outcome="manual", scope="project")
def flutter_native_16kb(tree):
    _manual_absent(tree, "play-publishing.confirm-16kb-native-build")
    if not find.is_flutter(tree):
        raise NoTarget("not a Flutter app")
    text = tree.read("pubspec.yaml") or ""
    if "sqlite3_flutter_libs" in text:
        raise NoTarget("sqlite3_flutter_libs already a dependency")
    m = re.search(r"(?m)^dependencies:[ \t]*\n", text)
    if not m:
        raise NoTarget("pubspec.yaml has no dependencies block")
    tree.write("pubspec.yaml", text[:m.end()] + "  sqlite3_flutter_libs: ^0.5.32\n" + text[m.end():])
    changed = ["pubspec.yaml"]
    lock = tree.read("pubspec.lock")
    if lock and re.search(r"(?m)^packages:\s*\n", lock):
        entry = ('  sqlite3_flutter_libs:\n    dependency: "direct main"\n    description:\n'
                 '      name: sqlite3_flutter_libs\n      sha256: "0000000000000000000000000000000000000000000000000000000000000000"\n'
                 '      url: "https://pub.dev"\n    source: hosted\n    version: "0.5.32"\n')
        lm = re.search(r"(?m)^packages:\s*\n", lock)
        tree.write("pubspec.lock", lock[:lm.end()] + entry + lock[lm.end():])
        changed.append("pubspec.lock")
    return Seeded(changed, "sqlite3_flutter_libs added to pubspec.yaml" + (" and pubspec.lock" if len(changed) > 1 else ""))


@defect("cargo-ndk-16kb", "play", "play-publishing", "play-publishing.confirm-16kb-native-build", PAGES_16KB,
        "a Rust core built by `cargo ndk` from the app module's Gradle script (NDK default, no 16 KB flag): native "
        "code, so the 16 KB confirmation is a manual item", outcome="manual", scope="project")
def cargo_ndk_16kb(tree):
    _manual_absent(tree, "play-publishing.confirm-16kb-native-build")
    module, build = _play_app(tree)
    text = tree.read(build) or ""
    if build.endswith(".kts"):
        task = ('\n// The Rust core, built for each ABI into jniLibs before the app is packaged.\n'
                'val buildRust by tasks.registering(Exec::class) {\n'
                '    workingDir = rootProject.file("core")\n'
                '    commandLine("cargo", "ndk", "-t", "arm64-v8a", "-t", "x86_64", "-o", "../app/src/main/jniLibs", "build", "--release")\n'
                '}\n')
    else:
        task = ('\n// The Rust core, built for each ABI into jniLibs before the app is packaged.\n'
                'tasks.register("buildRust", Exec) {\n'
                '    workingDir rootProject.file("core")\n'
                '    commandLine "cargo", "ndk", "-t", "arm64-v8a", "-t", "x86_64", "-o", "../app/src/main/jniLibs", "build", "--release"\n'
                '}\n')
    tree.write(build, text + task)
    return Seeded(build, f"a cargo ndk Exec task appended to {build}")


background_location = _permission_class(
    "restricted-permission-background-location-in-library", "ACCESS_BACKGROUND_LOCATION",
    "play-permissions.background-location", "https://support.google.com/googleplay/android-developer/answer/9799150",
    "ACCESS_BACKGROUND_LOCATION added to a library module the app merges (Play rejects it without an approved "
    "declaration: a warning naming the declaration)", where="library")
full_screen_intent = _permission_class(
    "restricted-permission-full-screen-intent-in-library", "USE_FULL_SCREEN_INTENT",
    "play-permissions.full-screen-intent", "https://support.google.com/googleplay/android-developer/answer/13392821",
    "USE_FULL_SCREEN_INTENT added to a library module the app merges (the Full-screen intent declaration)",
    where="library")

CLASSES += [vpn_declared, browser_login, flutter_native_16kb, cargo_ndk_16kb, background_location, full_screen_intent]
