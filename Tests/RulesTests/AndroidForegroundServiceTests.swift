import BuiltinData
import Project
import Testing
@testable import Rules

/// android-manifest.foreground-service-permission over hand-built facts: a declared type without its permission is
/// a warning from targetSdk 34 on (a crash, not a store rejection, and a library may add the permission), at the service; below 34, with the permission, or for shortService, nothing.
struct AndroidForegroundServiceTests {
    static let rule = "android-manifest.foreground-service-permission"

    static func findings(_ facts: [Fact]) throws -> [Finding] {
        // shipcheck.yml declares the permission facts the check's table names (held to the catalog at load).
        let sources = BuiltinData.checklists.filter { $0.name == "android-manifest.yml" || $0.name == "shipcheck.yml" }
            .map { ChecklistSource(file: "rules/\($0.name)", text: $0.text) }
        let engine = Engine(checklists: try ChecklistLoader().load(sources))
        let project = ProjectModel(root: "/tmp/app", facts: FactStore(facts + [Fact(name: "store.play", value: .bool(true), source: .detected)]))
        return engine.evaluate(EvaluationContext(project: project, tables: engine.tables, today: "2026-11-30")).findings.filter { $0.rule == rule }
    }

    static func fact(_ name: String, _ value: FactValue = .bool(true), at line: Int = 12) -> Fact {
        Fact(name: name, value: value, source: .detected,
             evidence: [Evidence(location: SourceLocation(path: "app/src/main/AndroidManifest.xml", line: line), snippet: name)])
    }

    @Test func aTypeWithoutItsPermissionIsAnErrorAtTheService() throws {
        let found = try Self.findings([Self.fact("android.target_sdk", .number(34)), Self.fact("android.permission.FOREGROUND_SERVICE"),
                                       Self.fact("android.foreground_service_type.location", at: 15)])
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.location == SourceLocation(path: "app/src/main/AndroidManifest.xml", line: 15))
        #expect(found.first?.message.contains("FOREGROUND_SERVICE_LOCATION") == true)
        #expect(found.first?.message.contains("FOREGROUND_SERVICE and") == false)
    }

    @Test func theBasePermissionIsNamedToo() throws {
        let found = try Self.findings([Self.fact("android.target_sdk", .number(35)), Self.fact("android.foreground_service_type.shortService")])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("declares FOREGROUND_SERVICE;") == true)
    }

    @Test func belowAPI34OrWithThePermissionNothing() throws {
        let type = Self.fact("android.foreground_service_type.camera")
        #expect(try Self.findings([Self.fact("android.target_sdk", .number(33)), type]).isEmpty)
        #expect(try Self.findings([type]).isEmpty)
        #expect(try Self.findings([Self.fact("android.target_sdk", .number(36)), type, Self.fact("android.permission.FOREGROUND_SERVICE"),
                                   Self.fact("android.permission.FOREGROUND_SERVICE_CAMERA")]).isEmpty)
        // A permission stated false in shipcheck.yml is not granted.
        let stated = Fact(name: "android.permission.FOREGROUND_SERVICE_CAMERA", value: .bool(false), source: .stated)
        #expect(try Self.findings([Self.fact("android.target_sdk", .number(36)), type, Self.fact("android.permission.FOREGROUND_SERVICE"), stated]).count == 1)
    }
}
