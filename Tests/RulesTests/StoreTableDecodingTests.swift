import Testing
import YAML
@testable import Rules

/// The tables the checks used to re-read as YAML at evaluation (field limits, locale codes, native dependencies,
/// foreground-service permissions) are decoded once at load: a bad row is a load error at its line and column,
/// where it used to be dropped in silence (the limit or the locale went missing, and with it the finding).
@Suite("Store tables decoded at load")
struct StoreTableDecodingTests {
    static func errors(_ text: String) -> [String] {
        ChecklistLoaderSeamTests.errors(text)
    }

    /// A `length` rule names only `limit:`: its default table, `field_limits`, is decoded as a named one would be,
    /// and every bad row is reported (here two), each at its own place.
    @Test func badRowsOfTheDefaultLimitTableFailTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          field_limits:
            source: "made up for the test"
            value:
              - { field: appstore.name, max: 30, unit: utf16, source: "made up" }
              - { field: appstore.subtitle, max: 0, unit: utf16, source: "made up" }
              - { field: appstore.name, max: 30, unit: utf16, source: "made up" }
        rules:
          - id: demo.name
            title: Name
            stores: [appstore]
            check: length
            with: { limit: appstore.name, fields: [name] }
            message: "{{count}}"
            help: Shorten it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:8:42: table `field_limits`: expected a positive limit, got 0 (as check \"length\" reads it)",
            "demo.yml:9:18: table `field_limits`: duplicate field \"appstore.name\" (first listed at line 7) (as check \"length\" reads it)",
        ])
        // The twin: well-formed rows load.
        let fixed = text.replacingOccurrences(of: "max: 0", with: "max: 30")
            .replacingOccurrences(of: "      - { field: appstore.name, max: 30, unit: utf16, source: \"made up\" }\nrules", with: "rules")
        #expect(Self.errors(fixed) == [])
    }

    @Test func aLocaleTableCodeThatIsNoCodeFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          locales:
            source: "made up for the test"
            value:
              codes: [en-US, fr-FR, no way]
        rules:
          - id: demo.folder
            title: Folder
            stores: [appstore]
            check: locale-folder
            given: appstore.folders
            with: { table: locales, report: invalid }
            message: "{{expected}}"
            help: Rename it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:7:29: table `locales`: \"no way\" is not a locale code (language[-Script][-REGION]) (as check \"locale-folder\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: ", no way", with: "")) == [])
    }

    /// A native-dependency row the inspection would skip (a coordinate without its artifact) fails the load.
    @Test func aNativeDependencyRowWithoutItsArtifactFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          natives:
            kind: native_dependencies
            source: "made up for the test"
            value:
              - { coordinate: "net.zetetic:sqlcipher-android", first_16kb: "4.6.1", source: "made up" }
              - { coordinate: "org.webrtc", first_16kb: "1.0", source: "made up" }
        rules:
          - id: demo.native
            title: Native
            stores: [play]
            check: play.native_dependencies_16kb
            with: { table: natives }
            message: "{{dependency}}"
            help: Update it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:9:23: table `natives`: `coordinate` is group:name or group:* (as check \"play.native_dependencies_16kb\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: "\"org.webrtc\"", with: "\"org.webrtc:*\"")) == [])
    }

    /// A type's permission list with an entry that is not a name fails the load (it used to be dropped, and the
    /// type then needed no permission).
    @Test func aForegroundServicePermissionThatIsNoNameFailsTheLoad() {
        let text = """
        checklist: demo
        title: Demo
        tables:
          fgs:
            source: "made up for the test"
            value:
              base: android.permission.FOREGROUND_SERVICE
              types:
                camera: [android.permission.FOREGROUND_SERVICE_CAMERA, [android.permission.CAMERA]]
        rules:
          - id: demo.fgs
            title: Foreground
            stores: [play]
            check: android.foreground_services
            with: { require: permissions, types: fgs, min_target_sdk: 34 }
            message: "{{type}}"
            help: Add it.
        """
        #expect(Self.errors(text) == [
            "demo.yml:9:64: table `fgs`: each permission of a type is a name (as check \"android.foreground_services\" reads it)",
        ])
        #expect(Self.errors(text.replacingOccurrences(of: "[android.permission.CAMERA]", with: "android.permission.CAMERA")) == [])
    }

    /// A team's foreground-service table names permissions, which are facts the check reads: a misspelt one is a
    /// load error at its column with the nearest name (it used to load, and every service of that type was then
    /// reported as missing a permission no manifest can declare).
    @Test func aMisspeltPermissionInATeamTableIsALoadErrorWithTheNearestName() throws {
        let team = """
            checklist: team
            title: Team rules
            tables:
              team_fgs:
                source: "made up for the test"
                value:
                  base: android.permission.FOREGROUND_SERVICE
                  types: { camera: android.permission.FOREGROUND_SERVICE_CAMRA, shortService: [] }
            rules:
              - id: team.fgs
                title: Foreground
                stores: [play]
                check: android.foreground_services
                with: { require: permissions, types: team_fgs, min_target_sdk: 34 }
                message: "{{type}}"
                help: Add it.
            """
        let errors = FactCatalogTests.errors(team)
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].file == "team/team.yml")
        #expect(errors[0].mark == Mark(line: 8, column: 24))
        #expect(errors[0].message.hasPrefix("table `team_fgs`: unknown fact \"android.permission.FOREGROUND_SERVICE_CAMRA\": android.permission.* is a closed family"), "\(errors[0].message)")
        #expect(errors[0].message.contains("(did you mean \"android.permission.FOREGROUND_SERVICE_CAMERA\"?)"), "\(errors[0].message)")
        #expect(errors[0].snippet?.hasSuffix("\n" + String(repeating: " ", count: 25) + "^") == true, "\(errors[0].snippet ?? "")")
        // The twin, spelt right, loads.
        #expect(FactCatalogTests.errors(team.replacingOccurrences(of: "CAMRA", with: "CAMERA")).isEmpty)
    }
}
