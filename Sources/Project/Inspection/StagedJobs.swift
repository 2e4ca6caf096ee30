import Foundation
import Support

/// The inspectors' jobs over the cores, stage by stage in effect but not in time: a later-stage inspector
/// that reads no earlier part (`readsEarlierParts == false`: the metadata and native-library readers)
/// does not wait for the earlier stage, so the other core reads Gradle scripts and metadata while one reads
/// a large Xcode project, instead of standing idle. The outputs come back in stage, then registration,
/// order: the order they are merged in, so the model is what running stage after stage gave.
enum StagedJobs {
    typealias Job = @Sendable (any Inspector, ModelParts) -> ProjectInspector.ErasedOutput

    static func run(_ inspectors: [any Inspector], earlyParts: ModelParts, job: @escaping Job) -> [ProjectInspector.ErasedOutput] {
        let stages = Set(inspectors.map(\.stage)).sorted()
        // Merge order: stage, then registration.
        let ordered = stages.flatMap { stage in inspectors.indices.filter { inspectors[$0].stage == stage } }
        guard stages.count == 2 else {
            // One stage (or none): side by side. (More than two stages would need a gate per stage: none exist.)
            var parts = earlyParts
            var outputs: [ProjectInspector.ErasedOutput] = []
            for stage in stages {
                let jobs = inspectors.filter { $0.stage == stage }
                let earlier = parts
                let stageOutputs = ConcurrentMap.map(count: jobs.count) { job(jobs[$0], earlier) }
                for output in stageOutputs { output.store(&parts) }
                outputs += stageOutputs
            }
            return outputs
        }
        let early = ordered.filter { inspectors[$0].stage == stages[0] }
        let later = ordered.filter { inspectors[$0].stage == stages[1] }
        // Handed out in this order: the early jobs, then those that need nothing of them, then the rest, so a
        // thread waits at the gate only once every job it could run instead has been taken.
        let schedule = early + later.filter { !inspectors[$0].readsEarlierParts } + later.filter { inspectors[$0].readsEarlierParts }
        let gate = Gate(count: early.count, parts: earlyParts)
        let position = Dictionary(uniqueKeysWithValues: early.enumerated().map { ($0.element, $0.offset) })
        let results = ConcurrentMap.map(count: schedule.count) { slot -> (Int, ProjectInspector.ErasedOutput) in
            let index = schedule[slot]
            let inspector = inspectors[index]
            if let earlyPosition = position[index] {
                let output = job(inspector, earlyParts)
                gate.finish(earlyPosition, output)
                return (index, output)
            }
            return (index, job(inspector, inspector.readsEarlierParts ? gate.parts() : ModelParts()))
        }
        let byIndex = Dictionary(uniqueKeysWithValues: results.map { ($0.0, $0.1) })
        return ordered.compactMap { byIndex[$0] }
    }

    /// The early stage's parts, stored in registration order once its last job is done.
    private final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var outputs: [ProjectInspector.ErasedOutput?]
        private var remaining: Int
        private var merged: ModelParts

        init(count: Int, parts: ModelParts) {
            outputs = Array(repeating: nil, count: count)
            remaining = count
            merged = parts
        }

        func finish(_ position: Int, _ output: ProjectInspector.ErasedOutput) {
            condition.lock()
            defer { condition.unlock() }
            outputs[position] = output
            remaining -= 1
            guard remaining == 0 else { return }
            for output in outputs.compactMap({ $0 }) { output.store(&merged) }
            condition.broadcast()
        }

        func parts() -> ModelParts {
            condition.lock()
            defer { condition.unlock() }
            while remaining > 0 { condition.wait() }
            return merged
        }
    }
}
