import Foundation
import Formats
import Support

/// Native code an Android app ships, for Google Play's 16 KB page-size requirement (apps targeting Android 15+,
/// since 2025-11-01): prebuilt `.so` files in the app's sources, read only as far as their ELF program headers.
///
/// Facts:
/// - `android.native_code`: the project ships native code: a prebuilt `.so` under `jniLibs/` or a module's
///   `libs/`, native sources built by the app (`CMakeLists.txt`, `Android.mk`), or Rust that a Gradle script
///   builds for Android (`rust_gradle_markers`: the Mozilla Rust Android Gradle plugin, cargo-ndk, cargokit).
///   Evidence: those files. A Flutter package's desktop runners (`linux/`, `windows/`, `macos/` beside its
///   pubspec.yaml) are CMake projects for the desktop apps, not the Android build, and are not counted.
/// - `android.native_libraries_4kb`: a prebuilt 64-bit (arm64-v8a, x86_64) library whose LOAD segments are
///   aligned to less than 16 KB, so it cannot load on 16 KB-page devices. Evidence: each such file with its alignment.
///
/// Libraries in test, androidTest or debug source sets, and anything inside build or dependency folders, are not
/// part of a release and are skipped. Libraries fetched at build time (AARs) cannot be seen here.
public enum AndroidNativeLibraries {
    /// 16 KB, the page size Play requires 64-bit libraries to be aligned to.
    static let requiredAlignment: UInt64 = 16384
    static let nonReleaseSourceSets = ["/src/test/", "/src/androidTest/", "/src/debug/", "/src/testDebug/"]

    /// What in a Gradle script shows it builds Rust for Android: the Mozilla plugin's id
    /// (github.com/mozilla/rust-android-gradle), cargo-ndk (github.com/bbqsrc/cargo-ndk) run from a task, and
    /// Flutter's cargokit glue (github.com/irondash/cargokit, applied from its gradle/plugin.gradle).
    /// Matched lower-cased on a line without blanks, quotes and commas, so `commandLine("cargo", "ndk", …)`,
    /// `cargo ndk` and `cargoNdk { }` all read `cargondk`.
    static let rustGradleMarkers = ["org.mozilla.rust-android-gradle", "cargo-ndk", "cargondk", "cargokit"]

    /// `gradleFiles`: the build scripts as read before (GradleFilesInspector), so they are not read again.
    public static func inspect(files: [ProjectFile], root: String, gradleFiles: GradleFilesPart = GradleFilesPart()) -> InspectorOutput<NoPart> {
        var output = InspectorOutput<NoPart>(part: nil)
        var nativeEvidence: [Evidence] = []
        var misaligned: [Evidence] = []
        var rustModules: [String] = []
        let desktop = flutterDesktopFolders(files)
        // The name first: it is a few byte comparisons, while the source-set test searches the whole path,
        // and nearly no file of a tree (none of an iOS one) is a native build file or a library.
        for file in files where !file.isVendored {
            if file.fileName == "build.gradle" || file.fileName == "build.gradle.kts", isRelease(file.path),
               let line = AndroidNativeBuild.firstLine(file, containing: rustGradleMarkers, shared: gradleFiles) {
                if nativeEvidence.count < 5 { nativeEvidence.append(Evidence(location: SourceLocation(path: file.path, line: line.number), snippet: "Rust built by Gradle: \(line.text)")) }
                rustModules.append(AndroidNativeBuild.moduleFolder(of: file.path))
                continue
            }
            let isBuildFile = file.fileName == "CMakeLists.txt" || file.fileName == "Android.mk"
            guard isBuildFile || file.fileName.hasSuffix(".so"), isRelease(file.path) else { continue }
            if isBuildFile && isDesktopRunner(file.path, desktop) { continue }
            if isBuildFile {
                if nativeEvidence.count < 5 { nativeEvidence.append(Evidence(location: SourceLocation(path: file.path), snippet: "native build: \(file.fileName)")) }
                continue
            }
            guard file.fileName.hasSuffix(".so"), isPackagedLibraryFolder(file.path) else { continue }
            if nativeEvidence.count < 5 { nativeEvidence.append(Evidence(location: SourceLocation(path: file.path), snippet: "prebuilt native library")) }
            switch ELFAlignment.read(path: file.absolutePath) {
            case .success(let info) where info.is64Bit && info.minimumLoadAlignment < requiredAlignment:
                misaligned.append(Evidence(location: SourceLocation(path: file.path),
                                           snippet: "\(info.machine) library, LOAD segments aligned to \(info.minimumLoadAlignment) bytes"))
            case .success:
                break
            case .failure(let failure):
                output.problems.append(InputProblem(location: SourceLocation(path: file.path), message: "could not read the library's ELF header: \(failure.message)"))
            }
        }
        if !nativeEvidence.isEmpty {
            output.facts.append(Fact(name: "android.native_code", value: .bool(true), source: .detected, evidence: nativeEvidence))
        }
        if let built = AndroidNativeBuild.fact(files: desktop.isEmpty ? files : files.filter { !isDesktopRunner($0.path, desktop) }, rustModules: rustModules) {
            output.facts.append(built)
        }
        if !misaligned.isEmpty {
            output.facts.append(Fact(name: "android.native_libraries_4kb", value: .bool(true), source: .detected,
                                     evidence: Array(misaligned.sorted { $0.location < $1.location }.prefix(10))))
        }
        return output
    }

    /// `linux/`, `windows/` and `macos/` beside each pubspec.yaml (`app/linux/` for `app/pubspec.yaml`): the desktop
    /// runners of a Flutter app or plugin (docs.flutter.dev/platform-integration/desktop).
    static func flutterDesktopFolders(_ files: [ProjectFile]) -> [String] {
        files.filter { $0.fileName == "pubspec.yaml" }.flatMap { file -> [String] in
            let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
            return ["linux/", "windows/", "macos/"].map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
    }

    static func isDesktopRunner(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { path.hasPrefix($0) }
    }

    static func isRelease(_ path: String) -> Bool {
        let padded = "/" + path
        return !nonReleaseSourceSets.contains { padded.contains($0) }
    }

    /// `…/jniLibs/<abi>/lib.so` or `<module>/libs/<abi>/lib.so`: the folders AGP packages.
    static func isPackagedLibraryFolder(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 3 else { return false }
        let folder = parts[parts.count - 3]
        return folder == "jniLibs" || folder == "libs"
    }
}

/// The smallest alignment of an ELF file's LOAD segments, from its header and program headers only.
enum ELFAlignment {
    /// Why a file could not be read as ELF.
    struct Failure: Error, Sendable, Equatable {
        let message: String
    }

    struct Info: Sendable, Equatable {
        let is64Bit: Bool
        let machine: String
        let minimumLoadAlignment: UInt64
    }

    static func read(path: String) -> Result<Info, Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(Failure(message: "unreadable")) }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64), head.count >= 52 else { return .failure(Failure(message: "too short for an ELF header")) }
        return parse(header: [UInt8](head)) { offset, count in
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
    }

    /// `readAt(offset, count)` reads the program header table.
    static func parse(header h: [UInt8], readAt: (UInt64, Int) -> [UInt8]?) -> Result<Info, Failure> {
        guard h.count >= 52, h[0] == 0x7F, h[1] == 0x45, h[2] == 0x4C, h[3] == 0x46 else { return .failure(Failure(message: "not an ELF file")) }
        let is64 = h[4] == 2
        guard h[5] == 1 else { return .failure(Failure(message: "big-endian ELF")) }
        func le(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        let machineCode = le(h[18..<20])
        let machine = switch machineCode { case 0xB7: "arm64-v8a"; case 0x3E: "x86_64"; case 0x28: "armeabi-v7a"; case 0x03: "x86"; default: "machine \(machineCode)" }
        guard is64 else { return .success(Info(is64Bit: false, machine: machine, minimumLoadAlignment: 0)) }
        guard h.count >= 64 else { return .failure(Failure(message: "truncated ELF header")) }
        let phoff = le(h[32..<40])
        let entrySize = Int(le(h[54..<56]))
        let count = Int(le(h[56..<58]))
        guard entrySize >= 56, count > 0, count <= 512, let table = readAt(phoff, entrySize * count) else {
            return .failure(Failure(message: "no readable program headers"))
        }
        var minimum = UInt64.max
        for index in 0..<count {
            let base = index * entrySize
            guard le(table[base..<base + 4]) == 1 else { continue }  // PT_LOAD
            minimum = min(minimum, le(table[base + 48..<base + 56]))
        }
        guard minimum != .max else { return .failure(Failure(message: "no LOAD segment")) }
        return .success(Info(is64Bit: true, machine: machine, minimumLoadAlignment: minimum))
    }
}
