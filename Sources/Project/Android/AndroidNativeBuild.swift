import Support
import Formats

/// Whether the app's own native build (CMake, ndk-build) produces 16 KB-aligned libraries: NDK r28 and later
/// align to 16 KB by default, and older NDKs do it when the link passes `-Wl,-z,max-page-size=16384` (or the
/// NDK's `ANDROID_SUPPORT_FLEXIBLE_PAGE_SIZES=ON` / `APP_SUPPORT_FLEXIBLE_PAGE_SIZES := true`)
/// (developer.android.com/guide/practices/page-sizes, "Compile your app with 16 KB ELF alignment").
///
/// Fact `android.native_build_16kb`: every module that builds native code shows one of these (evidence: the
/// lines). Read only when the project has a CMakeLists.txt or Android.mk; prebuilt `.so` files are measured
/// from their ELF headers instead (AndroidNativeLibraries).
enum AndroidNativeBuild {
    static let maxBytes = 256 << 10
    static let firstAlignedNDK = 28
    static let flags = ["max-page-size=16384", "ANDROID_SUPPORT_FLEXIBLE_PAGE_SIZES=ON", "APP_SUPPORT_FLEXIBLE_PAGE_SIZES := true",
                        "APP_SUPPORT_FLEXIBLE_PAGE_SIZES:=true"]

    /// `rustModules`: module folders whose Gradle script builds Rust (AndroidNativeLibraries.rustGradleMarkers); they
    /// count as modules that build native code, aligned when their build files say so (ndkVersion 28+, the flags).
    static func fact(files: [ProjectFile], rustModules: [String] = []) -> Fact? {
        // The native build files by name first: a tree without one (most) is answered without testing every path
        // for a release source set.
        let builds = files.filter { ($0.fileName == "CMakeLists.txt" || $0.fileName == "Android.mk") && !$0.isVendored && AndroidNativeLibraries.isRelease($0.path) }
        guard !builds.isEmpty || !rustModules.isEmpty else { return nil }
        let release = files.filter { !$0.isVendored && AndroidNativeLibraries.isRelease($0.path) }
        // A module builds native code when its folder holds a CMakeLists.txt or Android.mk (under src/main/cpp,
        // src/main/jni or beside the build file); it is aligned when its build files or native build files say so.
        var evidence: [Evidence] = []
        var aligned = true
        let modules = Set(builds.map { moduleFolder(of: $0.path) } + rustModules)
        // The build files first, by name (a few byte comparisons), and their modules once: splitting every release
        // file's path for every module was a tenth of `check` on a tree of 400 modules.
        let buildFiles = release.filter { ["CMakeLists.txt", "Android.mk", "Application.mk", "build.gradle", "build.gradle.kts"].contains($0.fileName) }
        let buildFileModules = buildFiles.map { moduleFolder(of: $0.path) }
        // Root build files and gradle.properties set ndkVersion for every module too.
        let shared = release.filter { !$0.path.contains("/") && ($0.fileName == "build.gradle" || $0.fileName == "build.gradle.kts") }
        for module in modules.sorted() {
            let candidates = buildFiles.indices.filter { buildFileModules[$0] == module }.map { buildFiles[$0] }
            guard let found = (candidates + shared).lazy.compactMap(sign).first else { aligned = false; break }
            evidence.append(found)
        }
        guard aligned, !evidence.isEmpty else { return nil }
        return Fact(name: "android.native_build_16kb", value: .bool(true), source: .detected, evidence: evidence)
    }

    /// The first line (1-based, trimmed) of a file that holds one of `markers` (lower case), outside `//` and `#`
    /// comments, compared lower-cased without blanks, quotes and commas.
    /// A build script the Gradle files inspector read is not read again (`shared`).
    static func firstLine(_ file: ProjectFile, containing markers: [String], shared: GradleFilesPart = GradleFilesPart()) -> (number: Int, text: String)? {
        if let read = shared.text(of: file, limit: maxBytes) { return firstLine(Array(read.text.utf8), containing: markers) }
        guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return nil }
        return firstLine(bytes, containing: markers)
    }

    /// `firstLine` of a file's bytes. Nearly every build script is ASCII without carriage returns: then it is read on
    /// the bytes (a Gradle file or two of every tree mentions "rust" in "trust", and lower-casing and filtering each
    /// of their lines as `Character`s was a visible cost of `check`). Otherwise as text, where Unicode lower-casing
    /// and "\r\n" as one character decide.
    static func firstLine(_ bytes: [UInt8], containing markers: [String]) -> (number: Int, text: String)? {
        if !bytes.contains(0x0D) { return firstASCIILine(bytes, containing: markers) }
        return firstTextLine(String(decoding: bytes, as: UTF8.self), containing: markers)
    }

    /// `firstLine` read as text.
    static func firstTextLine(_ text: String, containing markers: [String]) -> (number: Int, text: String)? {
        let lower = text.lowercased()
        guard lower.contains("cargo") || lower.contains("rust") else { return nil }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let found = textLineHit(raw, containing: markers) { return (offset + 1, found) }
        }
        return nil
    }

    /// One line of `firstTextLine`: the trimmed line (its first 120 characters) when it holds a marker.
    static func textLineHit(_ raw: Substring, containing markers: [String]) -> String? {
        let line = raw.trimmingBlanks()
        if line.hasPrefix("#") || line.hasPrefix("//") || line.hasPrefix("*") { return nil }
        if line.utf8.allSatisfy({ $0 < 0x80 }) {
            // An ASCII line (most lines of a file with one accented name) as bytes: the same answer, as the
            // markers are ASCII (lower-casing and filtering every line Character by Character cost 55M
            // instructions, 3% of `check` on Anki-Android, for its one such file).
            let compact = line.utf8.compactMap { byte -> UInt8? in
                byte == 0x20 || byte == 0x09 || byte == 0x22 || byte == 0x27 || byte == 0x2C ? nil : StringSearch.asciiLowercased(byte)
            }
            let found = compact.withUnsafeBufferPointer { compact in markers.contains { StringSearch.occurs($0, in: compact) } }
            return found ? String(line.prefix(120)) : nil
        }
        let compact = String(line.lowercased().filter { !" \t\"',".contains($0) })
        return markers.contains(where: { compact.contains($0) }) ? String(line.prefix(120)) : nil
    }

    /// `firstLine` for a text without `\r`: lines split at each `\n` (where the text reading splits too: without a
    /// `\r` each `\n` is a character of its own), an ASCII line trimmed of spaces and tabs and read on its bytes,
    /// another read as text (`textLineHit`). The gate, "cargo" or "rust" in any ASCII case, is the text reading's
    /// `lowercased()` test: no other character lower-cases to one of their letters. A build script with one
    /// accented comment (AnkiDroid's) was lower-cased and split whole as characters: 34M instructions.
    static func firstASCIILine(_ bytes: [UInt8], containing markers: [String]) -> (number: Int, text: String)? {
        let needles = markers.map { Array($0.utf8) }
        return bytes.withUnsafeBufferPointer { text -> (number: Int, text: String)? in
            guard StringSearch.occursIgnoringASCIICase(Array("cargo".utf8), in: text)
                || StringSearch.occursIgnoringASCIICase(Array("rust".utf8), in: text) else { return nil }
            var compact: [UInt8] = []
            var number = 0
            var start = 0
            while start <= text.count {
                number += 1
                var end = start
                while end < text.count, text[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if text[start..<end].contains(where: { $0 >= 0x80 }) {
                    let raw = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
                    if let found = textLineHit(raw[...], containing: markers) { return (number, found) }
                    continue
                }
                var first = start
                var last = end
                while first < last, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
                while last > first, text[last - 1] == 0x20 || text[last - 1] == 0x09 { last -= 1 }
                let line = UnsafeBufferPointer(rebasing: text[first..<last])
                if line.first == UInt8(ascii: "#") || line.first == UInt8(ascii: "*")
                    || (line.count >= 2 && line[0] == UInt8(ascii: "/") && line[1] == UInt8(ascii: "/")) { continue }
                compact.removeAll(keepingCapacity: true)
                for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x22 && byte != 0x27 && byte != 0x2C {
                    compact.append(StringSearch.asciiLowercased(byte))
                }
                let found = compact.withUnsafeBufferPointer { compact in
                    needles.contains { needle in needle.withUnsafeBufferPointer { StringSearch.occurs($0, in: compact) } }
                }
                if found { return (number, String(decoding: line.prefix(120), as: UTF8.self)) }
            }
            return nil
        }
    }

    /// `app` for `app/src/main/cpp/CMakeLists.txt` and `app/build.gradle.kts`: the folder above `src/`, else the file's folder.
    static func moduleFolder(of path: String) -> String {
        let parts = path.split(separator: "/")
        if let src = parts.firstIndex(of: "src") { return parts[..<src].joined(separator: "/") }
        return parts.dropLast().joined(separator: "/")
    }

    /// The first line of a file that shows a 16 KB-aligned native build.
    static func sign(_ file: ProjectFile) -> Evidence? {
        guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return nil }
        for (offset, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingBlanks()
            if line.hasPrefix("#") || line.hasPrefix("//") { continue }
            let compact = line.replacingOccurrences(of: " ", with: "")
            let isFlag = flags.contains { line.contains($0) || compact.contains($0.replacingOccurrences(of: " ", with: "")) }
            if isFlag || ndkMajor(line).map({ $0 >= firstAlignedNDK }) == true {
                return Evidence(location: SourceLocation(path: file.path, line: offset + 1), snippet: String(line.prefix(120)))
            }
        }
        return nil
    }

    /// 28 for `ndkVersion = "28.0.13004108"` or `ndkVersion "28.1.13356709"`.
    static func ndkMajor(_ line: String) -> Int? {
        guard line.hasPrefix("ndkVersion") || line.hasPrefix("android.ndkVersion") else { return nil }
        guard let quote = line.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
        return Int(line[line.index(after: quote)...].prefix { $0.isNumber })
    }
}
