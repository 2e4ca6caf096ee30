import Project

/// Play listing images: pixel size, format and file size, from a table of rows such as
/// `{ types: [icon], width: 512, height: 512, formats: [png-32], max_kb: 1024 }` (exact size) and
/// `{ types: [phoneScreenshots, …], min: 320, max: 3840, max_ratio: 2, formats: [jpeg, png-opaque], max_kb: 8192 }`
/// (side range and aspect). Formats: `jpeg`, `png` (any PNG), `png-opaque` (a PNG without alpha: "24-bit PNG
/// (no alpha)"), `png-32` (an RGBA PNG with 8 bits per channel: "32-bit PNG"). Images whose header could not be
/// read are already reported as input problems and skipped here; a palette PNG, whose alpha the header does not
/// show, passes the alpha test.
enum MetadataImages {
    static let function = CheckFunction(
        name: "image-size", summary: "Play listing images have the pixel size, format and file size the table requires",
        options: [OptionSpec("table", .table, required: true, decode: ImageRequirements.decoder, doc: "The image requirement table")],
        subjects: .none, run: run)

    static let formatNames = ["jpeg": "JPEG", "png": "PNG", "png-opaque": "24-bit PNG without alpha", "png-32": "32-bit PNG (with alpha)"]

    struct Requirement: Sendable {
        let types: [String]
        let width: Int?
        let height: Int?
        let min: Int?
        let max: Int?
        let maxRatio: Double?
        let formats: [String]
        let maxKB: Int?
        /// How a format problem alone (an alpha channel, a bit depth) is graded in this slot (`alpha: warning` for
        /// Wear screenshots, which Play's API was observed refusing with alpha); a note when the row does not say.
        let alphaSeverity: Severity

        /// The first thing wrong with the image, in the order size, format, file size. A format problem alone
        /// (alpha, bit depth) is a note: Play's page asks for it, but listings with such images are live on Play.
        func problem(_ image: MetadataImage, width w: Int, height h: Int) -> (problem: String, expected: String, severity: Severity?)? {
            if let width, let height, w != width || h != height {
                return ("is \(w)×\(h) px", "\(width)×\(height) px", nil)
            }
            let expected = "\(min ?? 1)–\(max ?? Int.max) px per side" + (maxRatio.map { ", the long side at most \(Self.number($0)) times the short side" } ?? "")
            if let min, Swift.min(w, h) < min { return ("is \(w)×\(h) px, a side under \(min) px", expected, nil) }
            if let max, Swift.max(w, h) > max { return ("is \(w)×\(h) px, a side over \(max) px", expected, nil) }
            if let maxRatio, Swift.min(w, h) > 0, Double(Swift.max(w, h)) / Double(Swift.min(w, h)) > maxRatio {
                return ("is \(w)×\(h) px, a long:short ratio over \(Self.number(maxRatio))", expected, nil)
            }
            if let maxKB, let bytes = image.byteCount, bytes > maxKB * 1024 {
                return ("is \((bytes + 1023) / 1024) KB", "at most \(maxKB) KB", nil)
            }
            if !formats.isEmpty, let format = image.format, !formats.contains(where: { Self.matches(image, format: format, $0) }) {
                let wrongFormat = !formats.contains { $0.hasPrefix(format) }
                return ("is \(Self.describe(image, format: format))", formats.map { formatNames[$0] ?? $0 }.joined(separator: " or "),
                        wrongFormat ? nil : alphaSeverity)
            }
            return nil
        }

        static func matches(_ image: MetadataImage, format: String, _ allowed: String) -> Bool {
            switch allowed {
            case "jpeg": return format == "jpeg"
            case "png": return format == "png"
            case "png-opaque": return format == "png" && image.hasAlpha != true
            case "png-32": return format == "png" && (image.bitsPerPixel == nil || image.bitsPerPixel == 32)
            default: return false
            }
        }

        static func describe(_ image: MetadataImage, format: String) -> String {
            guard format == "png" else { return "a JPEG" }
            let bits = image.bitsPerPixel.map { "a \($0)-bit PNG" } ?? "a PNG"
            return image.hasAlpha == true ? "\(bits) with an alpha channel" : bits
        }

        static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let requirements = invocation.decoded("table", as: ImageRequirements.self)?.rows else { return [] }
        var results: [CheckResult] = []
        for tree in invocation.context.project.metadata where tree.store == .play {
            for locale in tree.locales {
                // Images the uploads skip (`skip_upload_images`, `skip_upload_screenshots` on every lane) never reach Play.
                var groups: [(key: String, found: [(MetadataImage, (problem: String, expected: String, severity: Severity?))])] = []
                for image in locale.images where tree.uploads(field: image.type) {
                    guard let width = image.width, let height = image.height,
                          let requirement = requirements.first(where: { $0.types.contains(image.type) }),
                          let found = requirement.problem(image, width: width, height: height) else { continue }
                    // One finding per folder and problem: 21 screenshots with the same alpha channel are one line.
                    let key = "\(folder(of: image.location.path))\u{0}\(found.problem)\u{0}\(found.expected)\u{0}\(found.severity?.rawValue ?? "")"
                    if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].found.append((image, found)) } else { groups.append((key, [(image, found)])) }
                }
                for group in groups {
                    let (image, found) = group.found[0]
                    var values = ["store": tree.store.rawValue, "tree": tree.name, "locale": locale.code, "type": image.type,
                                  "width": String(image.width ?? 0), "height": String(image.height ?? 0), "problem": found.problem, "expected": found.expected]
                    if group.found.count == 1 {
                        results.append(CheckResult(location: image.location, evidence: "\(image.width ?? 0)×\(image.height ?? 0)", values: values, severity: found.severity))
                        continue
                    }
                    let names = group.found.map { $0.0.location.path.split(separator: "/").last.map(String.init) ?? $0.0.location.path }
                    let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
                    values["problem"] = "in \(names.count) files (\(shown)) \(found.problem)"
                    results.append(CheckResult(location: SourceLocation(path: folder(of: image.location.path)), evidence: names.joined(separator: ", "),
                                               values: values, severity: found.severity))
                }
            }
        }
        return results
    }

    static func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }
}
