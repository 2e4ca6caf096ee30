# Writes the App Store screenshot rule examples (Tests/RuleExamples/metadata.appstore-screenshot-*): synthetic PNGs
# (1-bit greyscale, or grey+alpha for the alpha example) at the sizes each example needs. Run from the repository root.
import os, struct, zlib, shutil
R='Tests/RuleExamples'
def png(path, w, h, alpha=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    if alpha:  # grey + alpha, 8 bits: 2 bytes a pixel
        ihdr = struct.pack('>IIBBBBB', w, h, 8, 4, 0, 0, 0); row = b'\0' + b'\0\xff' * w
    else:      # 1-bit greyscale: the smallest opaque PNG of that size
        ihdr = struct.pack('>IIBBBBB', w, h, 1, 0, 0, 0, 0); row = b'\0' + b'\0' * ((w + 7) // 8)
    data = zlib.compress(row * h, 9)
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
def meta(root):
    d = f'{root}/fastlane/metadata/en-US'; os.makedirs(d, exist_ok=True)
    open(f'{d}/name.txt', 'w').write('Shot Notes\n')
    open(f'{d}/description.txt', 'w').write('Notes with pictures.\n')
def readme(rid, text):
    open(f'{R}/{rid}/README.md', 'w').write(text)
PBX = open(f'{R}/platform-requirements.apple-deployment-target-2027/trigger/App.xcodeproj/project.pbxproj').read()
def xcode(root, family):
    os.makedirs(f'{root}/App.xcodeproj', exist_ok=True)
    s = PBX.replace('IPHONEOS_DEPLOYMENT_TARGET = 14.0;', f'IPHONEOS_DEPLOYMENT_TARGET = 16.0;\n\t\t\t\tTARGETED_DEVICE_FAMILY = "{family}";')
    open(f'{root}/App.xcodeproj/project.pbxproj', 'w').write(s)
    os.makedirs(f'{root}/App', exist_ok=True)
    shutil.copy(f'{R}/platform-requirements.apple-deployment-target-2027/trigger/App/Info.plist', f'{root}/App/Info.plist')
PINS = {
    'metadata-screenshots.size': 'fastlane/screenshots/en-US/02_list.png',
    'metadata-screenshots.alpha': 'fastlane/screenshots/en-US/01_home.png',
    'metadata-screenshots.count': 'fastlane/screenshots/en-US/11.png',
    'metadata-screenshots.iphone-set': 'fastlane/screenshots',
    'metadata-screenshots.ipad-set': 'fastlane/screenshots',
}
def fresh(rid):
    shutil.rmtree(f'{R}/{rid}', ignore_errors=True)
    os.makedirs(f'{R}/{rid}', exist_ok=True)
    open(f'{R}/{rid}/trigger.expected', 'w').write(
        f'# Where {rid} reports in trigger/ (path:line); see RuleExampleTests.checkPins.\n{PINS[rid]}\n')
    for k in ('trigger', 'pass'): meta(f'{R}/{rid}/{k}')
    return f'{R}/{rid}/trigger/fastlane/screenshots/en-US', f'{R}/{rid}/pass/fastlane/screenshots/en-US'

t, p = fresh('metadata-screenshots.size')
png(f'{t}/01_home.png', 1320, 2868); png(f'{t}/02_list.png', 1000, 2000)
png(f'{p}/01_home.png', 1320, 2868); png(f'{p}/02_list.png', 2868, 1320)
readme('metadata-screenshots.size', 'App Store metadata with fastlane/screenshots (deliver layout); PNGs are synthetic, written by Tests/Tools/make_screenshot_examples.py.\ntrigger: 02_list.png is 1000×2000, the size of no display type (deliver: "Invalid screen size").\npass: a 6.9-inch portrait 1320×2868 and its landscape 2868×1320.\n')

t, p = fresh('metadata-screenshots.alpha')
png(f'{t}/01_home.png', 1320, 2868, alpha=True); png(f'{p}/01_home.png', 1320, 2868)
readme('metadata-screenshots.alpha', 'trigger: a 6.9-inch screenshot saved as grey+alpha PNG (colour type 4).\npass: the same size without alpha (1-bit greyscale).\n')

t, p = fresh('metadata-screenshots.count')
for i in range(1, 12): png(f'{t}/{i:02d}.png', 1290, 2796)
for i in range(1, 11): png(f'{p}/{i:02d}.png', 1290, 2796)
png(f'{p}/01_ipad.png', 2064, 2752)
readme('metadata-screenshots.count', 'trigger: 11 screenshots of the 6.9-inch set in en-US; deliver skips the eleventh (11.png).\npass: 10 of them, and an iPad screenshot, which is another set.\n')

t, p = fresh('metadata-screenshots.iphone-set')
png(f'{t}/01_ipad.png', 2064, 2752); png(f'{t}/02_small.png', 1170, 2532)
png(f'{p}/01_home.png', 1242, 2688)
readme('metadata-screenshots.iphone-set', 'trigger: only a 13-inch iPad and a 6.1-inch iPhone screenshot: no 6.9-inch or 6.5-inch set.\npass: a 6.5-inch (1242×2688) set, which App Store Connect takes without the 6.9-inch one.\n')

rid = 'metadata-screenshots.ipad-set'
t, p = fresh(rid)
xcode(f'{R}/{rid}/trigger', '1,2'); xcode(f'{R}/{rid}/pass', '1,2')
png(f'{t}/01_home.png', 1320, 2868); png(f'{t}/02_ipad.png', 1668, 2388)
png(f'{p}/01_home.png', 1320, 2868); png(f'{p}/02_ipad.png', 2048, 2732)
readme(rid, 'Both: an app target with TARGETED_DEVICE_FAMILY = "1,2" (iPhone and iPad).\ntrigger: a 6.9-inch iPhone set and an 11-inch iPad screenshot, no 13-inch set.\npass: the 13-inch set as 2048×2732, which deliver files under the 13-inch display type unless the name says 2nd generation.\n')
