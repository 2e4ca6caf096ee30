import Testing
@testable import StoreLocale
