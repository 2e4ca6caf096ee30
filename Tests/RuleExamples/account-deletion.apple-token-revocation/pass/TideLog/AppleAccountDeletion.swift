import FirebaseAuth

struct AppleAccountDeletion {
    func revoke(authorizationCode: String) async throws {
        try await Auth.auth().revokeToken(withAuthorizationCode: authorizationCode)
    }
}
