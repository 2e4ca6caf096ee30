import FirebaseAuth

struct AccountSettingsModel {
    /// Deletes the account and, through a Cloud Function, its data.
    func deleteAccount() async throws {
        guard let user = Auth.auth().currentUser else { return }
        try await user.delete()
    }
}
