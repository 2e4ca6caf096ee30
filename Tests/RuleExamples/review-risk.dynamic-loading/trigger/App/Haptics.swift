import Foundation

/// Reaches a framework by name instead of linking it.
enum Haptics {
    static func load() -> UnsafeMutableRawPointer? {
        let handle = dlopen("/System/Library/PrivateFrameworks/Example.framework/Example", RTLD_NOW)
        return dlsym(handle, "ExampleStart")
    }
}
