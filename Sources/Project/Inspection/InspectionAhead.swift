import Foundation
import Support

/// The part of an inspection that needs no checklist, begun on another core while the checklists load: the
/// walk (`WalkedProject`), then the early stage (the Xcode projects, the Gradle files) when none of its
/// inspectors reads a checklist table. The source scan and the Apple inspector wait for the early stage, so
/// it no longer waits for the load. `walked()` waits for the walk, or does all of it on the calling thread
/// if no thread has begun (a busy queue can delay the work, never block it); `earlyOutputs()` waits for the
/// early stage. Every output is a pure function of the tree, so a run is the same whichever thread did what.
public final class InspectionAhead: @unchecked Sendable {
    public let root: String
    let manifest: Manifest?
    /// The scope the early stage was run for; an inspection of another scope uses only the walk.
    public let scope: InspectionOptions.Scope
    /// The early stage's inspectors of this scope, in registration order; empty when one of them reads a
    /// checklist table (then the whole stage runs after the load, as before).
    let early: [any Inspector]
    /// The names of the inspectors it was begun with, in order (an inspection over others runs its own early stage).
    let inspectorNames: [String]
    private let condition = NSCondition()
    private var started = false
    private var walk: Result<WalkedProject, InspectionError>?
    /// One slot per early inspector, filled as each finishes (a reader of the Gradle files need not wait for a
    /// large Xcode project).
    private var earlyDone: [ProjectInspector.ErasedOutput?] = []

    public init(root: String, manifest: Manifest?, scope: InspectionOptions.Scope = .everything,
                inspectors: [any Inspector] = InspectorRegistry.builtin) {
        self.root = root
        self.manifest = manifest
        self.scope = scope
        inspectorNames = inspectors.map(\.name)
        let selected = inspectors.filter { $0.scopes.contains(scope) }
        let stages = Set(selected.map(\.stage)).sorted()
        let first = stages.count > 1 ? selected.filter { $0.stage == stages[0] } : []
        early = first.contains(where: \.readsChecklistTables) ? [] : first
        DispatchQueue.global().async { self.runIfWaiting() }
    }

    /// Whether the early stage runs here (else `inspect` runs it after the load).
    var runsEarlyStage: Bool { !early.isEmpty }

    public func walked() throws(InspectionError) -> WalkedProject {
        runIfWaiting()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let walk { return try walk.get() }
            condition.wait()
        }
    }

    /// The outputs of the early inspectors whose part types are `reading` (nil: all), in registration order, once
    /// those are in (call after `walked()` succeeded).
    func earlyOutputs(reading: Set<ObjectIdentifier>? = nil) -> [ProjectInspector.ErasedOutput] {
        let wanted = early.indices.filter { reading?.contains(early[$0].partType) ?? true }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if earlyDone.count == early.count, case let outputs = wanted.compactMap({ earlyDone[$0] }), outputs.count == wanted.count {
                return outputs
            }
            condition.wait()
        }
    }

    private func finish(_ position: Int, _ output: ProjectInspector.ErasedOutput) {
        condition.lock()
        earlyDone[position] = output
        condition.broadcast()
        condition.unlock()
    }

    private func runIfWaiting() {
        condition.lock()
        guard !started else {
            condition.unlock()
            return
        }
        started = true
        condition.unlock()
        let outcome: Result<WalkedProject, InspectionError>
        do {
            outcome = .success(WalkedProject(root: root, walk: try FileWalker(exclude: manifest?.exclude ?? []).walk(root: root)))
        } catch {
            outcome = .failure(error)
        }
        condition.lock()
        walk = outcome
        earlyDone = Array(repeating: nil, count: early.count)
        condition.broadcast()
        condition.unlock()
        guard case .success(let walked) = outcome else { return }
        // The scope's default options, without tables: the early inspectors declare that they read none (a session
        // inspects with the default file limit too).
        let options = InspectionOptions(scope: scope)
        _ = ConcurrentMap.map(count: early.count) { [early, manifest] index in
            let inspector = early[index]
            let input = InspectionInput(root: walked.root, files: ProjectInspector.wanted(walked.files, by: inspector),
                                        manifest: manifest, options: options)
            self.finish(index, ProjectInspector.run(inspector, input))
        }
    }
}
