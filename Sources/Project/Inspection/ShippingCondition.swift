import Support

/// Whether a conditional-compilation condition (`#if …` in Swift and the C family) holds in the build that
/// ships: a Release build for an Apple device. Only what the condition's own words decide is decided:
/// `DEBUG` and `targetEnvironment(simulator)` never hold there, nor does another operating system
/// (`os(Linux)`, `canImport(Glibc)`, `__linux__`, `_WIN32`, `__ANDROID__`), while `__APPLE__` always does.
/// Anything else (`os(iOS)`, `canImport(UIKit)`, a macro a header or a build setting may define) is undecided,
/// and both branches are read.
///
/// Why Apple: the built-in checklists scan Swift, Objective-C, C and C++ only for what an Apple bundle
/// uses (purpose strings, required-reason APIs, sign-in and purchase symbols), so code compiled only for
/// another system never reaches the bundle (damus's vendored LMDB calls `fstatfs` only on Linux).
enum ShippingCondition: Equatable, Sendable {
    case alwaysTrue, alwaysFalse, undecided

    /// Evaluates `condition` (the text after `#if`/`#elif`, spaces kept) with `notShipped`, the macros this
    /// file defines only in code that does not ship. A condition it cannot parse is undecided.
    static func evaluate(_ condition: String, notShipped: Set<String> = []) -> ShippingCondition {
        var parser = Parser(tokens: tokens(condition), notShipped: notShipped)
        guard let value = parser.expression(), parser.atEnd else { return .undecided }
        return value
    }

    var negated: ShippingCondition {
        switch self {
        case .alwaysTrue: .alwaysFalse
        case .alwaysFalse: .alwaysTrue
        case .undecided: .undecided
        }
    }

    // MARK: What the words mean

    /// Predefined by clang for other targets only (its `Targets/` files define them for Linux, Windows,
    /// Android and the BSDs; an Apple target defines `__APPLE__` and `__MACH__` instead), plus `ANDROID` and
    /// `WIN32`, which the NDK's and Windows' builds pass on the command line.
    static let otherSystemMacros: Set<String> = [
        "__linux__", "__linux", "linux", "__gnu_linux__", "__ANDROID__", "ANDROID", "__ANDROID_API__",
        "_WIN32", "_WIN64", "WIN32", "_MSC_VER", "__MINGW32__", "__MINGW64__", "__CYGWIN__",
        "__FreeBSD__", "__NetBSD__", "__OpenBSD__", "__DragonFly__", "__sun", "__HAIKU__", "__EMSCRIPTEN__", "__wasi__",
    ]
    static let appleMacros: Set<String> = ["__APPLE__", "__MACH__"]
    /// Swift's `os(…)` platforms that are not Apple's, and modules only another system can import.
    static let otherSystemOS: Set<String> = ["Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku"]
    static let otherSystemModules: Set<String> = ["Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "ucrt"]

    /// A name alone (`#if DEBUG`, `#if __APPLE__`) or under `defined(…)`.
    static func macro(_ name: String, notShipped: Set<String>) -> ShippingCondition {
        if ShippingScope.debugOnlyConditions.contains(name) || otherSystemMacros.contains(name) || notShipped.contains(name) {
            return .alwaysFalse
        }
        return appleMacros.contains(name) ? .alwaysTrue : .undecided
    }

    /// `os(Linux)`, `canImport(Glibc)`, `targetEnvironment(simulator)`, `_runtime(_ObjC)`.
    static func call(_ name: String, argument: String) -> ShippingCondition {
        switch name {
        case "os": otherSystemOS.contains(argument) ? .alwaysFalse : .undecided
        case "canImport": otherSystemModules.contains(argument) ? .alwaysFalse : (argument == "Darwin" ? .alwaysTrue : .undecided)
        case "targetEnvironment": argument == "simulator" ? .alwaysFalse : .undecided
        case "_runtime": argument == "_ObjC" ? .alwaysTrue : .undecided
        default: .undecided
        }
    }

    // MARK: Reading a condition

    enum Token: Equatable {
        case word(String), number(String), open, close, not, and, or, other
    }

    static func tokens(_ text: String) -> [Token] {
        var result: [Token] = []
        let bytes = Array(text.utf8)
        var k = 0
        while k < bytes.count {
            let c = bytes[k]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                k += 1
            } else if WordBytes.isWordByte(c) {
                let start = k
                while k < bytes.count, WordBytes.isWordByte(bytes[k]) { k += 1 }
                let word = String(decoding: bytes[start..<k], as: UTF8.self)
                result.append(c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") ? .number(word) : .word(word))
            } else if c == UInt8(ascii: "&"), k + 1 < bytes.count, bytes[k + 1] == c {
                result.append(.and)
                k += 2
            } else if c == UInt8(ascii: "|"), k + 1 < bytes.count, bytes[k + 1] == c {
                result.append(.or)
                k += 2
            } else if c == UInt8(ascii: "!"), !(k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "=")) {
                result.append(.not)
                k += 1
            } else {
                result.append(c == UInt8(ascii: "(") ? .open : c == UInt8(ascii: ")") ? .close : .other)
                k += 1
            }
        }
        return result
    }

    /// `||` over `&&` over `!` over a name, a number, `defined(X)`, `name(argument)` or a bracketed condition.
    /// Comparisons and arithmetic (`__ANDROID_API__ >= 21`, `X == 1`) are not read: the parse fails.
    struct Parser {
        let tokens: [Token]
        let notShipped: Set<String>
        var k = 0
        /// Bounds the recursion on hostile input (`!!!!…`, `((((…`).
        var depth = 0

        init(tokens: [Token], notShipped: Set<String>) {
            self.tokens = tokens
            self.notShipped = notShipped
        }

        var atEnd: Bool { k == tokens.count }

        private func peek(_ offset: Int = 0) -> Token? { k + offset < tokens.count ? tokens[k + offset] : nil }

        mutating func expression() -> ShippingCondition? {
            guard var value = conjunction() else { return nil }
            while peek() == .or {
                k += 1
                guard let next = conjunction() else { return nil }
                value = value == .alwaysTrue || next == .alwaysTrue ? .alwaysTrue
                    : value == .alwaysFalse && next == .alwaysFalse ? .alwaysFalse : .undecided
            }
            return value
        }

        private mutating func conjunction() -> ShippingCondition? {
            guard var value = unary() else { return nil }
            while peek() == .and {
                k += 1
                guard let next = unary() else { return nil }
                value = value == .alwaysFalse || next == .alwaysFalse ? .alwaysFalse
                    : value == .alwaysTrue && next == .alwaysTrue ? .alwaysTrue : .undecided
            }
            return value
        }

        private mutating func unary() -> ShippingCondition? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            switch peek() {
            case .not:
                k += 1
                return unary()?.negated
            case .open:
                k += 1
                guard let value = expression(), peek() == .close else { return nil }
                k += 1
                return value
            case .number(let text):
                k += 1
                guard let number = Int(text) else { return nil }
                return number == 0 ? .alwaysFalse : .alwaysTrue
            case .word("defined"):
                k += 1
                if case .word(let name) = peek() {
                    k += 1
                    return ShippingCondition.macro(name, notShipped: notShipped)
                }
                guard peek() == .open, case .word(let name) = peek(1), peek(2) == .close else { return nil }
                k += 3
                return ShippingCondition.macro(name, notShipped: notShipped)
            case .word(let name):
                k += 1
                guard peek() == .open else { return ShippingCondition.macro(name, notShipped: notShipped) }
                // `name(argument)`: one word decides; anything else in the brackets is passed over, undecided.
                k += 1
                var argument: String?
                var tokenCount = 0
                var level = 1
                while let token = peek(), level > 0 {
                    k += 1
                    if token == .open { level += 1 }
                    if token == .close { level -= 1; continue }
                    tokenCount += 1
                    if case .word(let word) = token { argument = word }
                }
                guard level == 0 else { return nil }
                guard tokenCount == 1, let argument else { return .undecided }
                return ShippingCondition.call(name, argument: argument)
            default:
                return nil
            }
        }
    }
}
