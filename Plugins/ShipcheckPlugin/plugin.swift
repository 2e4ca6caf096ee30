import Foundation
import PackagePlugin

/// `swift package shipcheck [ARGUMENTS]`: builds shipcheck and runs it on the package's folder.
/// With no arguments, or options only, it runs `shipcheck check PACKAGE_DIR [OPTIONS]`; arguments that start
/// with a command (`facts`, `rules list`, `metadata fastlane/metadata`…) are passed to shipcheck unchanged,
/// from the package's folder. Reports written with FORMAT:PATH inside the package need
/// `--allow-writing-to-package-directory` where SwiftPM sandboxes plugins (macOS).
@main
struct ShipcheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "shipcheck")
        let folder = context.package.directoryURL
        let words = arguments.isEmpty || arguments[0].hasPrefix("-") ? ["check", folder.path] + arguments : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = words
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard status == 0 else { throw ShipcheckFailed(status: status) }
    }
}

/// shipcheck's exit 1 (findings at or above --fail-on) or 2 (usage, unreadable input) fails the command.
struct ShipcheckFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String {
        status == 1 ? "shipcheck found problems at or above --fail-on (exit 1); the report above says what and where"
                    : "shipcheck could not check the package (exit \(status)); its error is printed above"
    }
}
