import Testing
@testable import Project

/// A class's declaration and the class it extends, in ASCII text (where a text without the name's bytes is passed by
/// at once) and in other text (read scalar by scalar), with the same answers.
@Suite struct ServiceSuperclassesTests {
    @Test func declarationsAreFoundInAnyText() {
        for accent in ["", "// é\n"] {
            let kotlin = accent + "package a\n\nclass SyncService : BaseService<Unit>(), Runnable {\n}\n"
            #expect(ServiceSuperclasses.superclass(of: "SyncService", in: kotlin)?.line == (accent.isEmpty ? 3 : 4))
            #expect(ServiceSuperclasses.superclass(of: "SyncService", in: kotlin)?.superclass == "BaseService")
            let java = accent + "public class Worker extends android.app.Service {}"
            #expect(ServiceSuperclasses.superclass(of: "Worker", in: java)?.superclass == "Service")
            let alias = accent + "typealias LockService = LockingService<Void>\n"
            #expect(ServiceSuperclasses.superclass(of: "LockService", in: alias)?.superclass == "LockingService")
            // Not declared here: named only as a supertype, or not at all.
            #expect(ServiceSuperclasses.superclass(of: "BaseService", in: kotlin) == nil)
            #expect(ServiceSuperclasses.superclass(of: "Other", in: kotlin) == nil)
        }
    }

    /// A path's folder and class name read on its bytes, as the `Character` reading gives them, on paths with dots
    /// and slashes in every place; a path that is not ASCII goes to the `Character` reading.
    @Test func pathsSplitOnBytesAsByCharacters() {
        let paths = ["app/src/main/java/a/B.kt", "B.kt", ".hidden.kt", "a/..kt", "a/...", "a/", "", "/", "a/b.c.d", "a/.b",
                     "dir.x/file", "a//b.kt", "/abs/x.java", "a/b/..", "noext", "a/b..c.kt", "x/.", "x/.y.", "é/Ü.kt"]
        for path in paths where path.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = ServiceSuperclasses.splitASCII(path)
            let characters = ServiceSuperclasses.splitCharacters(path)
            #expect(bytes.folder == characters.folder && bytes.name == characters.name, "\(path)")
        }
        #expect(ServiceSuperclasses.split("é/Ü.kt") == ("é", "Ü"))
        #expect(ServiceSuperclasses.split("app/src/main/java/a/B.kt") == ("app/src/main/java/a", "B"))
    }

    /// The index of source files answers a lookup by class name or by folder with the files whose `split` gives it,
    /// in the walk's order, whether the path (or the name asked) is ASCII or not.
    @Test func indexFindsTheFilesTheSplitNames() {
        let paths = ["app/src/main/java/a/B.kt", "B.kt", ".hidden.kt", "a/..kt", "a/b.c.d", "a/.b", "a//b.kt", "/abs/x.java",
                     "a/b..c.kt", "x/.y.", "é/Ü.kt", "lib/a/B.java", "a/B.kt", "é/B.kt"]
        let files = paths.map { ProjectFile(path: $0, absolutePath: "/nonexistent/" + $0, size: 1, isVendored: false) }
        let index = ServiceSuperclasses.SourceIndex(files)
        for wanted in Set(paths.map { ServiceSuperclasses.split($0).name } + ["Missing", ""]) {
            #expect(index.files(named: wanted).map(\.path) == paths.filter { ServiceSuperclasses.split($0).name == wanted }, "\(wanted)")
        }
        for wanted in Set(paths.map { ServiceSuperclasses.split($0).folder } + ["missing"]) {
            #expect(index.files(in: wanted).map(\.path) == paths.filter { ServiceSuperclasses.split($0).folder == wanted }, "\(wanted)")
        }
        #expect(index.files(named: "B").map(\.path) == ["app/src/main/java/a/B.kt", "B.kt", "lib/a/B.java", "a/B.kt", "é/B.kt"])
        #expect(index.files(in: "a").map(\.path) == ["a/..kt", "a/b.c.d", "a/.b", "a/b..c.kt", "a/B.kt"])
    }
}
