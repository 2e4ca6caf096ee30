import Testing
@testable import StoreText
