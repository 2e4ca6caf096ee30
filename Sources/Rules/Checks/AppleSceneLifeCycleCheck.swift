import Project

/// `apple.scene_life_cycle`: a UIKit app (the `delegate` fact: an app delegate in its code) whose app Info.plists
/// declare no `UIApplicationSceneManifest` (nor Xcode's generated `UIApplicationSceneManifest_Generation = YES`)
/// and whose code has no SwiftUI scene (the `swiftui` fact) uses the app-delegate life cycle, which TN3187 says
/// stops launching once the app is built with the SDK after iOS 26. With an Xcode project, per app bundle (its own
/// files and Info.plist; an App Clip's SwiftUI scenes do not count for the main app), one result per app delegate;
/// without one, one result for the app, at its app delegate.
enum AppleSceneLifeCycleCheck {
    static let function = CheckFunction(
        name: "apple.scene_life_cycle",
        summary: "a UIKit app declares UIApplicationSceneManifest (adopts the scene life cycle) in an app Info.plist",
        options: [
            OptionSpec("delegate", .string, required: true, doc: "fact: the code has a UIKit app delegate"),
            OptionSpec("swiftui", .string, required: true, doc: "fact: the code declares SwiftUI scenes (WindowGroup…), which adopt scenes already"),
        ],
        subjects: .none,
        reads: [.option("delegate"), .option("swiftui")]
    ) { invocation in
        let project = invocation.context.project
        guard let delegateFact = invocation.factNamed(byOption: "delegate"), let swiftUIFact = invocation.factNamed(byOption: "swiftui"),
              let delegate = FirstUse(of: delegateFact, in: project, facts: invocation.facts) else { return [] }
        // With an Xcode project, each app bundle (an App Clip is one) is judged on its own code and its own Info.plist:
        // an App Clip's SwiftUI WindowGroup says nothing of the main app's life cycle.
        if let results = perBundle(project, delegateFact: delegateFact.name, swiftUIFact: swiftUIFact.name) { return results }
        guard FirstUse(of: swiftUIFact, in: project, facts: invocation.facts) == nil else { return [] }
        let apps = project.infoPlists.filter { !$0.isTestBundle && ($0.productType == nil || $0.productType?.hasPrefix("com.apple.product-type.application") == true) }
        guard !apps.isEmpty else { return [] }
        guard !apps.contains(where: adopts) else { return [] }
        return [CheckResult(location: delegate.location, evidence: delegate.snippet, values: [
            "evidence": delegate.described, "plists": apps.map(\.location.path).joined(separator: ", "),
        ])]
    }

    /// A macOS app's Info.plist: LSMinimumSystemVersion, or NSApplication as its principal class.
    static func isMacOS(_ plist: InfoPlistFile) -> Bool {
        plist.keyLines["LSMinimumSystemVersion"] != nil || plist.strings["NSPrincipalClass"] == "NSApplication"
    }

    static func adopts(_ plist: InfoPlistFile) -> Bool {
        plist.keyLines["UIApplicationSceneManifest"] != nil || plist.strings["UIApplicationSceneManifest_Generation"] == "YES"
    }

    /// One result per app delegate file that an app bundle without scenes compiles (bundles sharing the file share
    /// the result); nil when the Xcode projects give no app bundle with its files (the app is judged as one).
    static func perBundle(_ project: ProjectModel, delegateFact: String, swiftUIFact: String) -> [CheckResult]? {
        let all = project.appleBundles.filter { $0.files != nil }
        let apps = all.filter { $0.kind == .app && $0.productType?.hasPrefix("com.apple.product-type.application") == true }
        guard !apps.isEmpty else { return nil }
        let claimed = all.reduce(into: Set<String>()) { $0.formUnion($1.files ?? []) }
        let delegates = project.symbolHits(fromArchive: false).filter { $0.signal == delegateFact }.sorted { $0.location < $1.location }
        let scenes = project.symbolHits(fromArchive: false).filter { $0.signal == swiftUIFact }
        // Files no target claims (a local package, a loose folder) count for every app bundle.
        func builds(_ bundle: AppleBundle, _ path: String) -> Bool { bundle.files?.contains(path) == true || !claimed.contains(path) }
        var byDelegate: [(hit: SymbolHit, plists: [String])] = []
        for bundle in apps {
            guard let hit = delegates.first(where: { builds(bundle, $0.location.path) }),
                  !scenes.contains(where: { builds(bundle, $0.location.path) }) else { continue }
            let own = project.infoPlists.filter { plist in
                (bundle.infoPlist != nil && plist.location.path == bundle.infoPlist && !plist.isGenerated)
                    || (plist.isGenerated && plist.location.path == bundle.location.path && plist.target.map { bundle.name == $0 || bundle.name.hasSuffix("/" + $0) } == true)
            }
            // Its Info.plist is not in the tree: not known, so not reported. A macOS app (an AppKit delegate, such as a
            // Flutter app's macos/Runner) is not UIKit's: TN3187 does not apply.
            guard !own.isEmpty, !own.contains(where: adopts), !own.contains(where: isMacOS) else { continue }
            let paths = own.map { $0.isGenerated ? "\(bundle.name)'s generated Info.plist" : $0.location.path }
            if let index = byDelegate.firstIndex(where: { $0.hit.location == hit.location }) {
                byDelegate[index].plists += paths.filter { !byDelegate[index].plists.contains($0) }
            } else {
                byDelegate.append((hit, paths))
            }
        }
        return byDelegate.map { entry in
            CheckResult(location: entry.hit.location, evidence: entry.hit.snippet.isEmpty ? entry.hit.symbol : entry.hit.snippet, values: [
                "evidence": "\(entry.hit.location)", "plists": entry.plists.joined(separator: ", "),
            ])
        }
    }
}
