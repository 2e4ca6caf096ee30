"""Controls: harmless commits that must stay silent (no new error or warning)."""
import posixpath
import re

from .base import NoTarget, Seeded, defect
from . import find
from .text import grow


def control(name, title, prepare=None):
    return defect(name, "any", "-", (), "-", title, control=True, prepare=prepare)


@control("control-source-comment", "a comment line added at the top of an app source (Swift, else Kotlin/Java)")
def comment(tree):
    srcs = find.ios_sources(tree, (".swift",))
    if not srcs:
        try:
            module, _ = find.app_module(tree)
        except NoTarget:
            raise NoTarget("no app source")
        srcs = [f for f in tree.files if f.startswith(module + "/src/main/") and f.endswith((".kt", ".java"))]
    if not srcs:
        raise NoTarget("no app source")
    f = sorted(srcs, key=lambda f: (f.count("/"), f))[0]
    tree.write(f, "// Reviewed for the release checklist.\n" + (tree.read(f) or ""))
    return Seeded(f, f"comment added to {f}")


@control("control-manifest-comment", "an XML comment added inside the app module's <application>")
def manifest_comment(tree):
    module, _ = find.app_module(tree)
    mf = find.main_manifest(tree, module)
    text = tree.read(mf) or ""
    m = re.search(r"<application\b[^>]*?>", text, re.S)
    if not m or m.group(0).endswith("/>"):
        raise NoTarget("no <application> element")
    tree.write(mf, text[:m.end()] + "\n        <!-- Components are listed by feature. -->" + text[m.end():])
    return Seeded(mf, f"comment in {mf}")


@control("control-test-manifest", "an androidTest and a debug manifest with READ_SMS, MANAGE_EXTERNAL_STORAGE and "
                                  "debuggable (neither is merged into the release build)")
def test_manifest(tree):
    module, _ = find.app_module(tree)
    body = ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n'
            '    <uses-permission android:name="android.permission.READ_SMS" />\n'
            '    <uses-permission android:name="android.permission.MANAGE_EXTERNAL_STORAGE" />\n'
            '    <application android:debuggable="true" />\n</manifest>\n')
    written = []
    for sub in ("src/androidTest/AndroidManifest.xml", "src/debug/AndroidManifest.xml"):
        f = posixpath.join(module, sub)
        if f in tree.files:
            continue
        tree.write(f, body)
        written.append(f)
    if not written:
        raise NoTarget("both already exist")
    return Seeded(written, f"test/debug manifests {', '.join(written)}")


@control("control-old-changelog", "a 600-character changelog for an older versionCode in supply's tree")
def old_changelog(tree):
    from .classes_metadata import _supply
    meta, _ = _supply(tree)
    module, build = find.app_module(tree)
    vc = find.version_code(tree, build)
    if vc is None or vc < 3:
        raise NoTarget("versionCode not resolvable")
    folders = find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs",))
    loc = find.pick_locale(folders)
    old = vc - 2
    f = posixpath.join(meta, loc, "changelogs", f"{old}.txt")
    if f in tree.files:
        raise NoTarget("that changelog exists")
    tree.write(f, grow("", 500, extra=100))
    return Seeded(f, f"600-character changelog for old versionCode {old}")


@control("control-unused-folder", "store texts over every limit in a drafts folder nothing uploads "
                                  "(docs/store-drafts/<locale>/)")
def unused(tree):
    base = "docs/store-drafts"
    if any(f.startswith(base + "/") for f in tree.files):
        raise NoTarget("exists")
    long = grow("", 60)
    for loc in ("en-US", "de"):
        tree.write(f"{base}/{loc}/title.txt", long)
        tree.write(f"{base}/{loc}/name.txt", long)
        tree.write(f"{base}/{loc}/short_description.txt", grow("", 120))
    return Seeded(base, "drafts folder with over-long texts")


@control("control-test-source", "UIWebView and an IDFA read in a unit-test source (tests do not ship)")
def test_source(tree):
    tests = [f for f in tree.files if f.endswith(".swift") and re.search(r"(^|/)[A-Za-z]*Tests/", f)]
    if not tests:
        raise NoTarget("no Swift test folder")
    folder = posixpath.dirname(sorted(tests, key=lambda f: (f.count("/"), f))[0])
    f = posixpath.join(folder, "LegacyWebViewTests.swift")
    tree.write(f, "import XCTest\nimport UIKit\nimport AdSupport\n\nfinal class LegacyWebViewTests: XCTestCase {\n"
                  "    func testLegacy() {\n        _ = UIWebView()\n"
                  "        _ = ASIdentifierManager.shared().advertisingIdentifier\n    }\n}\n")
    return Seeded(f, f"test source {f}")


CLASSES = [comment, manifest_comment, test_manifest, old_changelog, unused, test_source]
