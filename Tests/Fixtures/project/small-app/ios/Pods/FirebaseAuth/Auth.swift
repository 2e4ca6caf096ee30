public final class Auth {
    public func createUser(withEmail email: String, password: String) {}
}
