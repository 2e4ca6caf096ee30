import UIKit

/// Only the unit-test target DemoTests compiles this file.
enum KeyboardFixture {
    static var languages: [String?] { UITextInputMode.activeInputModes.map(\.primaryLanguage) }
}
