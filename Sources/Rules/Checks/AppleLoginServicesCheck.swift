import Project

/// Guideline 4.8 (Login Services), one policy judged on either input (`from:`): a third-party or social login
/// is offered and no Sign in with Apple is. Each input gives its sightings of both (`LoginSightings`), each at its
/// origin: `from: source` the code's (the source scan's facts) and the built app's entitlement when an archive is
/// given; `from: archive` each built iOS archive's embedded login SDKs and its app's entitlement
/// (`ArchiveLoginEvidence`). The rules keep their own messages: a line of code and an embedded SDK say different things.
enum AppleLoginServicesCheck {
    static let function = CheckFunction(
        name: "apple.login_alternative",
        summary: "A third-party or social login in the app's code (or, `from: archive`, a login SDK a built iOS archive embeds) comes with Sign in with Apple",
        options: [OptionSpec("entitlement", .string, required: true, doc: "the entitlement a built app offering Sign in with Apple is signed with"),
                  OptionSpec("frameworks", .stringList, requiredWhen: ("from", "archive"), doc: "with `from: archive`: framework names of third-party login SDKs"),
                  JudgedInput.option],
        subjects: .none,
        placeholders: ["framework", "sdk", "entitlement", "binary"],
        // What the source scan calls a third-party login and Sign in with Apple (rules/review-risk.yml's and
        // rules/account-deletion.yml's symbol tables set them).
        reads: [.fact(.thirdPartyLogin), .fact(.signInWithApple)]
    ) { invocation in
        guard let entitlement = invocation.options.string("entitlement") else { return [] }
        let project = invocation.context.project
        if JudgedInput.isArchive(invocation) {
            let listed = Set((invocation.options.strings("frameworks") ?? []).map { $0.lowercased() })
            return project.archives.compactMap { ArchiveLoginEvidence.sightings($0, frameworks: listed, entitlement: entitlement)?.withoutAppleLogin }
        }
        return [LoginSightings.source(project, facts: invocation.facts, entitlement: entitlement).withoutAppleLogin].compactMap { $0 }
    }
}

/// The logins one input shows an app offers, each sighting at its origin (a line of code, a place in a built archive).
struct LoginSightings {
    var thirdParty: [Sighting] = []
    var signInWithApple: [Sighting] = []

    /// The policy: a third-party login without Sign in with Apple, reported at the first third-party sighting.
    var withoutAppleLogin: CheckResult? {
        guard signInWithApple.isEmpty, let first = thirdParty.first else { return nil }
        return first.result
    }

    /// The source's sightings: the scan's facts, and the entitlement of a built app given with --archive.
    static func source(_ project: ProjectModel, facts: CheckFacts, entitlement: String) -> LoginSightings {
        let signed = project.archives.flatMap { ArchiveLoginEvidence.signedApps($0, entitlement: entitlement) }
        return LoginSightings(thirdParty: Sighting.fact(.thirdPartyLogin, in: project, facts: facts).map { [$0] } ?? [],
                              signInWithApple: (Sighting.fact(.signInWithApple, in: project, facts: facts).map { [$0] } ?? []) + signed)
    }
}
