#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system library opened with `dlopen` only when a feature needs it (libcurl for `--online`, libcrypto for
/// `--console`), so the binary links neither and a run without them loads nothing at start. `dlopen` of a loaded
/// library only counts a reference, so each use opens it again instead of keeping it in a global; it is never
/// closed (a process loads it once).
struct DynamicLibrary {
    /// Why the library or one of its functions could not be had (dlerror's text when it gives one).
    struct Missing: Error {
        let reason: String
    }

    let soname: String
    private let handle: UnsafeMutableRawPointer

    init(_ soname: String) throws(Missing) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw Missing(reason: dlerror().map { String(cString: $0) } ?? "\(soname) was not found")
        }
        self.soname = soname
        self.handle = handle
    }

    /// The function `name`, typed as the caller declares its C signature.
    func symbol<Function>(_ name: String, as type: Function.Type) throws(Missing) -> Function {
        guard let address = dlsym(handle, name) else { throw Missing(reason: "\(soname) has no \(name)") }
        return unsafeBitCast(address, to: type)
    }
}
#endif
