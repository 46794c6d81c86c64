import Reflow
import TextMetrics

/// `text-not-scaling`: text that does not grow as the reader's text size does. Two kinds: text
/// set at a fixed size, smaller than Dynamic Type sets its style above L (a warning, from each
/// layout), and a Dynamic Type style that grows less than WCAG 1.4.4's 200 % by AX5 (information,
/// read from the content once: `Auditor.styleScaleFindings()`).
enum TextNotScalingRule: ElementRule {
    static let rule = AuditRule.textNotScaling

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        let category = context.environment.category
        guard category > .large else { return [] }
        var problems: [Problem] = []
        var text = -1
        for content in element.content {
            guard case .text(let layout, let style, _, _) = content else { continue }
            text += 1
            // Text set at a fixed size: smaller than Dynamic Type sets its style once the
            // reader asks for more than the default.
            let dynamic = DynamicType.spec(style, category).pointSize
            guard layout.pointSize < dynamic - 1e-9 else { continue }
            let ax5 = DynamicType.spec(style, .accessibilityExtraExtraExtraLarge).pointSize
            problems.append(Problem(.warning, "its \(style.rawValue) text keeps a fixed \(Auditor.points(layout.pointSize)) pt where Dynamic Type sets "
                                        + "\(Auditor.points(dynamic)) pt (\(Auditor.points(ax5)) pt at AX5): it does not grow with the reader's text size, "
                                        + "and WCAG 1.4.4 asks for 200 %", text: text))
        }
        return problems
    }
}

extension Auditor {
    /// How far each text style the content uses grows from L to AX5.
    public func styleScales() -> [StyleScale] {
        var styles = Set<TextStyle>()
        for section in input.content.sections {
            for (_, cell) in section.supplementary { styles.formUnion(cell.texts.map(\.style)) }
            // Lazy sections are not read just for this: their headers and the first block say enough.
            let count = min(section.cellCount, 4_096)
            if let cells = try? section.cells(0..<count) { for cell in cells { styles.formUnion(cell.texts.map(\.style)) } }
        }
        return TextStyle.allCases.filter(styles.contains).map {
            StyleScale(style: $0, sizeAtL: DynamicType.spec($0, .large).pointSize,
                       sizeAtAX5: DynamicType.spec($0, .accessibilityExtraExtraExtraLarge).pointSize)
        }
    }

    /// `text-not-scaling` as information: a Dynamic Type style that grows less than 200 % by AX5
    /// (iOS's largest styles do, by design), at the first element set in it.
    func styleScaleFindings() -> [AuditFinding] {
        styleScales().filter { !$0.meetsWCAG }.map { scale in
            AuditFinding(rule: .textNotScaling, severity: .info, category: .accessibilityExtraExtraExtraLarge,
                         width: options.widths.first ?? LayoutEnvironment.defaultContainerWidth, element: .cell,
                         indexPath: firstIndexPath(of: scale.style) ?? IndexPath(item: 0, section: 0), frame: .zero,
                         source: firstIndexPath(of: scale.style).flatMap { input.source?($0) },
                         message: "\(scale.style.rawValue) grows from \(Self.points(scale.sizeAtL)) to \(Self.points(scale.sizeAtAX5)) pt, "
                            + "\(Int((scale.scale * 100).rounded())) % at AX5: less than the 200 % WCAG 1.4.4 asks (Apple's table, by design)")
        }
    }

    private func firstIndexPath(of style: TextStyle) -> IndexPath? {
        for (section, content) in input.content.sections.enumerated() {
            for item in 0..<min(content.cellCount, 4_096) where (try? content.cell(item))?.texts.contains(where: { $0.style == style }) == true {
                return IndexPath(item: item, section: section)
            }
        }
        return nil
    }
}
