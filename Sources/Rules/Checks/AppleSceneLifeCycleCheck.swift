import Project

/// `apple.scene_life_cycle`: a UIKit app (the `delegate` fact: an app delegate in its code) whose app Info.plists
/// declare no `UIApplicationSceneManifest` (nor Xcode's generated `UIApplicationSceneManifest_Generation = YES`)
/// and whose code has no SwiftUI scene (the `swiftui` fact) uses the app-delegate life cycle, which TN3187 says
/// stops launching once the app is built with the SDK after iOS 26. One result, at the app delegate.
enum AppleSceneLifeCycleCheck {
    static let function = CheckFunction(
        name: "apple.scene_life_cycle",
        summary: "a UIKit app declares UIApplicationSceneManifest (adopts the scene life cycle) in an app Info.plist",
        options: [
            OptionSpec("delegate", .string, required: true, doc: "fact: the code has a UIKit app delegate"),
            OptionSpec("swiftui", .string, required: true, doc: "fact: the code declares SwiftUI scenes (WindowGroup…), which adopt scenes already"),
        ],
        subjects: .none
    ) { invocation in
        let project = invocation.context.project
        guard let delegateFact = invocation.options.string("delegate"), let swiftUIFact = invocation.options.string("swiftui"),
              let delegate = FirstUse(of: delegateFact, in: project), FirstUse(of: swiftUIFact, in: project) == nil else { return [] }
        let apps = project.infoPlists.filter { !$0.isTestBundle && ($0.productType == nil || $0.productType?.hasPrefix("com.apple.product-type.application") == true) }
        guard !apps.isEmpty else { return [] }
        let adopted = apps.contains { plist in
            plist.keyLines["UIApplicationSceneManifest"] != nil || plist.strings["UIApplicationSceneManifest_Generation"] == "YES"
        }
        guard !adopted else { return [] }
        return [CheckResult(location: delegate.location, evidence: delegate.snippet, values: [
            "evidence": delegate.described, "plists": apps.map(\.location.path).joined(separator: ", "),
        ])]
    }
}
