import Foundation
import Project

/// Reads App Store Connect (GET only): the app by bundle id, its editable App Information with localizations
/// and age-rating declaration, and the version in flight with its localizations, App Review details and build.
/// JSON:API documents: `data`, `included` joined by (type, id), `links.next` followed on the same origin only.
struct AppStoreConnectReader {
    let session: ConsoleAPISession
    static let maxPages = 20
    /// The states of a version not yet released (App Store Connect API, AppVersionState).
    static let inFlight = ["PREPARE_FOR_SUBMISSION", "DEVELOPER_REJECTED", "REJECTED", "METADATA_REJECTED", "INVALID_BINARY",
                           "READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "WAITING_FOR_EXPORT_COMPLIANCE"]

    func read(bundleId: String) throws(ConsoleReadFailure) -> AppStoreConnectSnapshot {
        let apps = try collection("/v1/apps", ["filter[bundleId]": bundleId, "limit": "2"])
        guard let app = apps.data.first(where: { ($0.attributes["bundleId"] as? String) == bundleId }) else {
            throw ConsoleReadFailure("no app with bundle id \(bundleId) is visible to this App Store Connect key")
        }
        var snapshot = AppStoreConnectSnapshot(app: .init(id: app.id, bundleId: bundleId, name: app.attributes["name"] as? String,
                                                          primaryLocale: app.attributes["primaryLocale"] as? String))
        do {
            let infos = try collection("/v1/apps/\(app.id)/appInfos", ["include": "appInfoLocalizations,ageRatingDeclaration",
                                                                        "limit[appInfoLocalizations]": "50"])
            let released = ["READY_FOR_DISTRIBUTION", "REPLACED_WITH_NEW_INFO", "READY_FOR_SALE"]
            let editable = infos.data.first { info in
                let state = (info.attributes["state"] as? String) ?? (info.attributes["appStoreState"] as? String) ?? ""
                return !released.contains(state)
            } ?? infos.data.first
            if let info = editable {
                let localizations = infos.related(info, "appInfoLocalizations").map { resource in
                    AppStoreConnectSnapshot.AppInfoLocalization(locale: resource.attributes["locale"] as? String ?? "?",
                                                                name: resource.attributes["name"] as? String,
                                                                subtitle: resource.attributes["subtitle"] as? String,
                                                                privacyPolicyUrl: resource.attributes["privacyPolicyUrl"] as? String)
                }
                let declaration = infos.related(info, "ageRatingDeclaration").first.map { resource in
                    AppStoreConnectSnapshot.AgeRatingDeclaration(id: resource.id, answers: resource.attributes.mapValues(Self.answer))
                }
                snapshot.appInfo = .init(id: info.id, state: info.attributes["state"] as? String, localizations: localizations,
                                         ageRatingDeclaration: declaration)
            }
        } catch where error.forbidden {
            // The key's role cannot read App Information: those items stay manual; the version is still read.
        }
        do {
            let versions = try collection("/v1/apps/\(app.id)/appStoreVersions", [
                "filter[platform]": "IOS", "filter[appVersionState]": Self.inFlight.joined(separator: ","),
                "include": "appStoreVersionLocalizations,appStoreReviewDetail,build", "limit[appStoreVersionLocalizations]": "50", "limit": "2",
            ])
            if let version = versions.data.first {
                let localizations = versions.related(version, "appStoreVersionLocalizations").enumerated().map { index, resource in
                    AppStoreConnectSnapshot.VersionLocalization(
                        locale: resource.attributes["locale"] as? String ?? "?", description: resource.attributes["description"] as? String,
                        keywords: resource.attributes["keywords"] as? String, whatsNew: resource.attributes["whatsNew"] as? String,
                        promotionalText: resource.attributes["promotionalText"] as? String, supportUrl: resource.attributes["supportUrl"] as? String,
                        marketingUrl: resource.attributes["marketingUrl"] as? String,
                        screenshotSets: index < Self.maxScreenshotLocalizations ? screenshotSets(localizationId: resource.id) : nil)
                }
                let review = versions.related(version, "appStoreReviewDetail").first.map { resource in
                    // The password becomes present/absent here; the text goes no further than this line.
                    AppStoreConnectSnapshot.ReviewDetail(
                        demoAccountRequired: resource.attributes["demoAccountRequired"] as? Bool,
                        demoAccountName: resource.attributes["demoAccountName"] as? String,
                        demoAccountPasswordPresent: !((resource.attributes["demoAccountPassword"] as? String) ?? "").allSatisfy(\.isWhitespace),
                        notes: resource.attributes["notes"] as? String)
                }
                let build = versions.related(version, "build").first.map { resource in
                    AppStoreConnectSnapshot.Build(id: resource.id, version: resource.attributes["version"] as? String,
                                                  processingState: resource.attributes["processingState"] as? String,
                                                  minOsVersion: resource.attributes["minOsVersion"] as? String,
                                                  usesNonExemptEncryption: resource.attributes["usesNonExemptEncryption"] as? Bool,
                                                  sdkBuild: sdkBuild(buildId: resource.id),
                                                  uploadedDate: (resource.attributes["uploadedDate"] as? String).flatMap { $0.count <= 40 ? $0 : nil })
                }
                snapshot.version = .init(id: version.id, versionString: version.attributes["versionString"] as? String,
                                         appVersionState: version.attributes["appVersionState"] as? String,
                                         platform: version.attributes["platform"] as? String, localizations: localizations,
                                         reviewDetail: review, build: build)
            }
        } catch where error.forbidden {
            // As above: the version's items stay manual.
        }
        snapshot.purchases = purchases(appId: app.id)
        return snapshot
    }

    /// The SDK build the attached build's app bundle was built with (`buildBundles.sdkBuild`, e.g. `23A339`), best
    /// effort: through `GET /v1/builds/{id}?include=buildBundles`, since the relationship endpoint
    /// `/v1/builds/{id}/buildBundles` answers 403 to API keys.
    func sdkBuild(buildId: String) -> String? {
        guard !buildId.isEmpty, buildId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
              let builds = try? collection("/v1/builds/\(buildId)", ["include": "buildBundles", "limit[buildBundles]": "50"]),
              let build = builds.data.first else { return nil }
        let bundles = builds.related(build, "buildBundles")
        let app = bundles.first { $0.attributes["bundleType"] as? String == "APP" } ?? bundles.first
        guard let sdk = app?.attributes["sdkBuild"] as? String, !sdk.isEmpty, sdk.count <= 32 else { return nil }
        return sdk
    }

    /// The localizations whose screenshot sets are read, at most: App Store Connect offers fewer locales than this,
    /// so the bound only matters against an answer that lists more.
    static let maxScreenshotLocalizations = 50

    /// A localization's screenshot sets with their screenshots' file names and delivery states, best effort: one
    /// `GET /v1/appStoreVersionLocalizations/{id}/appScreenshotSets?include=appScreenshots` per localization (the
    /// API has no nested include from the version), 50 sets and 50 screenshots per set at most per page; nil when
    /// it cannot be read, so that nothing is said about it.
    func screenshotSets(localizationId: String) -> [AppStoreConnectSnapshot.ScreenshotSet]? {
        guard !localizationId.isEmpty, localizationId.count <= 64,
              localizationId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
              let sets = try? collection("/v1/appStoreVersionLocalizations/\(localizationId)/appScreenshotSets", [
                  "include": "appScreenshots", "limit": "50", "limit[appScreenshots]": "50",
                  "fields[appScreenshotSets]": "screenshotDisplayType,appScreenshots",
                  "fields[appScreenshots]": "fileName,assetDeliveryState",
              ]) else { return nil }
        return sets.data.filter { $0.type == "appScreenshotSets" }.compactMap { set in
            guard let type = set.attributes["screenshotDisplayType"] as? String, !type.isEmpty, type.count <= 64 else { return nil }
            let shots = sets.related(set, "appScreenshots").map { shot in
                let delivery = shot.attributes["assetDeliveryState"] as? [String: Any]
                return AppStoreConnectSnapshot.Screenshot(fileName: shot.attributes["fileName"] as? String,
                                                          state: delivery?["state"] as? String)
            }
            return .init(displayType: type, screenshots: shots)
        }
    }

    /// The app's in-app purchases and subscriptions with their states; nil when either list cannot be read (a
    /// role without access, an API without the resource): those items then say nothing rather than something wrong.
    func purchases(appId: String) -> [AppStoreConnectSnapshot.Purchase]? {
        func text(_ resource: Resource, _ key: String) -> String? { resource.attributes[key] as? String }
        do {
            let products = try collection("/v1/apps/\(appId)/inAppPurchasesV2", ["limit": "200"])
            let groups = try collection("/v1/apps/\(appId)/subscriptionGroups", ["include": "subscriptions", "limit": "50",
                                                                                    "limit[subscriptions]": "50"])
            var result = products.data.filter { $0.type == "inAppPurchases" }.compactMap { item -> AppStoreConnectSnapshot.Purchase? in
                guard let product = text(item, "productId") else { return nil }
                return .init(productId: product, name: text(item, "name"), type: text(item, "inAppPurchaseType"), state: text(item, "state"))
            }
            for group in groups.data {
                for item in groups.related(group, "subscriptions") {
                    guard let product = text(item, "productId") else { continue }
                    result.append(.init(productId: product, name: text(item, "name"), type: "SUBSCRIPTION", state: text(item, "state")))
                }
            }
            return result
        } catch {
            return nil
        }
    }

    static func answer(_ value: Any) -> AgeRatingAnswer {
        switch value {
        case is NSNull: return .unanswered
        case let text as String: return .text(text)
        // Any other value is an answer; a yes/no (or a number Foundation reads as one) is kept as a yes/no.
        case let flag as Bool: return .bool(flag)
        default: return .text("\(type(of: value))")
        }
    }

    /// A JSON:API resource.
    struct Resource {
        let type: String
        let id: String
        let attributes: [String: Any]
        let relationships: [String: Any]

        init?(_ object: Any) {
            guard let object = object as? [String: Any], let type = object["type"] as? String, let id = object["id"] as? String else { return nil }
            self.type = type
            self.id = id
            attributes = object["attributes"] as? [String: Any] ?? [:]
            relationships = object["relationships"] as? [String: Any] ?? [:]
        }
    }

    /// Every page of a collection: its primary resources and every included one.
    struct Collection {
        var data: [Resource] = []
        var included: [String: Resource] = [:]

        /// The included resources a relationship names (one or many), in its order.
        func related(_ resource: Resource, _ name: String) -> [Resource] {
            guard let relationship = resource.relationships[name] as? [String: Any] else { return [] }
            let links: [Any] = (relationship["data"] as? [Any]) ?? (relationship["data"].map { [$0] } ?? [])
            return links.compactMap { link in
                guard let link = link as? [String: Any], let type = link["type"] as? String, let id = link["id"] as? String else { return nil }
                return included["\(type)\u{0}\(id)"]
            }
        }
    }

    func collection(_ path: String, _ query: [String: String]) throws(ConsoleReadFailure) -> Collection {
        var components = URLComponents(url: session.origin.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard var url = components?.url else { throw ConsoleReadFailure("could not build the request for \(path)") }
        var result = Collection()
        for _ in 0..<Self.maxPages {
            let document = try session.json(.get, url)
            let data: [Any] = (document["data"] as? [Any]) ?? (document["data"].map { [$0] } ?? [])
            result.data += data.compactMap(Resource.init)
            for resource in ((document["included"] as? [Any]) ?? []).compactMap(Resource.init) {
                result.included["\(resource.type)\u{0}\(resource.id)"] = resource
            }
            guard let links = document["links"] as? [String: Any], let next = links["next"] as? String, let nextURL = URL(string: next) else { break }
            // The bearer goes only to the API's own origin: a next link elsewhere ends the collection.
            guard ConsoleEndpoints.sameOrigin(nextURL, as: session.origin) else { break }
            url = nextURL
        }
        return result
    }
}

