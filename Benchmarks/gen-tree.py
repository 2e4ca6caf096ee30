#!/usr/bin/env python3
"""Writes a synthetic app project of realistic shape for the scan benchmark.

usage: gen-tree.py OUT_DIR SCALE SYMBOLS_FILE

Scale 1 is about 3,000 files (~20 MB): an iOS app (Swift, Objective-C, headers, plists, an Xcode
project), an Android app (Kotlin, Java, manifests, Gradle), and a Pods folder of vendored code.
Files are 20-300 lines of code-like text with comments and strings; about one file in twenty uses
one of the symbols (one per line in SYMBOLS_FILE, as written in the tables). Deterministic: the same
scale gives the same tree.
"""
import os
import random
import sys

WORDS = ("view model controller data source item user account session request response cache store "
         "image layout button label table cell section index path value result error state config "
         "manager service client token handler delegate context frame bounds color font title").split()


def ident(rng, capital=False):
    parts = [rng.choice(WORDS) for _ in range(rng.randint(1, 3))]
    name = parts[0] + "".join(p.capitalize() for p in parts[1:])
    return name[0].upper() + name[1:] if capital else name


def call_form(symbol):
    """A symbol as it appears in code: `Auth.signUp` -> `Auth.signUp(x)`, `f(label:` -> `f(label: x)`."""
    if symbol.endswith(":"):
        return symbol + " value)"
    return symbol + "(value)"


def swift_line(rng):
    r = rng.random()
    if r < 0.10:
        return "// " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10)))
    if r < 0.20:
        return f'let {ident(rng)} = "{" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))}"'
    if r < 0.35:
        return f"func {ident(rng)}(_ {ident(rng)}: {ident(rng, True)}) -> {ident(rng, True)} {{"
    if r < 0.45:
        return "}"
    if r < 0.70:
        return f"    let {ident(rng)} = {ident(rng)}.{ident(rng)}({ident(rng)}: {ident(rng)})"
    return f"    {ident(rng)}.{ident(rng)} = {ident(rng)} ?? {rng.randint(0, 999)}"


def java_like_line(rng, kotlin):
    r = rng.random()
    if r < 0.10:
        return "// " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10)))
    if r < 0.20:
        kw = "val" if kotlin else "String"
        return f'    {kw} {ident(rng)} = "{" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))}"{"" if kotlin else ";"}'
    if r < 0.35:
        return f"    fun {ident(rng)}({ident(rng)}: {ident(rng, True)}): {ident(rng, True)} {{" if kotlin else \
               f"    public {ident(rng, True)} {ident(rng)}({ident(rng, True)} {ident(rng)}) {{"
    if r < 0.45:
        return "    }"
    return f"        {ident(rng)}.{ident(rng)}({ident(rng)}, {rng.randint(0, 99)}){'' if kotlin else ';'}"


def objc_line(rng):
    r = rng.random()
    if r < 0.10:
        return "/* " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10))) + " */"
    if r < 0.25:
        return f'    NSString *{ident(rng)} = @"{" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))}";'
    if r < 0.40:
        return f"- (void){ident(rng)}:({ident(rng, True)} *){ident(rng)} {{"
    if r < 0.50:
        return "}"
    return f"    [self.{ident(rng)} {ident(rng)}:{ident(rng)}];"


def body(rng, kind, symbols):
    lines = []
    for _ in range(rng.randint(20, 300)):
        if kind == "swift":
            lines.append(swift_line(rng))
        elif kind in ("m", "h"):
            lines.append(objc_line(rng))
        else:
            lines.append(java_like_line(rng, kind == "kt"))
    if symbols and rng.random() < 0.05:
        at = rng.randrange(len(lines))
        lines.insert(at, "        " + call_form(rng.choice(symbols)))
    return "\n".join(lines) + "\n"


PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleIdentifier</key>
\t<string>com.example.{name}</string>
\t<key>NSCameraUsageDescription</key>
\t<string>Scan documents with the camera.</string>
</dict>
</plist>
"""


def main():
    out, scale, symbols_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(symbols_file) as f:
        symbols = [line.strip() for line in f if line.strip()]
    rng = random.Random(42)
    # A pool of bodies per kind; files reuse them with their own symbol sprinkling, so generation is fast.
    pools = {kind: [body(rng, kind, []) for _ in range(60)] for kind in ("swift", "m", "h", "kt", "java")}
    # Per 1x: (folder, extension, count, vendored)
    layout = [
        ("ios/App/Sources", "swift", 1150, False),
        ("ios/App/Legacy", "m", 200, False),
        ("ios/App/Legacy", "h", 200, False),
        ("android/app/src/main/java/com/example", "kt", 800, False),
        ("android/app/src/main/java/com/example/legacy", "java", 200, False),
        ("ios/Pods", "swift", 250, True),
        ("ios/Pods", "m", 100, True),
        ("ios/Pods", "h", 100, True),
    ]
    count = 0
    for copy in range(scale):
        for folder, ext, n, vendored in layout:
            for i in range(n):
                module = f"Module{copy:02d}_{i // 40:02d}"
                path = os.path.join(out, folder, module, f"{ident(rng, True)}{i}.{ext}")
                os.makedirs(os.path.dirname(path), exist_ok=True)
                text = rng.choice(pools[ext])
                if rng.random() < 0.05:
                    text = "    " + call_form(rng.choice(symbols)) + "\n" + text
                with open(path, "w") as f:
                    f.write(text)
                count += 1
        for name in ("App", "Share", "Widgets"):
            path = os.path.join(out, f"ios/{name}{copy}/Info.plist")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(PLIST.format(name=name.lower()))
            count += 1
        manifest = os.path.join(out, f"android/app{copy}/src/main/AndroidManifest.xml")
        os.makedirs(os.path.dirname(manifest), exist_ok=True)
        with open(manifest, "w") as f:
            f.write('<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n'
                    '    <uses-permission android:name="android.permission.CAMERA" />\n</manifest>\n')
        with open(os.path.join(out, f"android/app{copy}/build.gradle.kts"), "w") as f:
            f.write('plugins {\n    id("com.android.application")\n}\nandroid {\n    defaultConfig { targetSdk = 35 }\n}\n')
        count += 2
    os.makedirs(os.path.join(out, "ios/App.xcodeproj"), exist_ok=True)
    with open(os.path.join(out, "ios/App.xcodeproj/project.pbxproj"), "w") as f:
        f.write("// !$*UTF8*$!\n{\n\tobjectVersion = 56;\n\tobjects = {\n\t};\n}\n")
    print(count + 1)


if __name__ == "__main__":
    main()
