import Foundation
import Testing
@testable import Project

/// The 16 KB page-size facts, from hand-made ELF headers (one LOAD program header each).
@Suite struct AndroidNativeLibrariesTests {
    /// An ELF64 little-endian header for `machine` with one program header of type `type` aligned to `align`.
    static func elf(machine: UInt16 = 0xB7, type: UInt32 = 1, align: UInt64, class64: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, class64 ? 2 : 1, 1, 1, 0] + [UInt8](repeating: 0, count: 8)
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        bytes += le(UInt16(3)) + le(machine) + le(UInt32(1)) + le(UInt64(0)) + le(UInt64(64)) + le(UInt64(0))
        bytes += le(UInt32(0)) + le(UInt16(64)) + le(UInt16(56)) + le(UInt16(1)) + le(UInt16(64)) + le(UInt16(0)) + le(UInt16(0))
        bytes += le(type) + le(UInt32(5)) + le(UInt64(0)) + le(UInt64(0)) + le(UInt64(0)) + le(UInt64(120)) + le(UInt64(120)) + le(align)
        return bytes
    }

    static func parse(_ bytes: [UInt8]) -> Result<ELFAlignment.Info, ELFAlignment.Failure> {
        ELFAlignment.parse(header: Array(bytes.prefix(64))) { offset, count in
            let start = Int(offset)
            return start + count <= bytes.count ? Array(bytes[start..<start + count]) : nil
        }
    }

    /// A build script of ASCII bytes is read on its bytes with the answer the text reading gives: the line number,
    /// the trimmed line, comments skipped, markers matched without blanks, quotes and commas in any case.
    @Test func rustMarkersOnTheBytesAgreeWithTheText() {
        let markers = AndroidNativeLibraries.rustGradleMarkers
        let texts = ["", "trust me\n", "plugins {\n  id 'org.mozilla.rust-android-gradle.rust-android'\n}\n",
                     "// cargo ndk\n# cargokit\n * cargondk\n\t commandLine(\"Cargo\", \"NDK\", \"build\")  \n",
                     "rust\n\n\n   apply from: \"../cargokit/gradle/plugin.gradle\"", "cargo\n" + String(repeating: "x", count: 200) + " cargo-ndk\n",
                     "Rust\tCARGO\n  cargo_ndk\n",
                     // Not ASCII, without a carriage return: split on the bytes, the other lines read as text.
                     "// Zoë's build\nrust\n  commandLine(\"Cargo\", \"NDK\") // é\n  CargoKit\n",
                     "// Zoë's build\n# cargokit\n\t apply from: '../Cargokit/gradle/plugin.gradle' \n", "// Zoë\ntrust\ncargo ndk-x\n",
                     "// Zoë\ntrust\ncargo/ndk\n", "rüst\ncargo-ndk\n", "cargo\n\u{00A0}cargo-ndk\u{00A0}\n", "cargo\nCargo\u{212A}it\n",
                     "rust\n  é " + String(repeating: "ä", count: 130) + " cargokit\n", "\u{2603} rust\n\n"]
        for text in texts {
            let bytes = Array(text.utf8)
            let onBytes = AndroidNativeBuild.firstASCIILine(bytes, containing: markers)
            #expect(text.utf8.contains(0x0D) == false)
            let asText = AndroidNativeBuild.firstTextLine(text, containing: markers)
            #expect(onBytes?.number == asText?.number && onBytes?.text == asText?.text, "\(text.debugDescription)")
            #expect(AndroidNativeBuild.firstLine(bytes, containing: markers)?.text == asText?.text)
        }
        #expect(AndroidNativeBuild.firstLine(Array("rust\n  cargo-ndk build\n".utf8), containing: markers)?.number == 2)
        // A carriage return or a non-ASCII byte: read as text ("\r\n" is one character there, so no line split).
        #expect(AndroidNativeBuild.firstLine(Array("rust\r\ncargo-ndk\r\n".utf8), containing: markers)?.number == 1)
        #expect(AndroidNativeBuild.firstLine(Array("rüst\ncargo-ndk\n".utf8), containing: markers)?.number == 2)
        // In such a text, ASCII lines are read on their bytes and the others as characters, with the same rules.
        let mixed = "// Zoë's build\nrust\n  commandLine(\"Cargo\", \"NDK\") // é\n  CargoKit\n"
        #expect(AndroidNativeBuild.firstTextLine(mixed, containing: markers)?.number == 3)
        #expect(AndroidNativeBuild.firstTextLine(mixed, containing: markers)?.text == "commandLine(\"Cargo\", \"NDK\") // é")
        let ascii = "// Zoë's build\n# cargokit\n\t apply from: '../Cargokit/gradle/plugin.gradle' \n"
        #expect(AndroidNativeBuild.firstTextLine(ascii, containing: markers)?.number == 3)
        #expect(AndroidNativeBuild.firstTextLine(ascii, containing: markers)?.text == "apply from: '../Cargokit/gradle/plugin.gradle'")
        #expect(AndroidNativeBuild.firstTextLine("// Zoë\ntrust\ncargo ndk-x\n", containing: markers)?.number == 3)
        #expect(AndroidNativeBuild.firstTextLine("// Zoë\ntrust\ncargo/ndk\n", containing: markers) == nil)
    }

    @Test func readsTheLoadAlignmentOf64BitLibraries() throws {
        #expect(try Self.parse(Self.elf(align: 4096)).get() == ELFAlignment.Info(is64Bit: true, machine: "arm64-v8a", minimumLoadAlignment: 4096))
        #expect(try Self.parse(Self.elf(machine: 0x3E, align: 16384)).get().minimumLoadAlignment == 16384)
        #expect(try Self.parse(Self.elf(align: 4096, class64: false)).get().is64Bit == false)
    }

    @Test func notELFOrWithoutLoadSegmentsIsAFailure() {
        #expect(Self.parse([UInt8](repeating: 0, count: 64)) == .failure(ELFAlignment.Failure(message: "not an ELF file")))
        #expect(Self.parse(Self.elf(type: 2, align: 4096)) == .failure(ELFAlignment.Failure(message: "no LOAD segment")))
    }

    @Test func onlyPackagedReleaseLibrariesCount() {
        #expect(AndroidNativeLibraries.isPackagedLibraryFolder("app/src/main/jniLibs/arm64-v8a/libx.so"))
        #expect(AndroidNativeLibraries.isPackagedLibraryFolder("app/libs/x86_64/libx.so"))
        #expect(!AndroidNativeLibraries.isPackagedLibraryFolder("app/src/main/assets/libx.so"))
        #expect(!AndroidNativeLibraries.isRelease("app/src/androidTest/jniLibs/arm64-v8a/libx.so"))
        #expect(AndroidNativeLibraries.isRelease("app/src/main/jniLibs/arm64-v8a/libx.so"))
    }
}
