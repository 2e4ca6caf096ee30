@testable import Project

extension InspectorOutput {
    func facts(named name: String) -> [Fact] { facts.filter { $0.name == name } }
    func evidence(of name: String) -> [Evidence] { facts(named: name).flatMap(\.evidence).sorted() }
}
