import Reflow
import TextMetrics

// Grouping: the same problem in many elements, one finding.
extension Auditor {
    /// What makes two elements' findings one: the same rule and severity, in the same language,
    /// first found at the same size and width, about the same subject (`AuditFinding.subject`: the
    /// thing itself, which the rule names — a word, characters, an image): a word broken in twenty paragraphs at AX4 and 320 pt is one finding of
    /// twenty places, not twenty findings. Sizes and widths stay apart (the word at AX4 and at
    /// AX5 are two findings: a reader at AX4 sees one of them), and so do severities, so that a
    /// run's worst severity, and with it its exit status, is what it was.
    struct GroupKey: Hashable {
        var rule: AuditRule
        var severity: AuditSeverity
        var language: String?
        var width: Double
        var category: ContentSizeCategory
        var subject: String
        /// A rule about a catalog's text keeps each key apart (its message names the key anyway).
        var text: Findings.TextKey?

        init(_ finding: AuditFinding) {
            (rule, severity, language, width, category) = (finding.rule, finding.severity, finding.language, finding.width, finding.category)
            subject = finding.subject ?? ""
            text = finding.rule.readsTextOrigin ? finding.textOrigin.map(Findings.TextKey.init) : nil
        }
    }

    /// `findings` (one per element) grouped by `GroupKey`, in the order of each group's first
    /// element: that element is the finding's own (its frame, source, message and picture), the
    /// others its `otherPlaces`, and the sizes it holds at every size any of them holds at. A
    /// finding whose rule names no subject (a touch target, whose tiles are each their own
    /// target) stays a finding of its element.
    /// - Complexity: O(n) in the findings.
    static func grouped(_ findings: [AuditFinding]) -> [AuditFinding] {
        var grouped: [AuditFinding] = []
        /// Where each group is in `grouped`.
        var position: [GroupKey: Int] = [:]
        for finding in findings {
            let key = GroupKey(finding)
            guard finding.subject != nil, let at = position[key] else {
                if finding.subject != nil { position[key] = grouped.count }
                grouped.append(finding)
                continue
            }
            grouped[at].otherPlaces.append(AuditPlace(finding))
            for category in finding.otherCategories where !grouped[at].otherCategories.contains(category) {
                grouped[at].otherCategories.append(category)
            }
            grouped[at].otherCategories.sort()
        }
        return grouped
    }
}
