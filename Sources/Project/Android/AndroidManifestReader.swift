import Support
import Formats

/// Reads an AndroidManifest.xml with `XMLScanner` (our own byte-level reader: no libxml2, and nothing
/// a document declares is expanded). Attribute names keep their `android:` prefix, as written.
enum AndroidManifestReader {
    static func read(text: String, location: SourceLocation) throws(InspectedText.Failure) -> AndroidManifestFile {
        var text = text
        var collector = Collector(location: location)
        let scanned = text.withUTF8 { bytes -> XMLSyntaxError? in
            do throws(XMLSyntaxError) {
                try XMLScanner.scan(bytes, start: { collector.start($0) }, end: { collector.end() })
                return nil
            } catch {
                return error
            }
        }
        if let error = scanned {
            throw InspectedText.Failure(SourceLocation(path: location.path, line: error.line, column: error.column),
                                        "is not well-formed XML: \(error.reason.description)")
        }
        guard collector.sawManifest else {
            throw InspectedText.Failure(location, "has no <manifest> root element; not an Android manifest")
        }
        return collector.manifest
    }

    /// Source set from `…/src/<set>/AndroidManifest.xml`, by AGP's name. A Kotlin Multiplatform module's Android
    /// source sets are Kotlin's names for AGP's (the source set layout Kotlin 1.9 made the default):
    /// `androidMain` is `main`, `androidRelease` is `release`, `androidFreeDebug` is `freeDebug`, `androidUnitTest`
    /// is `test` and `androidInstrumentedTest` is `androidTest` — AGP's own `androidTest…` sets keep their names.
    static func sourceSet(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "src" else { return nil }
        return agpName(ofSourceSet: String(parts[parts.count - 2]))
    }

    static func agpName(ofSourceSet set: String) -> String {
        switch set {
        case "androidMain": return "main"
        case "androidUnitTest": return "test"
        case "androidInstrumentedTest": return "androidTest"
        default:
            guard set.hasPrefix("android"), !set.hasPrefix("androidTest"),
                  let first = set.dropFirst("android".count).first, first.isUppercase else { return set }
            return first.lowercased() + set.dropFirst("android".count + 1)
        }
    }

    /// Builds the manifest from the tags, in document order.
    private struct Collector {
        var manifest: AndroidManifestFile
        var sawManifest = false
        var path: [String] = []
        /// The component being read, so that its intent filters are attached to it.
        var currentComponent: Int?

        init(location: SourceLocation) {
            self.manifest = AndroidManifestFile(location: location, sourceSet: AndroidManifestReader.sourceSet(of: location.path))
        }

        mutating func start(_ tag: XMLStartTag) {
            let name = tag.name
            let parent = path.last
            path.append(name)
            let named = tag.attribute("android:name")
            let attributeName = named?.value
            // An element's line is the line of its `android:name`, where a reader looks for it.
            let line = named?.line ?? tag.line
            if path.count >= 4, path[1] == "application", let index = currentComponent {
                // Inside a component: its intent filters and their categories.
                if name == "intent-filter" && path.count == 4 { manifest.components[index].hasIntentFilter = true }
                if name == "category" && parent == "intent-filter", let attributeName {
                    manifest.components[index].categories.append(attributeName)
                }
                if name == "action" && parent == "intent-filter", let attributeName, manifest.components[index].actions.count < 64 {
                    manifest.components[index].actions.append(attributeName)
                }
            }
            switch (parent, name) {
            case (nil, "manifest"):
                sawManifest = true
                manifest.package = tag["package"]
            case ("manifest", "uses-permission"), ("manifest", "uses-permission-sdk-23"):
                if let attributeName {
                    manifest.permissions.append(AndroidPermission(name: attributeName,
                                                                  maxSdkVersion: tag["android:maxSdkVersion"].flatMap { Int($0) },
                                                                  line: line, toolsNode: tag["tools:node"]))
                }
            case ("manifest", "uses-feature"):
                if let attributeName {
                    manifest.features.append(AndroidFeature(name: attributeName, required: tag["android:required"] != "false",
                                                            line: line, toolsNode: tag["tools:node"]))
                }
            case ("application", "uses-library"):
                if let attributeName {
                    manifest.usesLibraries.append(AndroidFeature(name: attributeName, required: tag["android:required"] != "false",
                                                                 line: line, toolsNode: tag["tools:node"]))
                }
            case ("application", "activity"), ("application", "activity-alias"), ("application", "service"),
                 ("application", "receiver"), ("application", "provider"):
                if let attributeName {
                    let types = (name == "service" ? tag["android:foregroundServiceType"] : nil)?
                        .split(separator: "|").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }.prefix(16) ?? []
                    manifest.components.append(AndroidComponent(kind: name, name: attributeName, exported: tag["android:exported"],
                                                                 toolsNode: tag["tools:node"], line: line, foregroundServiceTypes: Array(types),
                                                                 permission: tag["android:permission"]))
                    currentComponent = manifest.components.count - 1
                }
            case ("manifest", "uses-sdk"):
                for attribute in tag.attributes {
                    manifest.usesSdk[attribute.name] = AndroidAttribute(value: attribute.value, line: attribute.line)
                }
            case ("manifest", "application"):
                for attribute in tag.attributes {
                    manifest.application[attribute.name] = AndroidAttribute(value: attribute.value, line: attribute.line)
                }
            case ("queries", "package"):
                if let attributeName { manifest.queriedPackages.append(attributeName) }
            case ("queries", _):
                manifest.queriesOtherThanPackages = true
            default:
                break
            }
        }

        mutating func end() {
            _ = path.popLast()
            if path.count == 2 { currentComponent = nil }
        }
    }
}
