import Project
import YAML

/// Play listing image sizes, from a table of `{ types: [icon], width: 512, height: 512 }` (exact size) and
/// `{ types: [phoneScreenshots, …], min: 320, max: 3840, max_ratio: 2.3 }` (side range and aspect) rows.
/// Images whose size could not be read are already reported as input problems and skipped here.
enum MetadataImages {
    static let function = CheckFunction(
        name: "image-size", summary: "Play listing images have the pixel sizes the table requires",
        options: [OptionSpec("table", .table, required: true, doc: "The image size table")],
        subjects: .none, run: run)

    struct Requirement {
        let types: [String]
        let width: Int?
        let height: Int?
        let min: Int?
        let max: Int?
        let maxRatio: Double?

        init?(_ node: Node) {
            guard let types = node["types"]?.sequence?.compactMap(\.scalar) else { return nil }
            self.types = types
            width = node["width"]?.scalar.flatMap { Int($0) }
            height = node["height"]?.scalar.flatMap { Int($0) }
            min = node["min"]?.scalar.flatMap { Int($0) }
            max = node["max"]?.scalar.flatMap { Int($0) }
            maxRatio = node["max_ratio"]?.scalar.flatMap { Double($0) }
        }

        func problem(width w: Int, height h: Int) -> (problem: String, expected: String)? {
            if let width, let height, w != width || h != height {
                return ("is \(w)×\(h) px", "\(width)×\(height) px")
            }
            let expected = "\(min ?? 1)–\(max ?? Int.max) px per side" + (maxRatio.map { ", long:short at most \($0)" } ?? "")
            if let min, Swift.min(w, h) < min { return ("is \(w)×\(h) px, a side under \(min) px", expected) }
            if let max, Swift.max(w, h) > max { return ("is \(w)×\(h) px, a side over \(max) px", expected) }
            if let maxRatio, Swift.min(w, h) > 0, Double(Swift.max(w, h)) / Double(Swift.min(w, h)) > maxRatio {
                return ("is \(w)×\(h) px, a long:short ratio over \(maxRatio)", expected)
            }
            return nil
        }
    }

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let table = invocation.table("table") else { return [] }
        let requirements = (table.value.sequence ?? []).compactMap(Requirement.init)
        var results: [CheckResult] = []
        for tree in invocation.context.project.metadata where tree.store == .play {
            for locale in tree.locales {
                for image in locale.images {
                    guard let width = image.width, let height = image.height,
                          let requirement = requirements.first(where: { $0.types.contains(image.type) }),
                          let found = requirement.problem(width: width, height: height) else { continue }
                    results.append(CheckResult(location: image.location, evidence: "\(width)×\(height)", values: [
                        "store": tree.store.rawValue, "tree": tree.name, "locale": locale.code, "type": image.type,
                        "width": String(width), "height": String(height), "problem": found.problem, "expected": found.expected,
                    ]))
                }
            }
        }
        return results
    }
}
