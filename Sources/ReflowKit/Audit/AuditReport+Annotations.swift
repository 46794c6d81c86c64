import Audit
import Preview
import Reflow
import TextMetrics

// Findings drawn over previews.

extension AuditReport {
    /// The findings as outlines to draw over a preview (`reflow-cli preview --audit`), per text
    /// size: one outline per element and size, labelled with every rule it breaks, in its worst
    /// finding's colour (red for errors, orange for warnings, blue for information). Elements
    /// without an area are left out.
    public func annotations() -> [ContentSizeCategory: [DisplayListBuilder.Annotation]] {
        struct Key: Hashable {
            var category: ContentSizeCategory
            var frame: Rect
        }
        var byElement: [Key: (rules: [String], worst: AuditSeverity)] = [:]
        var order: [Key] = []
        for finding in findings {
            for (category, frame) in finding.frames where frame.width > 0 || frame.height > 0 {
                let key = Key(category: category, frame: frame)
                if let known = byElement[key] {
                    byElement[key] = (known.rules + [finding.rule.rawValue], max(known.worst, finding.severity))
                } else {
                    order.append(key)
                    byElement[key] = ([finding.rule.rawValue], finding.severity)
                }
            }
        }
        var annotations: [ContentSizeCategory: [DisplayListBuilder.Annotation]] = [:]
        for key in order {
            let (rules, worst) = byElement[key]!
            annotations[key.category, default: []].append(
                .init(frame: key.frame, label: rules.joined(separator: ", "), color: Self.color(of: worst)))
        }
        return annotations
    }

    /// The outline colour of a finding of `severity`.
    package static func color(of severity: AuditSeverity) -> Color {
        switch severity {
        case .error: Color(hex: 0xE5484D)
        case .warning: Color(hex: 0xF76B15)
        case .info: Color(hex: 0x0090FF)
        }
    }
}
