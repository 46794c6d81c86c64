import Audit
import Preview
import Reflow
import TextMetrics

// Audits from ReflowKit: workers with fonts of their own, and findings drawn over previews.

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

extension Auditor {
    /// An auditor whose sweep workers each open the fonts in `fontsDirectory` for themselves
    /// (`CellSizer.forSweep`); the auditor owns their sizers (`SweepSizers`), freed with it.
    public init(input: LayoutInput, options: Options = Options(), fontsDirectory: String) {
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: input.content)
        self.init(input: input, options: options, makeSizer: { try sizers.make() })
    }
}

extension DocumentPreview {
    /// Audits the document at `categories` in this preview's width and text settings and
    /// outlines each finding on the picture (`reflow-cli preview --audit`).
    public mutating func annotateFindings(categories: [ContentSizeCategory]) throws {
        var options = Auditor.Options()
        options.settings = settings
        (options.categories, options.widths) = (categories, [width])
        annotations = try Auditor(input: input, options: options, fontsDirectory: fonts.directory).run().annotations()
    }
}
