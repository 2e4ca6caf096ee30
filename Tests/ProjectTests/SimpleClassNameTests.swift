import Testing
@testable import Project

/// A plugin class's simple name read on the bytes of an ASCII name, as the `Character` split reads it.
@Suite struct SimpleClassNameTests {
    @Test func bytesAgreeWithTheCharacterSplit() {
        let names = ["net.example.gradle.AppPlugin", "AppPlugin", "", ".", "..", "a.", "a..", ".a", "a..b", "a.b.c.", "..x..",
                     "com.example.Ünïcode", "ü.a"]
        for name in names {
            #expect(AndroidInspector.simpleClassName(name) == (name.split(separator: ".").last.map(String.init) ?? name), "\(name)")
        }
        #expect(AndroidInspector.simpleClassName("net.example.gradle.AppPlugin") == "AppPlugin")
        #expect(AndroidInspector.simpleClassName("..") == "..")
    }
}
