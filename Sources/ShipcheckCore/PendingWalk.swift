import Foundation
import Project

/// The walk of a session's root, started on another core while the checklists load: neither needs the
/// other, and each is several milliseconds of a `check` that nothing else overlapped. `result()` waits for
/// it, or walks itself if no thread has begun (so a busy queue can only delay the walk, never block it).
final class PendingWalk: @unchecked Sendable {
    let root: String
    let exclude: [String]
    private let condition = NSCondition()
    private var state: State = .waiting

    private enum State {
        case waiting, walking
        case done(Result<FileWalker.Result, InspectionError>)
    }

    init(root: String, exclude: [String]) {
        self.root = root
        self.exclude = exclude
        DispatchQueue.global().async { self.walkIfWaiting() }
    }

    func result() throws(InspectionError) -> FileWalker.Result {
        walkIfWaiting()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .done(let outcome) = state { return try outcome.get() }
            condition.wait()
        }
    }

    private func walkIfWaiting() {
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
        state = .done(outcome)
        condition.broadcast()
        condition.unlock()
    }
}
