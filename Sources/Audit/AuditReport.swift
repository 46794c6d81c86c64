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

    /// The worst severity found, listed or not; nil when nothing was.
    public var worst: AuditSeverity? { [findings.map(\.severity).max(), omittedWorst].compactMap { $0 }.max() }

    /// How many findings were found beyond those listed.
    public var omittedCount: Int { omitted.values.reduce(0, +) }

    public func count(_ severity: AuditSeverity) -> Int { findings.filter { $0.severity == severity }.count }
}
