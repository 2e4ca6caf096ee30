import Testing
@testable import YAML
