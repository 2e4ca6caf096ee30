#!/usr/bin/env python3
"""Regenerates the second set of archive fixtures (the bytes are committed; tests never run this): built
archives for the iOS rules read from the binary and the built Info.plist (purpose strings, UIWebView,
entitlements, MinimumOSVersion, export compliance, ATS) and the Android rules read from the bundle (zip
alignment, 64-bit parity, META-INF versions, versionCode). Uses make-fixtures.py's helpers; needs the Swift
toolchain's clang and plutil. Run from anywhere: python3 Tests/Fixtures/archive/make-rule-fixtures.py
"""
import importlib.util, os, struct, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_fixtures", os.path.join(HERE, "make-fixtures.py"))
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)

LC_SYMTAB, LC_DYSYMTAB, LC_CODE_SIGNATURE, LC_LOAD_DYLIB = 0x2, 0xB, 0x1D, 0xC


def plist(value, indent=1):
    """XML plist for str, bool, int, list and dict values."""
    pad = "\t" * indent
    if isinstance(value, bool):
        return pad + ("<true/>" if value else "<false/>")
    if isinstance(value, int):
        return pad + f"<integer>{value}</integer>"
    if isinstance(value, str):
        return pad + f"<string>{value}</string>"
    if isinstance(value, list):
        return pad + "<array>\n" + "\n".join(plist(v, indent + 1) for v in value) + "\n" + pad + "</array>"
    body = "\n".join(f"{pad}\t<key>{k}</key>\n{plist(v, indent + 1)}" for k, v in value.items())
    return pad + "<dict>\n" + body + "\n" + pad + "</dict>"


def plist_document(value):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n' + plist(value, 0) + "\n</plist>\n").encode()


def binary_plist(value):
    path = os.path.join(base.TMP, "Info.plist")
    open(path, "wb").write(plist_document(value))
    base.subprocess.run(["plutil", "-convert", "binary1", path], check=True)
    return open(path, "rb").read()


def signed(data, entitlements, padding=0, dylib="/usr/lib/libobjc.A.dylib", filler=None):
    """The clang object turned into what a signed, linked binary looks like to shipcheck's reader:
    LC_DYSYMTAB (80 bytes, unused by the reader) replaced by LC_CODE_SIGNATURE (16) and LC_LOAD_DYLIB (64);
    with `padding`, the symbol and string tables moved after that many bytes (zeros, or `filler(n)`'s bytes) (as a large binary's
    __LINKEDIT sits at its end); the code signature (a SuperBlob with a placeholder CodeDirectory in slot 0
    and the entitlements XML in slot 5) appended at the end."""
    data = bytearray(data)
    ncmds, = struct.unpack_from("<I", data, 16)
    off, symtab, dysymtab = 32, None, None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        if cmd == LC_SYMTAB:
            symtab = off
        if cmd == LC_DYSYMTAB:
            dysymtab = off
        off += size
    assert symtab and dysymtab and struct.unpack_from("<I", data, dysymtab + 4)[0] == 80
    if padding:
        symoff, nsyms, stroff, strsize = struct.unpack_from("<IIII", data, symtab + 8)
        symbols, strings = bytes(data[symoff:symoff + nsyms * 16]), bytes(data[stroff:stroff + strsize])
        data += filler(padding) if filler else bytes(padding)
        data += b"\0" * (-len(data) % 8)
        new_symoff = len(data)
        data += symbols
        new_stroff = len(data)
        data += strings
        struct.pack_into("<IIII", data, symtab + 8, new_symoff, nsyms, new_stroff, strsize)
    data += b"\0" * (-len(data) % 16)
    xml = plist_document(entitlements)
    ent_blob = struct.pack(">II", 0xFADE7171, 8 + len(xml)) + xml
    cd_blob = struct.pack(">II", 0xFADE0C02, 8)
    header = 12 + 2 * 8
    superblob = struct.pack(">III", 0xFADE0CC0, header + len(cd_blob) + len(ent_blob), 2)
    superblob += struct.pack(">II", 0, header) + struct.pack(">II", 5, header + len(cd_blob)) + cd_blob + ent_blob
    signature_offset = len(data)
    data += superblob
    name = dylib.encode() + b"\0"
    commands = struct.pack("<IIII", LC_CODE_SIGNATURE, 16, signature_offset, len(superblob))
    dylib_cmd = struct.pack("<IIIIII", LC_LOAD_DYLIB, 64, 24, 2, 0x10000, 0x10000) + name
    assert len(dylib_cmd) <= 64
    commands += dylib_cmd + b"\0" * (64 - len(dylib_cmd))
    data[dysymtab:dysymtab + 80] = commands
    struct.pack_into("<I", data, 16, ncmds + 1)  # one command became two; sizeofcmds is unchanged
    return bytes(data)


def ios_rules_app(passing):
    app = "Payload/App.app/"
    fw = app + "Frameworks/GoogleSignIn.framework/"
    info = {"CFBundleExecutable": "App", "CFBundleIdentifier": "com.example.app", "CFBundleShortVersionString": "1.0",
            "DTXcode": "2600", "DTSDKName": "iphoneos26.0", "DTPlatformVersion": "26.0"}
    entitlements = {"application-identifier": "TEAM123456.com.example.app", "get-task-allow": False}
    if passing:
        info.update({"MinimumOSVersion": "17.0", "ITSAppUsesNonExemptEncryption": False,
                     "NSCameraUsageDescription": "Scans receipts with the camera to fill in the amount.",
                     "NSLocationWhenInUseUsageDescription": "Shows the shops near you on the map.",
                     "NSContactsUsageDescription": "Finds which of your contacts already use the app.",
                     "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": False}})
        entitlements.update({"aps-environment": "production", "com.apple.developer.applesignin": ["Default"]})
    else:
        # The binary says minos 17.0; the Info.plist claims 16.0.
        info.update({"MinimumOSVersion": "16.0", "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": True}})
        entitlements.update({"aps-environment": "development"})
    binary = signed(base.macho("app-sensitive.c", base.MH_EXECUTE, sdk=(26, 0)), entitlements, padding=900_000)
    sdk = base.macho("sdk-clean.c" if passing else "sdk-webview.c", base.MH_DYLIB)
    sdk_manifest = base.manifest([])
    return [
        (app + "Info.plist", binary_plist(info)),
        (app + "App", binary),
        (app + "PrivacyInfo.xcprivacy", base.manifest([])),
        (fw + "Info.plist", binary_plist({"CFBundleExecutable": "GoogleSignIn", "CFBundleIdentifier": "com.google.GoogleSignIn",
                                          "CFBundleShortVersionString": "8.0.0", "MinimumOSVersion": "17.0" if passing else "12.0"})),
        (fw + "GoogleSignIn", sdk),
        (fw + "PrivacyInfo.xcprivacy", sdk_manifest),
    ]


def write_apk(name, files, align=None):
    """An .apk, every entry stored; with `align`, each .so's data starts on that boundary of the file (an
    extra field of the right length, as zipalign -P 16 writes its 0xD935 field)."""
    with zipfile.ZipFile(os.path.join(HERE, name), "w", zipfile.ZIP_STORED) as z:
        for entry, data in files:
            info = zipfile.ZipInfo(entry, date_time=(2026, 12, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            if align and entry.endswith(".so"):
                start = z.fp.tell() + 30 + len(entry.encode())
                pad = (-(start + 6)) % align
                info.extra = struct.pack("<HHH", 0xD935, 2 + pad, align if align < 65536 else 0) + b"\0" * pad
            else:
                # Unaligned on purpose: a 2-byte field so that the data starts just past a 4-byte boundary.
                start = z.fp.tell() + 30 + len(entry.encode())
                pad = 2 if (start + 4 + 2) % 4096 == 0 else 0
                info.extra = struct.pack("<HH", 0xCAFE, pad) + b"\0" * pad
            z.writestr(info, data)


def android_rules_apk(passing):
    lib16 = base.elf(16384)
    manifest = base.binary_xml(base.android_manifest(36, ["android.permission.INTERNET"]))
    files = [("AndroidManifest.xml", manifest),
             ("META-INF/com.android.billingclient_billing.version", b"8.0.0\n" if passing else b"6.2.1\n"),
             ("META-INF/androidx.core_core.version", b"1.13.1\n"),
             ("lib/arm64-v8a/libnative.so", lib16),
             ("lib/armeabi-v7a/libnative.so", lib16)]
    # The 32-bit-only library of an AAR (its arm64 build missing): only the trigger has it.
    files.append(("lib/arm64-v8a/libextra.so" if passing else "lib/armeabi-v7a/libextra.so", lib16))
    if passing:
        files.append(("lib/armeabi-v7a/libextra.so", lib16))
    write_apk("android-rules-pass.apk" if passing else "android-rules-trigger.apk", files, align=16384 if passing else None)


def main():
    base.write_zip("ios-rules-trigger.ipa", ios_rules_app(passing=False))
    base.write_zip("ios-rules-pass.ipa", ios_rules_app(passing=True))
    android_rules_apk(passing=False)
    android_rules_apk(passing=True)
    base.shutil.rmtree(base.TMP)


if __name__ == "__main__":
    main()
