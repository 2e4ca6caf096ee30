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


ANDROID_NS = "http://schemas.android.com/apk/res/android"
ATTR_IDS = {"name": 0x01010003, "minSdkVersion": 0x0101020C, "targetSdkVersion": 0x01010270, "versionCode": 0x0101021B}


def binary_xml(root):
    """Android binary XML (what aapt2 writes into an .apk): a UTF-16 string pool whose first strings are the
    android: attribute names (so that the resource map names them), the resource map, then start and end
    element chunks. `root` is (name, {attribute: str or int}, [children])."""
    strings = []
    def index(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)
    def walk(node):
        name, attrs, children = node
        for key in attrs:
            if key in ATTR_IDS:
                index(key)
        for child in children:
            walk(child)
    walk(root)
    mapped = list(strings)  # the attribute names, in resource-map order
    chunks = []
    def element(node, line):
        name, attrs, children = node
        body = b""
        for key, value in attrs.items():
            ns = index(ANDROID_NS) if key in ATTR_IDS else 0xFFFFFFFF
            if isinstance(value, int):
                body += struct.pack("<IIIHBBI", ns, index(key), 0xFFFFFFFF, 8, 0, 0x10, value)
            else:
                v = index(value)
                body += struct.pack("<IIIHBBI", ns, index(key), v, 8, 0, 0x03, v)
        ext = struct.pack("<IIHHHHHH", 0xFFFFFFFF, index(name), 20, 20, len(attrs), 0, 0, 0)
        chunks.append(struct.pack("<HHIII", 0x0102, 16, 16 + len(ext) + len(body), line, 0xFFFFFFFF) + ext + body)
        for child in children:
            element(child, line + 1)
        chunks.append(struct.pack("<HHIIIII", 0x0103, 16, 24, line, 0xFFFFFFFF, 0xFFFFFFFF, index(name)))
    element(root, 1)
    data = b""
    offsets = []
    for text in strings:
        offsets.append(len(data))
        encoded = text.encode("utf-16-le")
        data += struct.pack("<H", len(text)) + encoded + b"\0\0"
    data += b"\0" * (-len(data) % 4)
    header_size = 28
    pool = struct.pack("<HHIIIIII", 0x0001, header_size, header_size + 4 * len(strings) + len(data), len(strings), 0, 0,
                       header_size + 4 * len(strings), 0) + b"".join(struct.pack("<I", o) for o in offsets) + data
    resource_map = struct.pack("<HHI", 0x0180, 8, 8 + 4 * len(mapped)) + b"".join(struct.pack("<I", ATTR_IDS[n]) for n in mapped)
    body = pool + resource_map + b"".join(chunks)
    return struct.pack("<HHI", 0x0003, 8, 8 + len(body)) + body


def proto_xml(root):
    """aapt2's XmlNode protobuf (the manifest of an .aab), from frameworks/base/tools/aapt2/Resources.proto:
    XmlNode{element=1}, XmlElement{name=3, attribute=4, child=5}, XmlAttribute{namespace_uri=1, name=2,
    value=3, resource_id=5, compiled_item=6}, Item{prim=7}, Primitive{int_decimal_value=6}."""
    def varint(n):
        out = b""
        while True:
            byte = n & 0x7F
            n >>= 7
            if n:
                out += bytes([byte | 0x80])
            else:
                return out + bytes([byte])
    def field(number, payload):
        return varint(number << 3 | 2) + varint(len(payload)) + payload
    def number_field(number, value):
        return varint(number << 3) + varint(value)
    def element(node):
        name, attrs, children = node
        body = field(3, name.encode())
        for key, value in attrs.items():
            attr = b""
            if key in ATTR_IDS:
                attr += field(1, ANDROID_NS.encode())
            attr += field(2, key.encode()) + field(3, str(value).encode())
            if key in ATTR_IDS:
                attr += number_field(5, ATTR_IDS[key])
            if isinstance(value, int):
                attr += field(6, field(7, number_field(6, value)))
            body += field(4, attr)
        for child in children:
            body += field(5, field(1, element(child)))
        return body
    return field(1, element(root))


def android_manifest(target_sdk, permissions=(), package="com.example.app"):
    children = [("uses-sdk", {"minSdkVersion": 24, "targetSdkVersion": target_sdk}, [])]
    children += [("uses-permission", {"name": p}, []) for p in permissions]
    return ("manifest", {"package": package, "versionCode": 42}, children)


def feature_manifest(permissions):
    return ("manifest", {"package": "com.example.app"}, [("uses-permission", {"name": p}, []) for p in permissions])


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
    base = proto_xml(android_manifest(36, ["android.permission.INTERNET"]))
    write_zip("android-4kb.aab", [("base/manifest/AndroidManifest.xml", base), ("base/lib/arm64-v8a/libnative.so", lib4k),
                                  ("base/lib/x86_64/libnative.so", lib16k), ("base/lib/armeabi-v7a/libnative.so", lib4k)])
    write_zip("android-16kb.aab", [("base/manifest/AndroidManifest.xml", base), ("base/lib/arm64-v8a/libnative.so", lib16k),
                                   ("base/lib/x86_64/libnative.so", lib16k)])
    # A feature module adds MANAGE_EXTERNAL_STORAGE; the base targets API 34.
    write_zip("android-feature.aab", [("base/manifest/AndroidManifest.xml", proto_xml(android_manifest(34, ["android.permission.INTERNET"]))),
                                      ("scanner/manifest/AndroidManifest.xml", proto_xml(feature_manifest(["android.permission.MANAGE_EXTERNAL_STORAGE"])))])
    # APKs store native libraries uncompressed (page-aligned for mmap); their manifest is binary XML.
    write_zip("android-4kb.apk", [("AndroidManifest.xml", binary_xml(android_manifest(36, ["android.permission.CAMERA"]))),
                                  ("lib/arm64-v8a/libnative.so", lib4k)], zipfile.ZIP_STORED)

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
