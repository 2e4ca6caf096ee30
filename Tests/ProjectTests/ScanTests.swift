import Foundation
import Testing
@testable import Project

@Suite struct ScanTests {
    static func scanner(_ entries: [SymbolEntry]) -> SourceScanner {
        SourceScanner(tables: [SymbolTable(name: "t", file: "rules/t.yml", entries: entries)])
    }

    static func pattern(_ text: String) -> SymbolPattern {
        SymbolPattern(parsing: text)!
    }

    static func hits(_ source: String, _ language: Language, _ symbols: [String], fact: String = "f") -> [String] {
        let scanner = scanner([SymbolEntry(fact: fact, symbols: symbols.map(pattern))])
        return scanner.scan(bytes: Array(source.utf8), language: language, path: "a").map {
            "\($0.hit.symbol)@\($0.hit.location.line ?? 0):\($0.hit.location.column ?? 0)"
        }
    }

    @Test func symbolSyntax() {
        #expect(SymbolPattern(parsing: "createUser") == SymbolPattern(identifier: "createUser"))
        #expect(SymbolPattern(parsing: "Auth.signUp") == SymbolPattern(identifier: "signUp", qualifier: "Auth"))
        #expect(SymbolPattern(parsing: "createUser(withEmail:") == SymbolPattern(identifier: "createUser", label: "withEmail"))
        #expect(SymbolPattern(parsing: "Auth.createUser(withEmail:") == SymbolPattern(identifier: "createUser", qualifier: "Auth", label: "withEmail"))
        #expect(SymbolPattern(parsing: "Amplify.Auth.signUp") == SymbolPattern(identifier: "signUp", qualifier: "Amplify.Auth"))
        #expect(SymbolPattern(parsing: ".camera") == SymbolPattern(identifier: "camera", qualifier: ""))
        for bad in ["a..b", "createUser(", "createUser(withEmail", "1abc", "a b", "a.", "..a", "f(x:y:", "sign-up"] {
            #expect(SymbolPattern(parsing: bad) == nil, "\(bad) must be refused")
        }
    }

    /// `callee(_.member)`: a member of any named value given to `callee` (`queue.start(transaction.downloads)`);
    /// not the member elsewhere, not an implicit member, not given to another call.
    @Test func memberOfACallsArgument() {
        #expect(SymbolPattern(parsing: "start(_.downloads)") == SymbolPattern(identifier: "downloads", argumentOf: "start", memberOfArgument: true))
        #expect(SymbolPattern(parsing: "start(_.)") == nil)
        let source = """
        SKPaymentQueue.default().start(transaction.downloads)
        queue.start( t?.downloads)
        let d = transaction.downloads
        queue.start(.downloads)
        queue.cancel(transaction.downloads)
        restart(transaction.downloads)
        """
        #expect(Self.hits(source, .swift, ["start(_.downloads)"]) == ["start(_.downloads)@1:44", "start(_.downloads)@2:17"])
    }

    @Test func plainIdentifierOnWordBoundaries() {
        let source = "let s = signUp()\nlet t = signUpLater(); presignUp()\n  signUp\n"
        #expect(Self.hits(source, .swift, ["signUp"]) == ["signUp@1:9", "signUp@3:3"])
    }

    @Test func qualifiedIdentifier() {
        let source = """
        Auth.signUp(username: u)
        Amplify.Auth . signUp(x)
        other.signUp()
        signUp()
        currentUser?.delete()
        currentUser!.delete()
        XAuth.signUp()
        """
        #expect(Self.hits(source, .swift, ["Auth.signUp", "currentUser.delete"]) ==
                ["Auth.signUp@1:6", "Auth.signUp@2:16", "currentUser.delete@5:14", "currentUser.delete@6:14"])
    }

    @Test func dottedQualifier() {
        let source = "Amplify.Auth.signUp(u)\nAmplify . Auth?.signUp(u)\nAuth.signUp(u)\nOther.Auth.signUp(u)\n"
        #expect(Self.hits(source, .swift, ["Amplify.Auth.signUp"]) == ["Amplify.Auth.signUp@1:14", "Amplify.Auth.signUp@2:17"])
    }

    @Test func identifierWithLabel() {
        let source = """
        Auth.auth().createUser(withEmail: email, password: p)
        createUser( withEmail : e)
        createUser(email: e)
        createUser
        (withEmail: e)
        """
        #expect(Self.hits(source, .swift, ["createUser(withEmail:"]) == ["createUser(withEmail:@1:13", "createUser(withEmail:@2:1", "createUser(withEmail:@4:1"])
    }

    /// `stat(_:`: the C function as Swift calls it, not the app's own `stat(page:)` that shares its name
    /// (unstoppable-wallet-ios's analytics helper was reported as a FileTimestamp use).
    @Test func unlabeledCallIsTheCFunctionNotTheAppsOwn() {
        let source = """
        func stat(page: StatPage, event: StatEvent) {}
        func stat(_ page: StatPage) {}
        stat(page: .home, event: .open)
        if stat(path, &info) == 0 {}
        let t = mach_absolute_time ()
        var info = stat()
        let s = Darwin.stat( p , &i)
        a ? stat(x::y) : nil
        struct stat st;
        """
        #expect(Self.pattern("stat(_:") == SymbolPattern(identifier: "stat", label: "_"))
        #expect(Self.hits(source, .swift, ["stat(_:", "mach_absolute_time(_:"])
                == ["stat(_:@4:4", "mach_absolute_time(_:@5:9", "stat(_:@6:12", "stat(_:@7:16", "stat(_:@8:5"])
        // The plain form still takes every `stat`, declarations and labelled calls included.
        #expect(Self.hits(source, .swift, ["stat"]).count == 8)
    }

    @Test func skipsCommentsAndStrings() {
        let swift = """
        // signUp in a line comment
        /* signUp /* nested signUp */ still comment signUp */ signUp
        let a = "signUp \\" signUp"; signUp
        let b = \"\"\"
          signUp
          \"\"\"
        let c = #"signUp " signUp"#; signUp
        """
        #expect(Self.hits(swift, .swift, ["signUp"]) == ["signUp@2:55", "signUp@3:29", "signUp@7:30"])

        let kotlin = "val s = \"\"\"signUp \\\"\"\" + signUp() // signUp\nval c = 's' ; signUp\n"
        #expect(Self.hits(kotlin, .kotlin, ["signUp"]) == ["signUp@1:26", "signUp@2:15"])

        // In C-family languages block comments do not nest: the first */ ends the comment.
        let objc = "/* a /* b */ signUp */ @\"signUp\" signUp\n"
        #expect(Self.hits(objc, .objc, ["signUp"]) == ["signUp@1:14", "signUp@1:34"])

        let js = "const a = `signUp ${x}\nsignUp`; signUp('signUp')\n"
        #expect(Self.hits(js, .javascript, ["signUp"]) == ["signUp@2:10"])

        let dart = "var s = '''\nsignUp''' ; signUp(); var t = \"signUp\";\n"
        #expect(Self.hits(dart, .dart, ["signUp"]) == ["signUp@2:13"])
        // A Dart raw string ends at its first quote: the backslash escapes nothing.
        let raw = "var p = r'C:\\'; signUp(); var q = r\"\"\"signUp\"\"\"; var r = 1; signUp\n"
        #expect(Self.hits(raw, .dart, ["signUp"]) == ["signUp@1:17", "signUp@1:61"])
    }

    /// A header's name is no call: `#include <sys/stat.h>` and `#import <sys/stat.h>` yield no `stat`, the call does.
    @Test func includeLinesAreNotUses() {
        let source = "#include <sys/stat.h>\n  # import \"sys/stat.h\"\n#include_next <stat.h>\nint f(const char *p) { struct stat s; return stat(p, &s); }\n"
        for language in [Language.c, .cpp, .objc] {
            #expect(Self.hits(source, language, ["stat"]) == ["stat@4:31", "stat@4:46"], "\(language)")
        }
        // A conditional directive is still read (`#if DEBUG` code does not ship).
        #expect(Self.hits("#if DEBUG\nstat(p)\n#endif\n#import <a/stat.h>\nstat(q)\n", .objc, ["stat"]) == ["stat@5:1"])
    }

    /// `not_near`: a word around a hit (its line, six above, three below; any case; code, strings or comments)
    /// makes it no evidence; farther away it does not.
    @Test func wordsNearAHitExcludeIt() {
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("textContentType(.newPassword)")],
                                                excludedNearWords: ["passphrase", "backup"])])
        func lines(_ source: String) -> [Int] {
            scanner.scan(bytes: Array(source.utf8), language: .swift, path: "a.swift").compactMap(\.hit.location.line)
        }
        #expect(lines("SecureField(\"Backup Password\", text: $p)\n  .textContentType(.newPassword)\n") == [])
        #expect(lines("let passphraseField = UITextField()\n\n\n\n\n\nfield.textContentType(.newPassword)\n") == [])
        #expect(lines("field.textContentType(.newPassword)\n\n\n// PASSPHRASE below\n") == [])
        // Seven lines above, four below: out of reach.
        #expect(lines("// backup\n\n\n\n\n\n\nfield.textContentType(.newPassword)\n\n\n\n// backup\n") == [8])
        #expect(lines("SecureField(\"Password\", text: $p).textContentType(.newPassword)\n") == [1])
    }

    /// `in_text`: a fragment anywhere in the text (an identifier's part, a string, a URL), any case, once per file.
    @Test func textFragmentsAreFoundAnywhereOnce() {
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [], textFragments: ["accountdeletion", "account_delete", "account/delete"])])
        func found(_ source: String, _ language: Language = .swift) -> [String] {
            scanner.scan(bytes: Array(source.utf8), language: language, path: "a").map { "\($0.hit.symbol)@\($0.hit.location.line ?? 0):\($0.hit.location.column ?? 0)" }
        }
        #expect(found("struct AccountDeletionWebview: View {}\nlet x = AccountDeletionWebview()\n") == ["accountdeletion@1:8"])
        #expect(found("Text(\"account_delete\".localized)\n") == ["account_delete@1:7"])
        #expect(found("val url = \"https://example.com/Account/Delete\"\n", .kotlin) == ["account/delete@1:32"])
        #expect(found("let account = delete(x) // not a deletion screen\n").isEmpty)
        #expect(found("accountDelet").isEmpty)
    }

    /// The fragments' one pass: each searched fragment at its first place, in text order and, at one place, in the
    /// order given; either case; lines counted up to each place; a fragment cut off by the end is not there.
    @Test func textFragmentIndexGivesFirstPlacesInTextOrder() {
        let index = TextFragmentIndex(["account_delete", "account_", "delete-me", "tail-x"].map { Array($0.utf8) })
        func places(_ text: String, searched: [Bool] = [true, true, true, true]) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                index.firstPlaces(in: buffer, searched: searched).map { "\($0.fragment)@\($0.line):\($0.start - $0.lineStart)" }
            }
        }
        #expect(places("x DELETE-ME\n  Account_Delete account_ delete-me\ntail-") == ["2@1:2", "0@2:2", "1@2:2"])
        #expect(places("account_\naccount_delete\n") == ["1@1:0", "0@2:0"])
        #expect(places("account_delete delete-me", searched: [false, true, false, true]) == ["1@1:0"])
        #expect(places("account_delete", searched: [false, false, false, false]).isEmpty)
        #expect(places("...tail-x") == ["3@1:3"])
    }

    /// The pair filter (a byte is tried only when it and the next, folded, begin a fragment) hides no place: a
    /// one-byte fragment at the last byte, a fragment after a newline, upper-case second bytes, and bytes that fold
    /// to a fragment's pair without matching it (`_` and DEL, `@` and `` ` ``).
    @Test func textFragmentPairFilterHidesNoPlace() {
        let index = TextFragmentIndex(["q", "a_b", "`x"].map { Array($0.utf8) })
        func places(_ text: String) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                index.firstPlaces(in: buffer, searched: [true, true, true]).map { "\($0.fragment)@\($0.line):\($0.start - $0.lineStart)" }
            }
        }
        #expect(places("zzQ") == ["0@1:2"])
        #expect(places("\nA_B\n\nq") == ["1@2:0", "0@4:0"])
        #expect(places("a\u{7F}b A_b") == ["1@1:4"])
        #expect(places("@x\n`X") == ["2@2:0"])
        #expect(places("").isEmpty)
        #expect(places("a_").isEmpty)
    }

    /// The skip pass (every fragment at least `minimumSkipWindow` bytes: windows move by the table of triples) finds
    /// what a plain search finds: the first place of each fragment, any case, on texts built from the fragments'
    /// own bytes (so pairs of the table are everywhere), with places at the very start and the very end.
    @Test func textFragmentSkipPassFindsWhatAPlainSearchFinds() {
        let fragments = ["account_delete", "delete-my-account", "accountremoval", "deleteaccount", "tail-x"]
        let index = TextFragmentIndex(fragments.map { Array($0.utf8) })
        func plain(_ text: [UInt8]) -> [String] {
            let lower = text.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            var found: [(start: Int, fragment: Int)] = []
            for (offset, fragment) in fragments.enumerated() {
                let bytes = Array(fragment.utf8)
                guard bytes.count <= lower.count else { continue }
                if let start = (0...(lower.count - bytes.count)).first(where: { Array(lower[$0..<($0 + bytes.count)]) == bytes }) {
                    found.append((start, offset))
                }
            }
            return found.sorted { ($0.start, $0.fragment) < ($1.start, $1.fragment) }.map { place in
                let line = 1 + text[..<place.start].filter { $0 == 0x0A }.count
                let lineStart = text[..<place.start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                return "\(place.fragment)@\(line):\(place.start - lineStart)"
            }
        }
        func places(_ text: [UInt8]) -> [String] {
            text.withUnsafeBufferPointer { buffer in
                index.firstPlaces(in: buffer, searched: [true, true, true, true, true]).map { "\($0.fragment)@\($0.line):\($0.start - $0.lineStart)" }
            }
        }
        #expect(places(Array("account_delete".utf8)) == ["0@1:0"])
        #expect(places(Array("x\nACCOUNTREMOVAL".utf8)) == ["2@2:0"])
        #expect(places(Array("accountremova".utf8)).isEmpty)
        // Pieces of the fragments and a few other bytes, in a fixed pseudo-random order.
        // (`/`, `m`, `0`, `?` and `p`: bytes whose keys in the skip table are those of other bytes.)
        let pieces = ["account", "delete", "_", "-", "my-", "Account", "DELETE", "removal", "\n", " ", "tail", "-x", "e", "t", "acc", "ount",
                      "/", "m", "0", "?", "p", "unt", "Del"]
        var seed: UInt64 = 0x9E3779B97F4A7C15
        var found = 0
        for _ in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<(seed % 40) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += Array(pieces[Int(seed >> 33) % pieces.count].utf8)
            }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let expected = plain(text)
            found += expected.count
            #expect(places(text) == expected, "\(String(decoding: text, as: UTF8.self))")
        }
        #expect(found > 50)  // the texts do hold places
    }

    /// A fragment is searched only in its entry's languages (the pass reads each file's language once).
    @Test func textFragmentsKeepTheirLanguages() {
        let scanner = Self.scanner([SymbolEntry(fact: "k", languages: [.kotlin], symbols: [], textFragments: ["account_delete"]),
                                    SymbolEntry(fact: "a", symbols: [], textFragments: ["delete_account"])])
        func found(_ language: Language) -> [String] {
            scanner.scan(bytes: Array("account_delete delete_account\n".utf8), language: language, path: "a").map(\.hit.signal)
        }
        #expect(found(.kotlin) == ["k", "a"])
        #expect(found(.swift) == ["a"])
    }

    @Test func interpolationsAreCode() {
        let swift = #"""
        let a = "x \(Auth.signUp(f("signUp"), g(1))) signUp"; signUp
        let b = "\\(signUp) \(signUp)"
        let c = """
          \(signUp) signUp
          """
        """#
        #expect(Self.hits(swift, .swift, ["signUp"]) == ["signUp@1:19", "signUp@1:55", "signUp@2:23", "signUp@4:5"])

        let kotlin = "val a = \"${auth.signUp({ x -> x })} signUp \\${signUp}\"; val b = \"\"\"${signUp}\"\"\"\n"
        #expect(Self.hits(kotlin, .kotlin, ["signUp"]) == ["signUp@1:17", "signUp@1:70"])

        let dart = "var a = '${signUp()} signUp'; var b = r'${signUp}'; var c = \"\"\"${signUp}\"\"\";\n"
        #expect(Self.hits(dart, .dart, ["signUp"]) == ["signUp@1:12", "signUp@1:66"])

        let js = "const a = `${signUp()} signUp`; const b = \"${signUp}\"; const c = `${ {a: signUp}.a }`\n"
        #expect(Self.hits(js, .javascript, ["signUp"]) == ["signUp@1:14", "signUp@1:74"])

        // Java has no interpolation: the whole string is text.
        #expect(Self.hits("String a = \"${signUp}\"; signUp();\n", .java, ["signUp"]) == ["signUp@1:25"])
    }

    @Test func unclosedInterpolationDoesNotHang() {
        let deep = String(repeating: "\"\\(", count: 10_000) + " signUp"
        #expect(Self.hits(deep, .swift, ["signUp"]) == ["signUp@1:30002"])
    }

    @Test func unterminatedStringEndsAtLineEnd() {
        #expect(Self.hits("let a = \"oops\nsignUp()\n", .swift, ["signUp"]) == ["signUp@2:1"])
    }

    @Test func numbersAreNotWords() {
        #expect(Self.hits("let x = 0xsignUp + 1signUp + signUp\n", .swift, ["signUp"]) == ["signUp@1:30"])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(Self.hits("let é = \"ü\"; signUp()\n", .swift, ["signUp"]) == ["signUp@1:14"])
        #expect(Self.hits("let café = signUp\n", .swift, ["signUp"]) == ["signUp@1:12"])
        // An identifier with non-ASCII letters is one word: no hit inside it.
        #expect(Self.hits("let éssignUp = 1\n", .swift, ["signUp"]).isEmpty)
    }

    @Test func languageFilter() throws {
        let tree = try TemporaryTree()
        try tree.write("ios/Login.swift", "signUp()\n")
        try tree.write("android/Login.kt", "signUp()\n")
        try tree.write("web/login.ts", "signUp()\n")
        try tree.write("ios/Login.h", "signUp();\n")
        try tree.write("README.md", "signUp()\n")
        let scanner = Self.scanner([
            SymbolEntry(fact: "mobile.signup", languages: [.swift, .kotlin], symbols: [Self.pattern("signUp")]),
            SymbolEntry(fact: "any.signup", symbols: [Self.pattern("signUp")]),
        ])
        let files = try FileWalker().walk(root: tree.root).files

        let result = scanner.scan(files: files, maxFileBytes: 1 << 20)

        #expect(result.part?.symbolHits.map { "\($0.signal) \($0.location)" } == [
            "any.signup android/Login.kt:1:1", "mobile.signup android/Login.kt:1:1",
            "any.signup ios/Login.h:1:1",
            "any.signup ios/Login.swift:1:1", "mobile.signup ios/Login.swift:1:1",
            "any.signup web/login.ts:1:1",
        ])
    }

    @Test func factsWithEvidenceLimitedAndSorted() throws {
        let tree = try TemporaryTree()
        try tree.write("B.swift", "Auth.signUp(x)\n\n  Auth.signUp(y)   \n")
        try tree.write("A.swift", "func f() {\n    Auth.signUp(z); Auth.signUp(w)\n}\n")
        try tree.write("C.swift", "Auth.signUp(v)\n")
        try tree.write("Pods/X/X.swift", "Auth.signUp(vendored)\n")
        let scanner = Self.scanner([SymbolEntry(fact: "account.creation", symbols: [Self.pattern("Auth.signUp")], evidenceLimit: 3)])
        let files = try FileWalker().walk(root: tree.root).files

        let result = scanner.scan(files: files, maxFileBytes: 1 << 20)

        #expect(result.part?.symbolHits.map(\.location.description) == ["A.swift:2:10", "A.swift:2:26", "B.swift:1:6", "B.swift:3:8", "C.swift:1:6"])
        #expect(result.facts.count == 1)
        let fact = try #require(result.facts.first)
        #expect(fact.name == "account.creation")
        #expect(fact.value == .bool(true))
        #expect(fact.source == .detected)
        #expect(fact.evidence.map(\.location.description) == ["A.swift:2:10", "B.swift:1:6", "B.swift:3:8"])
        #expect(fact.evidence.map(\.snippet) == ["Auth.signUp(z); Auth.signUp(w)", "Auth.signUp(x)", "Auth.signUp(y)"])
    }

    @Test func moreSpecificPatternWinsAtOneLocation() {
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("signUp"), Self.pattern("Auth.signUp")])])
        let hits = scanner.scan(bytes: Array("Auth.signUp()\nsignUp()\n".utf8), language: .swift, path: "a")
        #expect(hits.map(\.hit.symbol) == ["Auth.signUp", "signUp"])
    }

    @Test func binaryFilesAreSkipped() throws {
        let tree = try TemporaryTree()
        try tree.write("Blob.swift", Data([0x73, 0x69, 0x00]) + Data("signUp()\n".utf8))
        try tree.write("Text.swift", "signUp()\n")
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("signUp")])])

        let result = scanner.scan(files: try FileWalker().walk(root: tree.root).files, maxFileBytes: 1 << 20)

        #expect(result.part?.symbolHits.map(\.location.path) == ["Text.swift"])
        #expect(result.problems.isEmpty)
    }

    @Test func nonUTF8FileIsScannedWithLossyEvidence() throws {
        let tree = try TemporaryTree()
        try tree.write("Latin1.m", Data([0x2F, 0x2A, 0xE9, 0x2A, 0x2F, 0x20]) + Data("signUp(); // caf".utf8) + Data([0xE9, 0x0A]))
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("signUp")])])

        let result = scanner.scan(files: try FileWalker().walk(root: tree.root).files, maxFileBytes: 1 << 20)

        #expect(result.part?.symbolHits.map(\.location.description) == ["Latin1.m:1:7"])
        #expect(result.facts.first?.evidence.first?.snippet == "/*\u{FFFD}*/ signUp(); // caf\u{FFFD}")
    }

    @Test func bigFileIsTruncatedWithAProblem() throws {
        let tree = try TemporaryTree()
        let filler = String(repeating: "let x = 1\n", count: 300)   // 3,000 bytes
        try tree.write("Big.swift", "signUp()\n" + filler + "signUp()\n")
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("signUp")])])

        let result = scanner.scan(files: try FileWalker().walk(root: tree.root).files, maxFileBytes: 2048)

        #expect(result.part?.symbolHits.map(\.location.description) == ["Big.swift:1:1"])
        #expect(result.problems.map(\.location.path) == ["Big.swift"])
        #expect(result.problems.first?.message == "scanned only the first 2.0 KB of 2.9 KB; symbols after that were not searched")
    }

    @Test func unreadableFileIsAProblem() throws {
        let tree = try TemporaryTree()
        try tree.write("Gone.swift", "signUp()\n")
        let files = try FileWalker().walk(root: tree.root).files
        try FileManager.default.removeItem(atPath: tree.path("Gone.swift"))
        let scanner = Self.scanner([SymbolEntry(fact: "f", symbols: [Self.pattern("signUp")])])

        let result = scanner.scan(files: files, maxFileBytes: 1 << 20)

        #expect(result.part?.symbolHits.isEmpty == true)
        #expect(result.problems.map(\.message) == ["could not read the file: No such file or directory"])
    }
}
