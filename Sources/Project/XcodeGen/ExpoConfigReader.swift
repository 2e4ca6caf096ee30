import Foundation
import Formats

/// Expo's app config: `app.json` (JSON) and the literal object an `app.config.js` / `app.config.ts` exports
/// (read by `JSObjectLiteral`, never run). What it says about what ships:
/// - `ios.infoPlist` scalar values become the app target's Info.plist keys, with their lines (Expo writes them
///   into the Info.plist it generates: continuous native generation);
/// - `ios.privacyManifests` (Expo SDK 50+) becomes the app's PrivacyInfo.xcprivacy, as Expo writes it;
/// - `android.permissions` and `expo-build-properties`' `android.targetSdkVersion` become the Android facts of
///   an app whose android/ folder is generated.
/// What is not read: config plugins other than expo-build-properties (which may set keys from their options),
/// and every non-literal part of a JS/TS config; both are listed in `unevaluated`.
enum ExpoConfigReader {
    static func read(path: String, text: String) -> ProjectSpec? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return read(path: path, object: object, lines: QuotedText.keyLines(in: text), requireExpoKeys: true)
    }

    /// `app.config.js` / `app.config.ts`: the literal object it exports; what is code is listed, never run.
    static func dynamicConfig(path: String, text: String) -> ProjectSpec {
        guard let literal = JSObjectLiteral.read(text) else {
            var spec = ProjectSpec(path: path)
            spec.unevaluated = [(nil, "\(path) exports no literal object shipcheck can read without running it")]
            return spec
        }
        var spec = read(path: path, object: literal.object, lines: literal.keyLines, requireExpoKeys: false) ?? ProjectSpec(path: path)
        spec.unevaluated += literal.unread.prefix(20).map { ($0.line, $0.what) }
        return spec
    }

    static func read(path: String, object: [String: Any], lines: [String: Int], requireExpoKeys: Bool) -> ProjectSpec? {
        let expo = (object["expo"] as? [String: Any]) ?? object
        // A bare React Native app.json (`{"name": "App"}`) is no Expo config.
        if requireExpoKeys {
            guard expo["ios"] != nil || expo["plugins"] != nil || expo["sdkVersion"] != nil || expo["slug"] != nil else { return nil }
        }
        var spec = ProjectSpec(path: path)
        var target = ProjectSpec.Target(name: (expo["name"] as? String) ?? "app", productType: "com.apple.product-type.application",
                                        line: lines["expo"] ?? lines["ios"] ?? lines["name"])
        target.generatesInfoPlist = true
        let ios = expo["ios"] as? [String: Any] ?? [:]
        for (key, value) in (ios["infoPlist"] as? [String: Any]) ?? [:] {
            switch value {
            case let text as String: target.keys[key] = text
            case let flag as Bool: target.keys[key] = flag ? "YES" : "NO"
            case let number as NSNumber: target.keys[key] = number.stringValue
            default: continue
            }
            target.keyLines[key] = lines[key]
        }
        spec.targets = [target]
        if let manifest = ios["privacyManifests"] as? [String: Any] {
            spec.privacyManifest = (plist(manifest), lines["privacyManifests"])
        }
        let android = expo["android"] as? [String: Any] ?? [:]
        for case let name as String in (android["permissions"] as? [Any]) ?? [] {
            let short = name.hasPrefix("android.permission.") ? String(name.dropFirst("android.permission.".count)) : name
            spec.androidPermissions.append((short, lines["permissions"]))
        }
        let platforms = (expo["platforms"] as? [Any])?.compactMap { $0 as? String } ?? ["ios", "android"]
        let first = lines["expo"] ?? lines["name"]
        if platforms.contains("ios") { spec.expoStores.append((.appstore, lines["ios"] ?? first)) }
        if platforms.contains("android") { spec.expoStores.append((.play, lines["android"] ?? first)) }
        var unreadPlugins = 0
        for plugin in (expo["plugins"] as? [Any]) ?? [] {
            // `["expo-build-properties", { android: { targetSdkVersion: 35 } }]`
            if let pair = plugin as? [Any], pair.first as? String == "expo-build-properties", pair.count > 1 {
                let options = (pair[1] as? [String: Any])?["android"] as? [String: Any]
                // A number the config gives may be any double (1e300, Infinity): only a whole one in range is a level.
                let number = (options?["targetSdkVersion"] as? NSNumber).map(\.doubleValue).flatMap { $0.isFinite && abs($0) < 1e6 ? Int($0) : nil }
                if let sdk = number ?? (options?["targetSdkVersion"] as? String).flatMap({ Int($0) }) {
                    spec.androidTargetSdk = (sdk, lines["targetSdkVersion"])
                }
                continue
            }
            unreadPlugins += 1
        }
        if unreadPlugins > 0 {
            spec.unevaluated.append((lines["plugins"], "config plugins (\(unreadPlugins)), which may set Info.plist keys from their options, are not run"))
        }
        return spec
    }

    /// A JSON/JS value as a property-list value (numbers that are whole become integers; null is dropped).
    static func plist(_ value: Any) -> PlistValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as NSNumber:
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? .integer(Int(double)) : .real(double)
        case let array as [Any]: return .array(array.filter { !($0 is NSNull) }.map(plist))
        case let object as [String: Any]: return .dictionary(object.filter { !($0.value is NSNull) }.mapValues(plist))
        default: return .string("\(value)")
        }
    }
}
