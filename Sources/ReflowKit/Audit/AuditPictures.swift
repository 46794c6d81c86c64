import Audit
import Reflow
import TextMetrics

/// Which findings of a document the HTML report draws (`audit --max-pictures`): a picture is
/// 40–70 KB of page at `--scale 1`, so a document with a thousand findings would make a page of
/// tens of megabytes that no one scrolls through. The report draws at most `budget` findings a
/// document, the worst ones, and lists the rest in a table, each with its places and message.
///
/// How "worst" is ranked: first each rule's worst finding (so that every rule found has a
/// picture while the budget lasts), then every other finding; within each of the two, by
/// severity (error, warning, info), then by the size it starts at (the smallest first: a problem
/// at L meets every reader from L up, one at AX5 only the readers at AX5), then by its count of
/// places (the most first), then in the report's order.
public enum AuditPictures {
    /// Pictures a document at most, unless `--max-pictures` says otherwise: about 2.5 MB of
    /// pictures at `--scale 1`.
    public static let defaultBudget = 40

    /// The indices of `findings` in the order they are drawn (the worst first, as the type says).
    /// - Complexity: O(n log n) in the findings.
    public static func ranked(_ findings: [AuditFinding]) -> [Int] {
        func worse(_ a: Int, _ b: Int) -> Bool {
            let (x, y) = (findings[a], findings[b])
            if x.severity != y.severity { return x.severity > y.severity }
            if x.category != y.category { return x.category < y.category }
            if x.count != y.count { return x.count > y.count }
            return a < b
        }
        let all = findings.indices.sorted(by: worse)
        var seen = Set<AuditRule>()
        let firsts = all.filter { seen.insert(findings[$0].rule).inserted }
        let chosen = Set(firsts)
        return firsts + all.filter { !chosen.contains($0) }
    }

    /// The indices of the findings to draw, at most `budget` of them (nil: all), in the findings' order.
    public static func chosen(_ findings: [AuditFinding], budget: Int?) -> [Int] {
        guard let budget else { return Array(findings.indices) }
        return ranked(findings).prefix(max(0, budget)).sorted()
    }
}
