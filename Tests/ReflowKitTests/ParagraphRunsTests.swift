import ReflowKit
import Testing

@Suite struct ParagraphRunsTests {
    @Test func runsCoverEveryParagraphInOrderAndNoneIsEmpty() {
        let small = String(repeating: "a", count: 1_000)
        let cases: [[String]] = [
            [],
            ["one"],
            Array(repeating: small, count: 200),
            // A last paragraph larger than all the others: the cut after it would leave an empty run.
            Array(repeating: small, count: 30) + [String(repeating: "b", count: 40_000)],
            [String(repeating: "c", count: 100_000)] + Array(repeating: small, count: 5),
        ]
        for paragraphs in cases {
            for workers in 1...6 {
                let runs = ParagraphRuns.runs(paragraphs, workers: workers)
                #expect(!runs.isEmpty)
                #expect(runs.first?.lowerBound == 0)
                #expect(runs.last?.upperBound == paragraphs.count)
                for (run, next) in zip(runs, runs.dropFirst()) { #expect(run.upperBound == next.lowerBound) }
                if !paragraphs.isEmpty { #expect(runs.allSatisfy { !$0.isEmpty }, "\(paragraphs.count) paragraphs, \(workers) workers: \(runs)") }
                #expect(runs.count <= workers)
            }
        }
    }
}
