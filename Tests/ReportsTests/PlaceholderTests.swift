import Testing
@testable import Reports
