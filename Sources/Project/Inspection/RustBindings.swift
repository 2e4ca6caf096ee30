/// A Rust name that is bound, not used: `let mut stat = …`, `fn f(stat: &libc::stat)`, `stat = …`, and that value
/// used (`stat.as_mut_ptr()`, `stat.st_size`: a function is never followed by a dot). Rust code names
/// its buffers after the C call that fills them (keyguard-app's `let mut stat = MaybeUninit::<libc::statx>`
/// under a Linux `cfg`), so the binding is no use of the C function of that name; the call (`libc::fstat(`) and
/// the type (`libc::stat`) still are.
enum RustBindings {
    /// Whether the word at `start..<end` is bound by `let`/`mut`/`ref`, declared with a type (`name:` but not
    /// `name::`), assigned (`name =` but not `name ==`/`name =>`), a value whose member is taken (`name.`), or a
    /// field (`x.name`, not called).
    static func isBinding(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        var k = start - 1
        while k >= 0, SourceScanner.isSpace(b[k]) { k -= 1 }
        let wordEnd = k + 1
        while k >= 0, Tokenizer.isWordByte(b[k]) { k -= 1 }
        if wordEnd > k + 1 {
            let before = UnsafeBufferPointer(rebasing: b[(k + 1)..<wordEnd])
            if binders.contains(where: { $0.elementsEqual(before) }) { return true }
        }
        var m = end
        while m < b.count, b[m] == 0x20 || b[m] == 0x09 { m += 1 }
        guard m < b.count else { return false }
        let next = m + 1 < b.count ? b[m + 1] : 0
        if wordEnd == k + 1, k >= 0 {
            // `libc::stat`: a path, a use whatever follows. `x.stat`: a field, unless called (`dir.stat(…)`).
            if b[k] == UInt8(ascii: ":"), k >= 1, b[k - 1] == UInt8(ascii: ":") { return false }
            if b[k] == UInt8(ascii: "."), k >= 1, b[k - 1] != UInt8(ascii: ".") { return b[m] != UInt8(ascii: "(") }
        }
        if b[m] == UInt8(ascii: ":") { return next != UInt8(ascii: ":") }
        if b[m] == UInt8(ascii: "=") { return next != UInt8(ascii: "=") && next != UInt8(ascii: ">") }
        if b[m] == UInt8(ascii: ".") { return next != UInt8(ascii: ".") }
        return false
    }

    static let binders: [[UInt8]] = [Array("let".utf8), Array("mut".utf8), Array("ref".utf8)]
}
