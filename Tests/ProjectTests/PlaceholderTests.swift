import Testing
@testable import Project
