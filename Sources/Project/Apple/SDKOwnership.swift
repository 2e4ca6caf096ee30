/// Whose file is it: the app's own, or a dependency's (and which)? Decided from the path, since a
/// privacy manifest inside `Pods/Alamofire/` answers for Alamofire, not for the app.
public enum SDKOwnership {
    /// The SDK a path belongs to, or nil when the path is the app's own.
    ///
    /// Recognised: `Pods/<Name>/`, `Carthage/Checkouts/<name>/`, `SourcePackages/checkouts/<name>/`,
    /// `<Name>.framework/`, `<Name>.xcframework/`, `node_modules/[@scope/]<name>/`, Flutter's
    /// `.symlinks/plugins/<name>/` and `.pub-cache/hosted/<host>/<name>-<version>/`.
    public static func sdkName(forPath path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        // The innermost framework wins: `Pods/Firebase/Frameworks/FirebaseCore.xcframework/…` is FirebaseCore.
        for part in parts.reversed() {
            for suffix in [".xcframework", ".framework"] where part.hasSuffix(suffix) && part.count > suffix.count {
                return String(part.dropLast(suffix.count))
            }
        }
        for (index, part) in parts.enumerated() {
            let next = index + 1 < parts.count - 1 ? parts[index + 1] : nil
            switch part {
            case "Pods" where next.map { !$0.hasPrefix("Target Support Files") && !$0.hasPrefix("Local Podspecs") && !$0.hasSuffix(".xcodeproj") } ?? false:
                return next
            case "Checkouts", "checkouts":
                if let next { return next }
            case "node_modules":
                if let next, next.hasPrefix("@"), index + 2 < parts.count - 1 { return parts[index + 2] }
                if let next { return next }
            case "plugins" where index > 0 && parts[index - 1] == ".symlinks":
                if let next { return next }
            case "hosted" where index > 0 && parts[index - 1] == ".pub-cache" && index + 2 < parts.count - 1:
                let folder = parts[index + 2]
                if let dash = folder.lastIndex(of: "-") { return String(folder[..<dash]) }
                return folder
            default:
                continue
            }
        }
        return nil
    }
}
