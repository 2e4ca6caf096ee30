#!/usr/bin/env python3
"""Regenerates the archive fixtures in this folder (the bytes are committed; tests never run this).

Needs the Swift toolchain's clang and plutil and Python's zipfile only:
  - Mach-O: `clang -target arm64-apple-ios17.0 -ffreestanding -nostdinc -c` compiles src/*.c into real arm64
    iOS objects (LC_SYMTAB imports, LC_BUILD_VERSION ios 17.0). ld64.lld cannot link for Apple platforms here,
    so the header's file type is set to MH_EXECUTE (app) or MH_DYLIB (framework) below; a linked binary keeps
    its imports as undefined LC_SYMTAB symbols too, which is what shipcheck reads.
  - ELF: `clang --target=aarch64-linux-android ... -Wl,-z,max-page-size=4096|16384` (PT_LOAD alignment).
  - Info.plist: XML written here, converted to binary with `plutil -convert binary1` (as Xcode ships them).
Run from anywhere: python3 Tests/Fixtures/archive/make-fixtures.py
"""
import os, shutil, struct, subprocess, tempfile, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "src")
TMP = tempfile.mkdtemp()
MH_EXECUTE, MH_DYLIB = 2, 6


def macho(source, filetype, sdk=None):
    out = os.path.join(TMP, os.path.basename(source) + ".o")
    subprocess.run(["clang", "-target", "arm64-apple-ios17.0", "-ffreestanding", "-nostdinc", "-c", os.path.join(SRC, source), "-o", out], check=True)
    data = bytearray(open(out, "rb").read())
    assert struct.unpack_from("<I", data, 0)[0] == 0xFEEDFACF
    struct.pack_into("<I", data, 12, filetype)
    if sdk is not None:  # LC_BUILD_VERSION's sdk field (clang leaves it 0: "n/a")
        ncmds, = struct.unpack_from("<I", data, 16)
        off = 32
        for _ in range(ncmds):
            cmd, size = struct.unpack_from("<II", data, off)
            if cmd == 0x32:
                major, minor = sdk
                struct.pack_into("<I", data, off + 16, major << 16 | minor << 8)
            off += size
    return bytes(data)


def elf(page_size):
    out = os.path.join(TMP, f"native-{page_size}.so")
    subprocess.run(["clang", "--target=aarch64-linux-android", "-ffreestanding", "-nostdinc", "-fPIC", "-shared", "-nostdlib",
                    "-fuse-ld=lld", f"-Wl,-z,max-page-size={page_size}", os.path.join(SRC, "native.c"), "-o", out], check=True)
    return open(out, "rb").read()


def plist_xml(pairs):
    body = []
    for key, value in pairs:
        body.append(f"\t<key>{key}</key>")
        if isinstance(value, list):
            body.append("\t<array>")
            for item in value:
                body.append("\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>NSPrivacyAccessedAPICategory"
                            f"{item[0]}</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array><string>{item[1]}</string></array>\n\t\t</dict>")
            body.append("\t</array>")
        elif isinstance(value, bool):
            body.append("\t<true/>" if value else "\t<false/>")
        else:
            body.append(f"\t<string>{value}</string>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n' + "\n".join(body) + "\n</dict>\n</plist>\n").encode()


def binary_plist(pairs):
    path = os.path.join(TMP, "Info.plist")
    open(path, "wb").write(plist_xml(pairs))
    subprocess.run(["plutil", "-convert", "binary1", path], check=True)
    return open(path, "rb").read()


def manifest(categories):
    return plist_xml([("NSPrivacyTracking", False), ("NSPrivacyAccessedAPITypes", categories)])


def write_zip(name, files, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(os.path.join(HERE, name), "w", method) as z:
        for entry, data in files:
            info = zipfile.ZipInfo(entry, date_time=(2026, 12, 1, 0, 0, 0))  # fixed time: reproducible bytes
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def ios_app(xcode, sdk_name, app_categories, sdk_version, sdk_categories):
    app = "Payload/App.app/"
    fw = app + "Frameworks/Alamofire.framework/"
    files = [
        (app + "Info.plist", binary_plist([("CFBundleExecutable", "App"), ("CFBundleIdentifier", "com.example.app"),
                                           ("CFBundleShortVersionString", "1.0"), ("DTXcode", xcode), ("DTSDKName", sdk_name),
                                           ("DTPlatformVersion", sdk_name.replace("iphoneos", "")), ("MinimumOSVersion", "17.0")])),
        (app + "App", macho("app.c", MH_EXECUTE, sdk=(26, 0) if xcode >= "2600" else (18, 2))),
        (fw + "Info.plist", binary_plist([("CFBundleExecutable", "Alamofire"), ("CFBundleIdentifier", "org.alamofire.Alamofire"),
                                          ("CFBundleShortVersionString", sdk_version)])),
        (fw + "Alamofire", macho("sdk.c", MH_DYLIB)),
    ]
    if app_categories is not None:
        files.append((app + "PrivacyInfo.xcprivacy", manifest(app_categories)))
    if sdk_categories is not None:
        files.append((fw + "PrivacyInfo.xcprivacy", manifest(sdk_categories)))
    return files


def main():
    # Trigger: the app's binary calls stat() with only UserDefaults declared; Alamofire 5.8.0 has no manifest;
    # built with Xcode 16.2 and the iOS 18.2 SDK.
    trigger = ios_app("1620", "iphoneos18.2", [("UserDefaults", "CA92.1")], "5.8.0", None)
    write_zip("ios-trigger.ipa", trigger)
    # Pass: every category declared in each bundle's own manifest, Alamofire 5.9.1 with its manifest, Xcode 26.
    passing = ios_app("2600", "iphoneos26.0", [("UserDefaults", "CA92.1"), ("FileTimestamp", "C617.1")], "5.9.1",
                      [("SystemBootTime", "35F9.1")])
    write_zip("ios-pass.ipa", passing)
    # The same trigger app as an unpacked .xcarchive folder.
    folder = os.path.join(HERE, "ios-trigger.xcarchive")
    shutil.rmtree(folder, ignore_errors=True)
    for entry, data in trigger:
        path = os.path.join(folder, "Products/Applications", entry[len("Payload/"):])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "wb").write(data)

    lib4k, lib16k = elf(4096), elf(16384)
    manifest_stub = b"\x03\x00\x08\x00"  # not read yet: only its presence marks the bundle
    write_zip("android-4kb.aab", [("base/manifest/AndroidManifest.xml", manifest_stub), ("base/lib/arm64-v8a/libnative.so", lib4k),
                                  ("base/lib/x86_64/libnative.so", lib16k), ("base/lib/armeabi-v7a/libnative.so", lib4k)])
    write_zip("android-16kb.aab", [("base/manifest/AndroidManifest.xml", manifest_stub), ("base/lib/arm64-v8a/libnative.so", lib16k),
                                   ("base/lib/x86_64/libnative.so", lib16k)])
    # APKs store native libraries uncompressed (page-aligned for mmap).
    write_zip("android-4kb.apk", [("AndroidManifest.xml", manifest_stub), ("lib/arm64-v8a/libnative.so", lib4k)], zipfile.ZIP_STORED)

    # Hostile archives.
    write_zip("hostile-bomb.zip", [("Payload/App.app/App", b"\0" * (64 << 20))])  # 64 MB of zeros in ~64 KB
    write_zip("hostile-traversal.ipa", [("Payload/App.app/Info.plist", b"x"), ("../../evil.sh", b"#!/bin/sh\n")])
    # Two names over one deflate stream (overlapping entries).
    write_zip("hostile-overlap.ipa", [("Payload/App.app/A", b"A" * 1000)])
    data = bytearray(open(os.path.join(HERE, "hostile-overlap.ipa"), "rb").read())
    eocd = data.rfind(b"PK\x05\x06")
    cd_offset, = struct.unpack_from("<I", data, eocd + 16)
    record = data[cd_offset:eocd]
    twin = bytearray(record)
    twin[46:46 + len("Payload/App.app/A")] = b"Payload/App.app/B"
    out = data[:cd_offset] + record + twin
    end = bytearray(data[eocd:])
    struct.pack_into("<HHI", end, 8, 2, 2, len(record) * 2)
    open(os.path.join(HERE, "hostile-overlap.ipa"), "wb").write(bytes(out + end))
    # A Mach-O whose load commands are cut off, in an otherwise valid .ipa.
    app = macho("app.c", MH_EXECUTE)
    write_zip("hostile-truncated-macho.ipa", [("Payload/App.app/App", app[:60])])
    open(os.path.join(HERE, "app-executable.macho"), "wb").write(app)
    open(os.path.join(HERE, "libnative-4kb.so"), "wb").write(lib4k)
    shutil.rmtree(TMP)


if __name__ == "__main__":
    main()
