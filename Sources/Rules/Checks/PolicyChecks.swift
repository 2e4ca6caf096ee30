/// Check functions for account deletion, privacy policy, data safety and demo account
/// (rules/account-deletion.yml, privacy-policy.yml, data-safety.yml, demo-account.yml).
/// All are domain checks (`subjects: .none`): they read the project, and the files it names, directly.
public enum PolicyChecks {
    public static var all: [CheckFunction] {
        PolicyDataSafetyChecks.all + PolicyPrivacyChecks.all + PolicyDemoAccountChecks.all
    }
}
