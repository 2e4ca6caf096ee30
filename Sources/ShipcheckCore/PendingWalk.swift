import Foundation
import Project

/// The walk of a session's root, started on another core while the checklists load: neither needs the
/// other, and each is several milliseconds of a `check` that nothing else overlapped. When the walk is done
/// before the checklists are, the same thread goes on with the inspectors that read no checklist
/// (`ProjectInspector.inspectAhead`: the Xcode projects, the metadata trees), which on a small project
/// otherwise waited for the load. `result()` waits for what a thread has begun, or walks itself if no thread
/// has (so a busy queue can only delay the walk, never block it); once it is asked, nothing more is begun
/// ahead, so on a large tree, whose walk outlasts the load, the inspectors all run together as before.
final class PendingWalk: @unchecked Sendable {
    let root: String
    let exclude: [String]
    /// What the ahead inspection needs; nil: the walk only.
    let ahead: (manifest: Manifest?, scope: InspectionOptions.Scope, inspectors: [any Inspector])?
    private let condition = NSCondition()
    private var state: State = .waiting
    private var asked = false

    private enum State {
        case waiting, walking
        case inspecting(FileWalker.Result)
        case done(Result<FileWalker.Result, InspectionError>, ProjectInspector.AheadOutputs?)
    }

    init(root: String, exclude: [String], ahead: (manifest: Manifest?, scope: InspectionOptions.Scope, inspectors: [any Inspector])? = nil) {
        self.root = root
        self.exclude = exclude
        self.ahead = ahead
        DispatchQueue.global().async { self.walkIfWaiting(inspectAhead: true) }
    }

    func result() throws(InspectionError) -> (walk: FileWalker.Result, ahead: ProjectInspector.AheadOutputs?) {
        condition.lock()
        asked = true
        condition.unlock()
        walkIfWaiting(inspectAhead: false)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .done(let outcome, let ahead) = state { return (try outcome.get(), ahead) }
            condition.wait()
        }
    }

    private func walkIfWaiting(inspectAhead: Bool) {
        condition.lock()
        guard case .waiting = state else {
            condition.unlock()
            return
        }
        state = .walking
        condition.unlock()
        let outcome: Result<FileWalker.Result, InspectionError>
        do { outcome = .success(try FileWalker(exclude: exclude).walk(root: root)) } catch { outcome = .failure(error) }
        condition.lock()
        guard inspectAhead, !asked, let ahead, case .success(let walk) = outcome else {
            state = .done(outcome, nil)
            condition.broadcast()
            condition.unlock()
            return
        }
        state = .inspecting(walk)
        condition.unlock()
        let outputs = ProjectInspector.inspectAhead(root: root, manifest: ahead.manifest, scope: ahead.scope,
                                                    inspectors: ahead.inspectors, walk: walk)
        condition.lock()
        state = .done(.success(walk), outputs)
        condition.broadcast()
        condition.unlock()
    }
}
