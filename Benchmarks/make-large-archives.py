#!/usr/bin/env python3
"""Writes a ~200 MB .ipa and a ~200 MB .aab padded with incompressible bytes, for measuring `shipcheck
archive` against `unzip -tq` (time and peak memory): see Benchmarks/archive-bench.sh and the README.

  python3 Benchmarks/make-large-archives.py OUTDIR [MEGABYTES]

The .ipa's app binary is a real arm64 iOS Mach-O (clang, as Tests/Fixtures/archive) with its symbol and
string tables moved after ~150 MB of random bytes (where a large binary's __LINKEDIT is) and a code
signature at its end, plus a framework and random asset files. The .aab's arm64 library is a real
Android ELF (clang, 4 KB aligned) followed by ~120 MB of random bytes, plus a 16 KB x86_64 library and
random assets. Needs the Swift toolchain's clang and plutil (as the fixture generators do).
"""
import importlib.util, os, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "Fixtures", "archive")


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(FIXTURES, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(path, files):
    # Level 1: random bytes do not compress at any level; deflate stores them in stored blocks.
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for entry, data in files:
            info = zipfile.ZipInfo(entry, date_time=(2026, 12, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    total = int(sys.argv[2]) << 20 if len(sys.argv) > 2 else 200 << 20
    os.makedirs(out, exist_ok=True)
    base = load("make_fixtures", "make-fixtures.py")
    rules = load("make_rule_fixtures", "make-rule-fixtures.py")
    binary_size = total * 3 // 4
    app = "Payload/App.app/"
    binary = rules.signed(base.macho("app.c", base.MH_EXECUTE, sdk=(26, 0)), {"aps-environment": "production"},
                          padding=binary_size, filler=os.urandom)
    files = [(app + "Info.plist", rules.binary_plist({"CFBundleExecutable": "App", "CFBundleIdentifier": "com.example.big",
                                                      "DTXcode": "2600", "DTSDKName": "iphoneos26.0", "MinimumOSVersion": "17.0"})),
             (app + "App", binary),
             (app + "Frameworks/SDK.framework/Info.plist", rules.binary_plist({"CFBundleExecutable": "SDK"})),
             (app + "Frameworks/SDK.framework/SDK", rules.signed(base.macho("sdk.c", base.MH_DYLIB), {}, padding=4 << 20, filler=os.urandom))]
    rest = total - binary_size - (4 << 20)
    for i in range(max(1, rest // (2 << 20))):
        files.append((app + f"Assets/blob{i:03}.bin", os.urandom(2 << 20)))
    write(os.path.join(out, "large.ipa"), files)

    lib = base.elf(4096)
    lib16 = base.elf(16384)
    manifest = base.proto_xml(base.android_manifest(36, ["android.permission.INTERNET"]))
    files = [("base/manifest/AndroidManifest.xml", manifest),
             ("base/lib/arm64-v8a/libbig.so", lib + os.urandom(total * 3 // 5)),
             ("base/lib/x86_64/libbig.so", lib16 + os.urandom(8 << 20))]
    rest = total - total * 3 // 5 - (8 << 20)
    for i in range(max(1, rest // (2 << 20))):
        files.append((f"base/assets/blob{i:03}.bin", os.urandom(2 << 20)))
    write(os.path.join(out, "large.aab"), files)
    base.shutil.rmtree(base.TMP, ignore_errors=True)


if __name__ == "__main__":
    main()
