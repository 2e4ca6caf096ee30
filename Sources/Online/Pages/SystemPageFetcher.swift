import Project

#if canImport(Darwin)
/// The real fetcher of this platform.
public typealias SystemPageFetcher = URLSessionPageFetcher
#else
/// The real fetcher of this platform.
public typealias SystemPageFetcher = CurlPageFetcher
#endif
