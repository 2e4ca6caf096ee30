import YAML

/// The first place two YAML trees differ (content, mark, style or tag), as a path; nil when identical.
/// For the tests that compare a compiled checklist with its parsed text.
public func compiledNodeDifference(_ a: Node, _ b: Node, path: String = "$") -> String? {
    if a.mark != b.mark { return "\(path): mark \(a.mark) vs \(b.mark)" }
    if a.style != b.style { return "\(path): style \(a.style) vs \(b.style)" }
    if a.tag != b.tag { return "\(path): tag \(a.tag ?? "nil") vs \(b.tag ?? "nil")" }
    switch (a.content, b.content) {
    case (.scalar(let x), .scalar(let y)):
        return x == y ? nil : "\(path): scalar \(x.debugDescription) vs \(y.debugDescription)"
    case (.sequence(let x), .sequence(let y)):
        if x.count != y.count { return "\(path): \(x.count) vs \(y.count) items" }
        for (i, (p, q)) in zip(x, y).enumerated() {
            if let d = compiledNodeDifference(p, q, path: "\(path)[\(i)]") { return d }
        }
        return nil
    case (.mapping(let x), .mapping(let y)):
        if x.count != y.count { return "\(path): \(x.count) vs \(y.count) pairs" }
        for (i, (p, q)) in zip(x, y).enumerated() {
            if let d = compiledNodeDifference(p.key, q.key, path: "\(path).key[\(i)]") { return d }
            if let d = compiledNodeDifference(p.value, q.value, path: "\(path).\(p.key.scalar ?? "[\(i)]")") { return d }
        }
        return nil
    default:
        return "\(path): \(a.kindName) vs \(b.kindName)"
    }
}
