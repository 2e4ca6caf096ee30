/// Settings > Delete account: deletes the account and its data on the server.
struct AccountSettingsModel {
    let api: TideLogAPI

    func deleteAccount() async throws {
        try await api.delete(path: "/account")
    }
}
