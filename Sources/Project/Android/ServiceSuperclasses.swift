import Foundation
import Support
import Formats

/// The superclasses in the repository of the services the release manifest declares without a foreground service
/// type: a service inherits its base class's methods, so a base that calls `startForeground` (KeePassDX's
/// `NotificationServiceParam.startForegroundCompat`, called by `DatabaseTaskNotificationService` two classes down)
/// puts the service in the foreground as surely as its own call would. Kotlin (`class A : B()`) and Java
/// (`class A extends B`) declarations, and Kotlin's `typealias A = B<T>`, are followed from the service's class file
/// upwards while the next class is declared in a source file of the walk: a file of its name (the service's folder
/// first), else a file of the folder holding the class that extends it. A class that is not in the repository (`Service`, a library's) ends the chain.
enum ServiceSuperclasses {
    /// Classes followed above a service at most.
    static let maxDepth = 6
    /// A source file larger than this is not read here.
    static let maxBytes = 2 << 20

    /// For each service name (`com.example.SyncService`, `.SyncService`), its superclasses declared in the walk, in
    /// order: the class name, the file and the line that declares it.
    static func chains(services: [String], files: [ProjectFile]) -> [String: [(name: String, location: SourceLocation)]] {
        guard !services.isEmpty else { return [:] }
        let sources = SourceIndex(files.filter { !$0.isVendored && ($0.path.hasSuffix(".kt") || $0.path.hasSuffix(".java")) })
        var texts: [String: String] = [:]
        func text(_ file: ProjectFile) -> String? {
            if let known = texts[file.path] { return known }
            guard file.size <= maxBytes, let bytes = try? FileBytes.read(file, limit: maxBytes) else { return nil }
            let read = String(decoding: bytes, as: UTF8.self)
            texts[file.path] = read
            return read
        }
        /// The file declaring `class name` (and the superclass it names), preferring `folder`.
        func declaration(of name: String, near folder: String?, package: String?) -> (file: ProjectFile, line: Int, superclass: String?)? {
            var candidates = sources.files(named: name).sorted { first, second in
                func rank(_ file: ProjectFile) -> Int {
                    let own = split(file.path).folder
                    if let package, own == package || own.hasSuffix("/" + package) { return 0 }
                    return own == folder ? 1 : 2
                }
                return (rank(first), first.path) < (rank(second), second.path)
            }
            // A class declared in a file of another name (`NotificationServiceParam` in NotificationService.kt).
            if let folder { candidates += sources.files(in: folder).filter { split($0.path).name != name }.sorted { $0.path < $1.path } }
            for file in candidates {
                guard let source = text(file), let found = superclass(of: name, in: source) else { continue }
                return (file, found.line, found.superclass)
            }
            return nil
        }
        var result: [String: [(name: String, location: SourceLocation)]] = [:]
        for service in Set(services).sorted() {
            let components = service.split(separator: ".").map(String.init)
            guard let simple = components.last else { continue }
            let package = service.hasPrefix(".") || components.count < 3 ? nil : components.dropLast().joined(separator: "/")
            guard let own = declaration(of: simple, near: nil, package: package), var next = own.superclass else { continue }
            var folder = split(own.file.path).folder
            var chain: [(name: String, location: SourceLocation)] = []
            var seen: Set<String> = [simple]
            while chain.count < maxDepth, seen.insert(next).inserted,
                  let found = declaration(of: next, near: folder, package: nil) {
                chain.append((next, SourceLocation(path: found.file.path, line: found.line)))
                folder = split(found.file.path).folder
                guard let above = found.superclass else { break }
                next = above
            }
            if !chain.isEmpty { result[service] = chain }
        }
        return result
    }

    /// The Kotlin and Java files of the walk, each with where `split` puts its folder and name in its path's bytes,
    /// so that a lookup by class name or by folder compares bytes. (A dictionary of every source by name and by
    /// folder made two strings and two hashed inserts per source of the tree, most of this step on
    /// thunderbird-android, where three services ask a few lookups.) Answers as those dictionaries did: the files
    /// whose `split` name (or folder) is `==` the one asked, in the walk's order.
    struct SourceIndex {
        struct Entry {
            let file: ProjectFile
            /// For an ASCII path: the folder's end and the name's range, as byte offsets. Nil otherwise.
            let offsets: (folderEnd: Int, name: Range<Int>)?
        }

        let entries: [Entry]

        init(_ files: [ProjectFile]) {
            entries = files.map { file in
                let offsets = file.path.utf8.withContiguousStorageIfAvailable(ServiceSuperclasses.asciiOffsets)
                    ?? Array(file.path.utf8).withUnsafeBufferPointer(ServiceSuperclasses.asciiOffsets)
                return Entry(file: file, offsets: offsets)
            }
        }

        enum Part { case folder, name }

        func files(named name: String) -> [ProjectFile] { files(matching: name, part: .name) }

        func files(in folder: String) -> [ProjectFile] { files(matching: folder, part: .folder) }

        private func files(matching wanted: String, part: Part) -> [ProjectFile] {
            let wantedBytes = Array(wanted.utf8)
            // A non-ASCII name can be `==` to an ASCII one (a canonically equivalent scalar): compared as strings.
            let asciiWanted = wantedBytes.allSatisfy { $0 < 0x80 }
            return entries.compactMap { entry -> ProjectFile? in
                guard asciiWanted, let offsets = entry.offsets else {
                    let split = ServiceSuperclasses.split(entry.file.path)
                    return (part == .name ? split.name : split.folder) == wanted ? entry.file : nil
                }
                let range = part == .name ? offsets.name : 0..<offsets.folderEnd
                guard range.count == wantedBytes.count else { return nil }
                let equal = entry.file.path.utf8.withContiguousStorageIfAvailable { bytes in
                    wantedBytes.withUnsafeBufferPointer { wanted in
                        range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, wanted.baseAddress!, range.count) == 0
                    }
                } ?? Array(entry.file.path.utf8)[range].elementsEqual(wantedBytes)
                return equal ? entry.file : nil
            }
        }
    }

    /// `splitASCII` as byte offsets: where the folder ends and the name's range; nil for a path that is not ASCII.
    static func asciiOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> (folderEnd: Int, name: Range<Int>)? {
        var slash: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "/") { slash = index }
        }
        let fileStart = slash.map { $0 + 1 } ?? 0
        guard let start = bytes[fileStart...].firstIndex(where: { $0 != UInt8(ascii: ".") }) else {
            return (slash ?? 0, fileStart..<bytes.count)
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        return (slash ?? 0, start..<end)
    }

    /// `app/src/main/java/a/B.kt` → (`app/src/main/java/a`, `B`).
    static func split(_ path: String) -> (folder: String, name: String) {
        // An ASCII path on its bytes: the `Character` searches below were most of this inspector's time on
        // thunderbird-android (a split per source file), and on ASCII each `Character` is one byte.
        path.utf8.allSatisfy { $0 < 0x80 } ? splitASCII(path) : splitCharacters(path)
    }

    /// `split` of an ASCII path: the folder before the last `/`, the file's name up to its first `.` after any
    /// leading ones (as `split(separator:)`, which drops empty pieces, reads it); the whole file when it is dots.
    static func splitASCII(_ path: String) -> (folder: String, name: String) {
        let bytes = path.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let file = bytes[(slash.map { bytes.index(after: $0) } ?? bytes.startIndex)...]
        guard let start = file.firstIndex(where: { $0 != UInt8(ascii: ".") }) else { return (folder, String(path[file.startIndex...])) }
        let end = file[start...].firstIndex(of: UInt8(ascii: ".")) ?? file.endIndex
        return (folder, String(path[start..<end]))
    }

    /// `split` read by `Character`, for a path that is not ASCII.
    static func splitCharacters(_ path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (folder, file.split(separator: ".").first.map(String.init) ?? file)
    }

    /// Where `class name` is declared in a Kotlin or Java text (its line), and the class it extends: Kotlin's
    /// supertype called as a constructor (`: Base<T>()`, the interfaces beside it have no call), Java's `extends`.
    /// Nil when the text does not declare the class.
    static func superclass(of name: String, in text: String) -> (line: Int, superclass: String?)? {
        // Most files asked (the other classes of a folder) do not hold the name at all. In ASCII text either reading
        // below finds the name only where its bytes are (Foundation's search of `aliased` is literal on ASCII), so a
        // byte search answers for them without the scalar array and the lines.
        let ascii = name.utf8.allSatisfy { $0 < 0x80 } && text.utf8.allSatisfy { $0 < 0x80 }
        if ascii, !text.contains(name) { return nil }
        let characters = Array(text.unicodeScalars)
        let target = Array(name.unicodeScalars)
        let keyword = Array("class".unicodeScalars)
        func isWord(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" }
        var i = 0
        while i + keyword.count < characters.count {
            defer { i += 1 }
            guard characters[i] == "c", Array(characters[i..<(i + keyword.count)]) == keyword,
                  i == 0 || !(isWord(characters[i - 1]) || characters[i - 1] == "."),
                  i + keyword.count < characters.count, characters[i + keyword.count] == " " else { continue }
            var j = i + keyword.count
            while j < characters.count, characters[j] == " " { j += 1 }
            guard j + target.count <= characters.count, Array(characters[j..<(j + target.count)]) == target,
                  j + target.count == characters.count || !isWord(characters[j + target.count]) else { continue }
            let line = characters[..<i].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            // The header up to the body's `{` (or the text's end): generics, a primary constructor, supertypes.
            var k = j + target.count
            var depth = 0
            var header: [Unicode.Scalar] = []
            while k < characters.count, header.count < 2000 {
                let c = characters[k]
                if depth == 0, c == "{" { break }
                if c == "(" || c == "<" || c == "[" { depth += 1 }
                if c == ")" || c == ">" || c == "]" { depth = max(0, depth - 1) }
                header.append(c)
                k += 1
            }
            return (line, superclassName(in: String(String.UnicodeScalarView(header))))
        }
        // The same for the alias, read line by line through Foundation: most files that name the class (its users,
        // the files of its folder) declare no alias of it (22M instructions of LibreTube's check went to them).
        if ascii, !text.contains("typealias " + name) { return nil }
        return aliased(name, in: text)
    }

    /// `typealias Name = Base<Void>` (KeePassDX's `LockNotificationService`): the alias stands for its class, so the
    /// chain goes on at `Base`. Its line and the class named; nil when the text has no such alias.
    static func aliased(_ name: String, in text: String) -> (line: Int, superclass: String?)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "typealias " + name) else { continue }
            let rest = line[range.upperBound...]
            guard let first = rest.first(where: { $0 != " " }), first == "=" || first == "<" else { continue }
            guard let equals = rest.firstIndex(of: "=") else { continue }
            let target = rest[rest.index(after: equals)...].drop { $0 == " " }
            let qualified = target.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            guard let last = qualified.split(separator: ".").last else { continue }
            return (index + 1, String(last))
        }
        return nil
    }

    /// The superclass a class header names: after Java's `extends`, or the Kotlin supertype (after the top-level
    /// `:`) that is followed by a constructor call `(`.
    static func superclassName(in header: String) -> String? {
        func name(_ text: Substring) -> String? {
            let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            let qualified = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            guard let last = qualified.split(separator: ".").last, let first = last.first, first.isLetter || first == "_" else { return nil }
            return String(last)
        }
        if let extends = header.range(of: " extends ") ?? header.range(of: "\nextends ") {
            return name(header[extends.upperBound...])
        }
        // Kotlin: the `:` outside the primary constructor's parentheses and the generics.
        var depth = 0
        var colon: String.Index?
        for index in header.indices {
            let c = header[index]
            if c == "(" || c == "<" { depth += 1 } else if c == ")" || c == ">" { depth = max(0, depth - 1) }
            if depth == 0, c == ":" { colon = index; break }
        }
        guard let colon else { return nil }
        // The supertypes, split at the commas outside brackets; the one with a call is the class.
        var parts: [Substring] = []
        var start = header.index(after: colon)
        depth = 0
        for index in header[start...].indices {
            let c = header[index]
            if c == "(" || c == "<" { depth += 1 } else if c == ")" || c == ">" { depth = max(0, depth - 1) }
            if depth == 0, c == "," { parts.append(header[start..<index]); start = header.index(after: index) }
        }
        parts.append(header[start...])
        for part in parts {
            // `Base<T>()`: a `(` after the name and its generics, at the top level of the part.
            var level = 0
            var called = false
            for c in part {
                if c == "<" { level += 1 } else if c == ">" { level = max(0, level - 1) } else if c == "(", level == 0 { called = true; break }
            }
            if called { return name(part) }
        }
        return nil
    }
}
