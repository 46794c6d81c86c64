import Reflow
import TextMetrics

/// The findings of an audit and what it covered.
public struct AuditReport: Sendable {
    public var findings: [AuditFinding]
    public var categories: [ContentSizeCategory]
    public var widths: [Double]
    public var styleScales: [StyleScale]
    /// How many more elements each rule found than it lists (`Auditor.Options.findingsPerRule`).
    public var omitted: [AuditRule: Int] = [:]
    /// The worst severity among the findings not listed.
    public var omittedWorst: AuditSeverity?
    /// The most elements a rule lists (nil: all).
    public var findingsPerRule: Int?
    /// The languages audited (`--lang`), in order; empty without it. With more than one, the
    /// findings are grouped by language in every format.
    public var languages: [String] = []

    /// The worst severity found, listed or not; nil when nothing was.
    public var worst: AuditSeverity? { [findings.map(\.severity).max(), omittedWorst].compactMap { $0 }.max() }

    /// How many findings were found beyond those listed.
    public var omittedCount: Int { omitted.values.reduce(0, +) }

    public func count(_ severity: AuditSeverity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Listed findings of `severity` in `language`.
    public func count(_ severity: AuditSeverity, in language: String) -> Int {
        findings.filter { $0.severity == severity && $0.language == language }.count
    }

    /// Texts shown in a fallback language (`untranslated` findings) in `language`: one per key
    /// and element that shows it.
    public func untranslated(in language: String) -> Int {
        findings.filter { $0.rule == .untranslated && $0.language == language }.count
    }

    /// One report of the audits of a document in several languages (each `Auditor.Options.language`
    /// set), in their order: their findings one language after the other, what each did not list
    /// summed. The sizes, widths and the growth of text styles are those of the first (the same
    /// in every language).
    public static func merging(_ reports: [(language: String, report: AuditReport)]) -> AuditReport {
        let first = reports.first?.report
        var merged = AuditReport(findings: reports.flatMap(\.report.findings), categories: first?.categories ?? [],
                                 widths: first?.widths ?? [], styleScales: first?.styleScales ?? [],
                                 findingsPerRule: first?.findingsPerRule)
        for (_, report) in reports {
            merged.omitted.merge(report.omitted, uniquingKeysWith: +)
            if let worst = report.omittedWorst { merged.omittedWorst = max(merged.omittedWorst ?? worst, worst) }
        }
        merged.languages = reports.map(\.language)
        return merged
    }
}
