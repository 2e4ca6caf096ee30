import Foundation
import Project

/// `--online`: the URLs the checks judge are fetched here, once each and side by side, before evaluation,
/// so that checks stay pure functions of the model (they read `ProjectModel.webPages`).
public enum OnlineStep {
    /// Pages fetched at once, at most.
    public static let parallelism = 8

    /// Every http(s) URL a check may fetch: metadata fields named `*_url` in every tree, locale and
    /// `default/`, facts whose name ends in `url`, and `paths.privacy_policy` when it is a URL.
    public static func urls(in project: ProjectModel) -> [String] {
        var urls: [String] = []
        var seen = Set<String>()
        func add(_ raw: String) {
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let lower = text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), seen.insert(text).inserted else { return }
            urls.append(text)
        }
        for tree in project.metadata {
            for locale in tree.locales + (tree.defaults.map { [$0] } ?? []) {
                for (name, value) in locale.fields.sorted(by: { $0.key < $1.key }) where name.hasSuffix("_url") { add(value.text) }
            }
            for (name, value) in tree.rootFields.sorted(by: { $0.key < $1.key }) where name.hasSuffix("_url") { add(value.text) }
        }
        for fact in project.facts.all where fact.name.hasSuffix("url") {
            if case .string(let text) = fact.value { add(text) }
        }
        if let stated = project.manifest?.paths.privacyPolicy { add(stated) }
        // The privacy policy each App Store localization links to, when a console was read (--console).
        for localization in project.console.snapshot?.appStoreConnect?.appInfo?.localizations ?? [] {
            if let url = localization.privacyPolicyUrl { add(url) }
        }
        // The live support and marketing URLs, which the metadata rules judge as they judge the files' (url).
        for localization in project.console.snapshot?.appStoreConnect?.version?.localizations ?? [] {
            for url in [localization.supportUrl, localization.marketingUrl].compactMap({ $0 }) { add(url) }
        }
        return urls
    }

    /// Fetches each URL once; the answers keyed by the URL text. A fetcher that cannot fetch at all
    /// answers each URL with its reason (the CLI stops before, see `PageFetcher.prepare`).
    /// The whole online step ends by `deadline` seconds: each page has its own timeout, but 24 pages that
    /// each drip until theirs took 50 s. Pages not answered by then fail with that reason.
    public static func fetch(_ urls: [String], with fetcher: any PageFetcher, deadline: TimeInterval = 30) -> [String: WebFetch] {
        var pages: [String: WebFetch] = [:]
        if let reason = fetcher.prepare() {
            for url in urls { pages[url] = .failure(reason) }
            return pages
        }
        let end = DispatchTime.now() + deadline
        let late = WebFetch.failure("not fetched: the online checks stop after \(Int(deadline)) s in all, and earlier pages took that long")
        var start = 0
        while start < urls.count {
            if DispatchTime.now() >= end {
                for url in urls[start...] { pages[url] = late }
                break
            }
            let batch = Array(urls[start..<min(start + parallelism, urls.count)])
            // Fetching waits on the network, not the CPU: one task each (not concurrentPerform, whose
            // width is the core count), joined before the next batch.
            let answers = Answers(count: batch.count)
            let group = DispatchGroup()
            for (index, url) in batch.enumerated() {
                DispatchQueue.global().async(group: group) { answers.set(index, fetcher.fetch(url)) }
            }
            _ = group.wait(timeout: end)
            for (index, url) in batch.enumerated() { pages[url] = answers.get(index) ?? late }
            start += batch.count
        }
        // Not one host name resolved: the network is down, not every domain; nothing was checked.
        if !pages.isEmpty, pages.values.allSatisfy({ if case .hostNotFound = $0 { return true } else { return false } }) {
            for (url, answer) in pages {
                if case .hostNotFound(let reason) = answer {
                    pages[url] = .offline("no host name resolved for any of the \(pages.count) URLs (\(reason)): the machine looks offline or without DNS")
                }
            }
        }
        return pages
    }
}

/// The answers of one batch, written from the fetching tasks.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [WebFetch?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: WebFetch) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> WebFetch? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
