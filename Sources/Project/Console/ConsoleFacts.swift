import Formats

/// The facts the console step emits (declared in rules/shipcheck.yml). Rules read them to turn a manual item
/// into a check when the console resource that answers it was read, and to keep it manual otherwise.
public enum ConsoleFacts {
    /// App Store Connect was read (from the API or a snapshot).
    public static let appstore = "console.appstore"
    /// The editable App Info and its localizations were read (privacy policy URL per locale).
    public static let appstoreAppInfo = "console.appstore.app_info"
    /// The age-rating declaration was read.
    public static let appstoreAgeRating = "console.appstore.age_rating"
    /// App Review Information of the version in flight was read.
    public static let appstoreReviewDetail = "console.appstore.review_detail"
    /// A build App Store Connect processed as VALID is attached to the version in flight.
    public static let appstoreBuildValid = "console.appstore.build_valid"
    /// The day (`YYYY-MM-DD`) the build attached to the version in flight was uploaded: rules compare it with the
    /// date an SDK requirement began (the date stays in the rule).
    public static let appstoreBuildUploaded = "console.appstore.build_uploaded"
    /// Google Play Console was read.
    public static let play = "console.play"
    /// Why App Store Connect / Play was asked for and not read.
    public static let appstoreUnread = "console.appstore_unread"
    public static let playUnread = "console.play_unread"

    public static let all = [appstore, appstoreAppInfo, appstoreAgeRating, appstoreReviewDetail, appstoreBuildValid, appstoreBuildUploaded, play,
                             appstoreUnread, playUnread]

    /// The facts of a console part: what was read, and why a store asked for was not.
    public static func facts(for part: ConsolePart) -> [Fact] {
        var facts: [Fact] = []
        let origin = part.origin ?? "the console"
        func add(_ name: String, _ store: ConsoleStore, _ what: String) {
            facts.append(Fact(name: name, value: .bool(true), source: .detected,
                              evidence: [Evidence(location: ConsoleLocation.at(store), snippet: "\(what), read from \(origin)")]))
        }
        if let asc = part.snapshot?.appStoreConnect {
            add(appstore, .appstore, "app \(asc.app.bundleId)")
            if let info = asc.appInfo {
                add(appstoreAppInfo, .appstore, "App Information, \(info.localizations.count) localization(s)")
                if info.ageRatingDeclaration != nil { add(appstoreAgeRating, .appstore, "age rating declaration") }
            }
            if let version = asc.version {
                if version.reviewDetail != nil { add(appstoreReviewDetail, .appstore, "App Review Information of version \(version.versionString ?? version.id)") }
                if let build = version.build, build.processingState == "VALID" {
                    add(appstoreBuildValid, .appstore, "build \(build.version ?? "?") attached, processing state VALID"
                        + (build.sdkBuild.map { ", built with SDK \($0)" } ?? "") + (build.uploadedDay.map { ", uploaded \($0)" } ?? ""))
                }
                if let build = version.build, let day = build.uploadedDay {
                    facts.append(Fact(name: appstoreBuildUploaded, value: .string(day), source: .detected, evidence: [
                        Evidence(location: ConsoleLocation.at(.appstore),
                                 snippet: "build \(build.version ?? "?") uploaded \(day) (App Store Connect's date), read from \(origin)")]))
                }
            }
        }
        if let play = part.snapshot?.googlePlay { add(self.play, .play, "package \(play.packageName)") }
        for (store, reason) in part.unread.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let name = store == .appstore ? appstoreUnread : playUnread
            facts.append(Fact(name: name, value: .string(reason), source: .detected,
                              evidence: [Evidence(location: ConsoleLocation.at(store), snippet: "not read: \(reason)")]))
        }
        return facts
    }
}
