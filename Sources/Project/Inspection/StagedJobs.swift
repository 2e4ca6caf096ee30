import Foundation
import Support

/// The inspectors' jobs over the cores, stage by stage in effect but not in time: a later-stage inspector
/// that reads no earlier part (`readsEarlierParts == false`: the metadata and native-library readers)
/// does not wait for the earlier stage, so the other core reads Gradle scripts and metadata while one reads
/// a large Xcode project, instead of standing idle. The outputs come back in stage, then registration,
/// order: the order they are merged in, so the model is what running stage after stage gave.
enum StagedJobs {
    typealias Job = @Sendable (any Inspector, ModelParts) -> ProjectInspector.ErasedOutput

    /// `ranAhead`: the early stage ran elsewhere (`InspectionAhead`, beside the checklist load) and this gives
    /// its outputs, waiting for them; `inspectors` are then the later stage's only.
    static func run(_ inspectors: [any Inspector], earlyParts: ModelParts,
                    ranAhead: (@Sendable (Set<ObjectIdentifier>?) -> [ProjectInspector.ErasedOutput])? = nil,
                    job: @escaping Job) -> [ProjectInspector.ErasedOutput] {
        if let ranAhead { return runAfter(ranAhead, inspectors, earlyParts: earlyParts, job: job) }
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
        // Handed out in this order: the early jobs, then those that need nothing of them, then the rest (those
        // that wait for some early parts first), so a thread waits at the gate only once every job it could run
        // instead has been taken.
        let schedule = early + laterInOrder(later.map { inspectors[$0] }).map { later[$0] }
        let gate = Gate(early.map { inspectors[$0].partType }, parts: earlyParts)
        let position = Dictionary(uniqueKeysWithValues: early.enumerated().map { ($0.element, $0.offset) })
        let results = ConcurrentMap.map(count: schedule.count) { slot -> (Int, ProjectInspector.ErasedOutput) in
            let index = schedule[slot]
            let inspector = inspectors[index]
            if let earlyPosition = position[index] {
                let output = job(inspector, earlyParts)
                gate.finish(earlyPosition, output)
                return (index, output)
            }
            return (index, job(inspector, inspector.readsEarlierParts ? gate.parts(reading: inspector.earlierPartTypes) : ModelParts()))
        }
        let byIndex = Dictionary(uniqueKeysWithValues: results.map { ($0.0, $0.1) })
        return ordered.compactMap { byIndex[$0] }
    }

    /// The later stage, with the early stage run ahead: the inspectors that read no earlier part start at once,
    /// the others once the early outputs are in (stored over `earlyParts` in registration order, as the gate does).
    private static func runAfter(_ ranAhead: @escaping @Sendable (Set<ObjectIdentifier>?) -> [ProjectInspector.ErasedOutput],
                                 _ inspectors: [any Inspector], earlyParts: ModelParts, job: @escaping Job) -> [ProjectInspector.ErasedOutput] {
        let schedule = laterInOrder(inspectors)
        let results = ConcurrentMap.map(count: schedule.count) { slot -> ProjectInspector.ErasedOutput in
            let inspector = inspectors[schedule[slot]]
            guard inspector.readsEarlierParts else { return job(inspector, ModelParts()) }
            var parts = earlyParts
            for output in ranAhead(inspector.earlierPartTypes) { output.store(&parts) }
            return job(inspector, parts)
        }
        var byIndex = [ProjectInspector.ErasedOutput?](repeating: nil, count: inspectors.count)
        for (slot, index) in schedule.enumerated() { byIndex[index] = results[slot] }
        return ranAhead(nil) + byIndex.compactMap { $0 }
    }

    /// The later stage's indices in the order they are handed out: those that read no earlier part, then those
    /// that read some, then those that read them all (registration order within each).
    private static func laterInOrder(_ inspectors: [any Inspector]) -> [Int] {
        let waits = inspectors.map { !$0.readsEarlierParts ? 0 : $0.earlierPartsRead != nil ? 1 : 2 }
        return (0...2).flatMap { level in inspectors.indices.filter { waits[$0] == level } }
    }

    /// The early stage's outputs as they finish; a reader waits for those whose parts it reads, stored over the
    /// stage's starting parts in registration order.
    private final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private let partTypes: [ObjectIdentifier]
        private var outputs: [ProjectInspector.ErasedOutput?]
        private let base: ModelParts

        init(_ partTypes: [ObjectIdentifier], parts: ModelParts) {
            self.partTypes = partTypes
            outputs = Array(repeating: nil, count: partTypes.count)
            base = parts
        }

        func finish(_ position: Int, _ output: ProjectInspector.ErasedOutput) {
            condition.lock()
            defer { condition.unlock() }
            outputs[position] = output
            condition.broadcast()
        }

        /// The parts of types `reading` (nil: all), once the jobs that make them are done.
        func parts(reading: Set<ObjectIdentifier>?) -> ModelParts {
            let wanted = partTypes.indices.filter { reading?.contains(partTypes[$0]) ?? true }
            condition.lock()
            defer { condition.unlock() }
            while wanted.contains(where: { outputs[$0] == nil }) { condition.wait() }
            var merged = base
            for position in wanted { outputs[position]?.store(&merged) }
            return merged
        }
    }
}
