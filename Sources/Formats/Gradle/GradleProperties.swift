import Foundation
import Support

/// A `gradle.properties` file: `key=value` (or `key: value`) lines, `#` and `!` comments.
package struct GradleProperties: Sendable {
    package var values: [String: (value: String, line: Int)] = [:]

    package static func parse(_ text: String) -> GradleProperties {
        var properties = GradleProperties()
        for (offset, rawLine) in text.lineSlices().enumerated() {
            let line = rawLine.trimmingBlanks()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            guard let separator = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let key = line[..<separator].trimmingBlanks()
            let value = line[line.index(after: separator)...].trimmingBlanks()
            if !key.isEmpty { properties.values[key] = (value, offset + 1) }
        }
        return properties
    }
}
