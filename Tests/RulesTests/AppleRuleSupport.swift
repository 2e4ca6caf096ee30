import BuiltinData
import Foundation
import Project
@testable import Rules

/// Runs the built-in Apple checklists on hand-built projects: the check functions see exactly the
/// facts, hits, plists and manifests a test gives them.
enum AppleRuleSupport {
    static func checklists() throws -> [Checklist] {
        try ChecklistLoader().load(BuiltinData.checklists.map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) })
    }

    static func findings(_ project: ProjectModel, rule: String) throws -> [Finding] {
        var project = project
        var facts = project.facts
        facts.add(Fact(name: "store.appstore", value: .bool(true), source: .detected))
        project.facts = facts
        let engine = Engine(checklists: try checklists())
        let context = EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30")
        return engine.evaluate(context).findings.filter { $0.rule == rule }
    }

    static func table(_ name: String) throws -> Table? {
        try checklists().lazy.compactMap { $0.tables[name] }.first
    }

    static func used(_ fact: String, at path: String, line: Int, _ snippet: String) -> Fact {
        Fact(name: fact, value: .bool(true), source: .detected,
             evidence: [Evidence(location: SourceLocation(path: path, line: line), snippet: snippet)])
    }

    static func manifest(_ xml: String, path: String = "App/PrivacyInfo.xcprivacy", appOwned: Bool = true, sdk: String? = nil) -> PrivacyManifestFile {
        switch PlistReader.parse(Data(xml.utf8), path: path) {
        case .success(let document):
            return PrivacyManifestFile(location: SourceLocation(path: path), isAppOwned: appOwned, sdkName: sdk, document: document)
        case .failure(let error):
            return PrivacyManifestFile(location: SourceLocation(path: path), isAppOwned: appOwned, sdkName: sdk, parseError: error)
        }
    }

    /// A privacy manifest declaring the given categories (short names) with their reasons.
    static func manifestDeclaring(_ entries: [(String, [String])], path: String = "App/PrivacyInfo.xcprivacy", appOwned: Bool = true,
                                  sdk: String? = nil) -> PrivacyManifestFile {
        let body = entries.map { category, reasons in
            "<dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategory\(category)</string>"
                + "<key>NSPrivacyAccessedAPITypeReasons</key><array>\(reasons.map { "<string>\($0)</string>" }.joined())</array></dict>"
        }.joined(separator: "\n")
        return manifest(plist("<key>NSPrivacyAccessedAPITypes</key>\n<array>\n\(body)\n</array>"), path: path, appOwned: appOwned, sdk: sdk)
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }
}
