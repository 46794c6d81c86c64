import Reflow
import TextMetrics

// De-duplication: what each size saw of an element, one finding.
extension Auditor {
    /// Observations merged into findings: one per rule, width, element and severity, at the first
    /// category it was seen in (its frame and message), listing the other categories. A severity
    /// is its own finding, so that its message is the one said with it: a preview truncated by
    /// design at L (info) and cut off whole at AX5 (error) is two findings, not an error saying
    /// "by design".
    struct Findings {
        struct Key: Hashable {
            var rule: AuditRule
            var width: Double
            var element: ElementRole
            var indexPath: IndexPath
            var severity: AuditSeverity
            var language: String?
            /// The key and table of a rule about a catalog's text (two keys of one element are
            /// two findings); nil for the others (a text clipped in two forms is one finding).
            var text: TextKey?

            init(_ observation: Observation) {
                (rule, width, element, indexPath) = (observation.rule, observation.width, observation.element, observation.indexPath)
                severity = observation.severity
                language = observation.language
                text = observation.rule.readsTextOrigin ? observation.origin.map(TextKey.init) : nil
            }
        }
        /// A catalog's text by its key and table.
        struct TextKey: Hashable {
            var key: String
            var table: String

            init(_ origin: TextOrigin) { (key, table) = (origin.key, origin.table) }
        }
        /// An element, whatever the width: what the limit per rule counts.
        struct Element: Hashable {
            var element: ElementRole
            var indexPath: IndexPath
        }
        let source: (@Sendable (IndexPath) -> SourceLocation?)?
        /// The most elements a rule keeps findings for.
        let limit: Int
        private var order: [Key] = []
        private var findings: [Key: AuditFinding] = [:]
        private var kept: [AuditRule: Set<Element>] = [:]
        private var omitted: [AuditRule: Set<Element>] = [:]
        /// The worst severity among what was not kept.
        private(set) var omittedWorst: AuditSeverity?

        init(source: (@Sendable (IndexPath) -> SourceLocation?)?, limit: Int = .max) {
            self.source = source
            self.limit = limit
        }

        var ordered: [AuditFinding] { order.map { findings[$0]! } }
        /// How many elements each rule found beyond the limit.
        var omittedCounts: [AuditRule: Int] { omitted.mapValues(\.count) }

        /// Whether an observation of a new finding is kept: its element already has a finding of
        /// the rule (at another width), or the rule has room for another element.
        private mutating func keeps(_ observation: Observation) -> Bool {
            let element = Element(element: observation.element, indexPath: observation.indexPath)
            if kept[observation.rule]?.contains(element) == true { return true }
            if kept[observation.rule, default: []].count < limit {
                kept[observation.rule, default: []].insert(element)
                return true
            }
            omitted[observation.rule, default: []].insert(element)
            omittedWorst = max(omittedWorst ?? observation.severity, observation.severity)
            return false
        }

        mutating func add(_ observations: [Observation]) {
            for observation in observations { add(observation) }
        }

        mutating func add(_ observation: Observation) {
            let key = Key(observation)
            guard var finding = findings[key] else {
                guard keeps(observation) else { return }
                order.append(key)
                findings[key] = AuditFinding(
                    rule: observation.rule, severity: observation.severity, category: observation.category, width: observation.width,
                    element: observation.element, indexPath: observation.indexPath, frame: observation.frame,
                    source: observation.element == .cell || observation.element == .badge ? source?(observation.indexPath) : nil,
                    message: observation.message, language: observation.language, textOrigin: observation.origin)
                findings[key]!.formPass = observation.formPass
                findings[key]!.subject = observation.subject
                return
            }
            finding.frames[observation.category] = finding.frames[observation.category] ?? observation.frame
            if observation.category < finding.category {
                finding.otherCategories.append(finding.category)
                finding.category = observation.category
                finding.frame = observation.frame
                finding.message = observation.message
                finding.textOrigin = observation.origin
                finding.formPass = observation.formPass
                finding.subject = observation.subject
            } else if observation.category != finding.category, !finding.otherCategories.contains(observation.category) {
                finding.otherCategories.append(observation.category)
            }
            finding.otherCategories.sort()
            findings[key] = finding
        }
    }

    /// The findings of the rules that read the same at every width (`AuditRule.dependsOnWidth`:
    /// image-alt, missing-glyph) kept at the first of `options.widths` they were found at only.
    func firstWidthOnly(_ findings: [AuditFinding]) -> [AuditFinding] {
        struct Key: Hashable {
            var rule: AuditRule
            var element: ElementRole
            var indexPath: IndexPath
            var language: String?
            var text: Findings.TextKey?

            init(_ finding: AuditFinding) {
                (rule, element, indexPath, language) = (finding.rule, finding.element, finding.indexPath, finding.language)
                text = finding.rule.readsTextOrigin ? finding.textOrigin.map(Findings.TextKey.init) : nil
            }
        }
        var first: [Key: Double] = [:]
        for finding in findings where !finding.rule.dependsOnWidth {
            let key = Key(finding)
            let rank = options.widths.firstIndex(of: finding.width) ?? .max
            if let known = first[key], (options.widths.firstIndex(of: known) ?? .max) <= rank { continue }
            first[key] = finding.width
        }
        return findings.filter { finding in
            finding.rule.dependsOnWidth
                || first[Key(finding)] == finding.width
        }
    }
}
