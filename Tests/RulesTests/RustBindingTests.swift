import Testing
@testable import Project
@testable import Rules

/// A Rust buffer named after the C call that fills it is no use of that call (keyguard-app, whose licence reserves
/// all rights: util/io/rust/.../fsops.rs has `let mut stat = MaybeUninit::<libc::statx>::uninit();` under a Linux
/// `cfg`; these lines are written for the test in that shape). The call and the C type still are.
@Suite struct RustBindingTests {
    static func timestamps(_ source: String) throws -> Bool {
        try UsageSignalTests.facts(source, .rust, path: "core/src/fsops.rs").contains("api.FileTimestamp")
    }

    @Test func aBindingNamedStatIsNoUse() throws {
        #expect(!(try Self.timestamps("let mut stat = std::mem::MaybeUninit::<libc::statx>::uninit();\n")))
        #expect(!(try Self.timestamps("fn check(mut stat: Info) -> bool { stat = next(); true }\n")))
        #expect(!(try Self.timestamps("struct Entry { stat: u64 }\n")))
        #expect(!(try Self.timestamps("if unsafe { libc::fstatfs(fd, stat.as_mut_ptr()) } != 0 { return None; }\n")))
        #expect(!(try Self.timestamps("Ok(Identity { mount_point: stat.f_mntonname, size: entry.stat })\n")))
    }

    /// The true twins: the call, and the C type a call fills.
    @Test func theCallAndTheTypeAreUses() throws {
        #expect(try Self.timestamps("if unsafe { libc::fstat(fd, buf.as_mut_ptr()) } != 0 { return None; }\n"))
        #expect(try Self.timestamps("let mut buf = std::mem::MaybeUninit::<libc::stat>::uninit();\n"))
        #expect(try Self.timestamps("fn validate(info: &libc::stat) -> bool { true }\n"))
    }
}
