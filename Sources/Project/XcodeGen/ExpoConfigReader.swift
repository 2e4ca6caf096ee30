import Foundation

/// Expo's app config, as far as the iOS Info.plist goes: `app.json`'s `expo.ios.infoPlist` (or `ios.infoPlist`
/// at the top level) scalar values become the app target's keys, with their lines. Expo writes them into the
/// Info.plist it generates (continuous native generation). What is not read: config plugins (`plugins:`, which
/// may set purpose strings from their options) and `app.config.js` / `app.config.ts`, which are code and never
/// run; both are listed in `unevaluated`.
enum ExpoConfigReader {
    static func read(path: String, text: String) -> ProjectSpec? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        let expo = (object["expo"] as? [String: Any]) ?? object
        // A bare React Native app.json (`{"name": "App"}`) is no Expo config.
        guard expo["ios"] != nil || expo["plugins"] != nil || expo["sdkVersion"] != nil || expo["slug"] != nil else { return nil }
        var spec = ProjectSpec(path: path)
        let lines = InspectedText.keyLines(in: text)
        var target = ProjectSpec.Target(name: (expo["name"] as? String) ?? "app", productType: "com.apple.product-type.application",
                                        line: lines["expo"] ?? lines["ios"])
        target.generatesInfoPlist = true
        for (key, value) in ((expo["ios"] as? [String: Any])?["infoPlist"] as? [String: Any]) ?? [:] {
            switch value {
            case let text as String: target.keys[key] = text
            case let flag as Bool: target.keys[key] = flag ? "YES" : "NO"
            case let number as NSNumber: target.keys[key] = number.stringValue
            default: continue
            }
            target.keyLines[key] = lines[key]
        }
        spec.targets = [target]
        if let plugins = expo["plugins"] as? [Any], !plugins.isEmpty {
            spec.unevaluated.append((lines["plugins"], "config plugins (\(plugins.count)), which may set Info.plist keys from their options, are not run"))
        }
        return spec
    }

    /// `app.config.js` / `app.config.ts`: code, never run.
    static func dynamicConfig(path: String) -> ProjectSpec {
        var spec = ProjectSpec(path: path)
        spec.unevaluated = [(nil, "\(path) is JavaScript or TypeScript, which shipcheck does not run")]
        return spec
    }
}
