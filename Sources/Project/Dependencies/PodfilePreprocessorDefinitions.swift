import Support

/// The preprocessor definitions a `Podfile` gives its pods (`'PERMISSION_CAMERA=1'` in a `GCC_PREPROCESSOR_DEFINITIONS`
/// list of its post_install hook): permission_handler compiles a permission's code, and so its protected-API use,
/// only when its macro is 1. Read as the quoted `NAME=VALUE` words (upper-case name) of the lines from the first
/// GCC_PREPROCESSOR_DEFINITIONS on, outside `#` comments (`# 'PERMISSION_EVENTS=1',` is the README's disabled line):
/// the shape the plugin's README gives, whether written as a list or appended with `<<`. One fact,
/// `apple.podfile.preprocessor_definitions`, listing each definition once with the line that sets it.
enum PodfilePreprocessorDefinitions {
    static let factName = "apple.podfile.preprocessor_definitions"

    static func read(_ text: String, path: String) -> [(definition: String, line: Int, snippet: String)] {
        var found: [(definition: String, line: Int, snippet: String)] = []
        var started = false
        for (offset, raw) in text.lineSlices().enumerated() where found.count < 200 {
            // A `#` outside quotes starts a comment.
            var code = Substring(raw)
            var quote: Character?
            for index in raw.indices {
                let c = raw[index]
                if let open = quote {
                    if c == open { quote = nil }
                } else if c == "'" || c == "\"" {
                    quote = c
                } else if c == "#" {
                    code = raw[..<index]
                    break
                }
            }
            if code.contains("GCC_PREPROCESSOR_DEFINITIONS") { started = true }
            guard started else { continue }
            for word in quotedWords(code) where isDefinition(word) && !found.contains(where: { $0.definition == word }) {
                found.append((word, offset + 1, raw.trimmingBlanks()))
            }
        }
        return found
    }

    /// `'A=1'` and `"B=0"` of a line.
    static func quotedWords(_ line: Substring) -> [String] {
        var words: [String] = []
        var current: String?
        var quote: Character = "'"
        for c in line {
            if current != nil {
                if c == quote { words.append(current ?? ""); current = nil } else { current?.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                current = ""
            }
        }
        return words
    }

    /// `NAME=VALUE` with an upper-case macro name.
    static func isDefinition(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        return word[..<equals].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
            && !word[word.index(after: equals)...].contains(" ")
    }
}
