import Foundation

let tool = ShipcheckCommand(console: Console(environment: ProcessInfo.processInfo.environment))
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
