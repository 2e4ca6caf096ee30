// libFuzzer harness: the source tokenizer and symbol scanner (comments, strings, preprocessor conditions,
// qualifiers, labels, `callee(.member)` arguments) in every language, with patterns of each shape.
import Foundation
@testable import Formats
@testable import Project

let patterns = ["UserDefaults", "Foundation.UserDefaults", "stat", "fileSystemAttributes(atPath:)",
                "textContentType(.newPassword)", "SKDownload", "createUserWithEmailAndPassword"]
let scanner = SourceScanner(tables: [SymbolTable(name: "fuzz", file: "fuzz.yml", entries: [
    SymbolEntry(fact: "fuzz.symbol", symbols: patterns.compactMap(SymbolPattern.init(parsing:)))])])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for language in Language.allCases { _ = scanner.scan(bytes: bytes, language: language, path: "Sources/App.x") }
    return 0
}
