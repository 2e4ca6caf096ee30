import Testing
@testable import Rules

/// The same SDK-only reason is a warning in a native app and a note in a React Native app (pod install copies the
/// pods' reasons into the app's manifest): exactly one of the two rules speaks in each.
@Suite struct ReactNativeAggregationTests {
    static let native = "\(RuleExampleTests.examplesRoot)/privacy-manifest.sdk-only-reason/trigger"
    static let reactNative = "\(RuleExampleTests.examplesRoot)/privacy-manifest.sdk-only-reason-react-native/trigger"

    @Test func eachAppGetsOneOfTheTwoRules() throws {
        let native = try RuleExampleTests.evaluate(Self.native).map(\.rule)
        #expect(native.contains("privacy-manifest.sdk-only-reason"))
        #expect(!native.contains("privacy-manifest.sdk-only-reason-react-native"))
        let reactNative = try RuleExampleTests.evaluate(Self.reactNative)
        #expect(!reactNative.contains { $0.rule == "privacy-manifest.sdk-only-reason" })
        #expect(reactNative.filter { $0.rule == "privacy-manifest.sdk-only-reason-react-native" }.map(\.severity) == [.info])
    }
}
