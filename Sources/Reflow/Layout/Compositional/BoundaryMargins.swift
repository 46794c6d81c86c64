import TextMetrics

/// Where a section's header and footer put their text: in line with the section's content, as a
/// list's headers stand over its cells in UIKit.
///
/// UIKit's rule, as its documentation states it: a boundary supplementary item's frame follows
/// the section's content insets (`NSCollectionLayoutSection.supplementariesFollowContentInsets`,
/// true by default; `supplementaryContentInsetsReference` since iOS 16); a list header's content
/// view preserves its superview's layout margins, its own margins being only a minimum
/// (`UIListContentConfiguration.directionalLayoutMargins`), and the adjustment is "the smallest
/// amount needed to ensure that content is also inside the superview's margins"
/// (`UIView.preservesSuperviewLayoutMargins`). So a header does not add a margin of its own to the
/// section's inset: its text starts where the section's content starts (the first item's frame,
/// after the group's and the item's insets and fixed edge spacing, plus its cell's own leading
/// inset: the layout margin for a list row, nothing for an edge-to-edge card or picture), and never
/// nearer the container's edge than the container's layout margin. Trailing alike, from the
/// trailing side of the group's last item in a row.
///
/// A header or footer whose cell has insets of its own (not `Cell.followsLayoutMargins`) keeps
/// them, and a section without cells leaves its header on the layout margins.
extension CompositionalLayout {
    /// The leading and trailing insets `header` takes in a section whose frame starts
    /// `resolved.boundaryLeading` from the container's leading edge; nil to keep its own.
    static func boundaryInsets(for header: Cell, in resolved: ResolvedSection, firstCell: Cell?,
                               environment: LayoutEnvironment) -> (leading: Double, trailing: Double)? {
        guard header.followsLayoutMargins, let firstCell else { return nil }
        let cellInsets = firstCell.scaledInsets(in: firstCell.limited(environment.text))
        let content = resolved.template.contentEdges
        let margin = environment.text.layoutMargin
        let leadingEdge = resolved.leadingInset + content.leading + cellInsets.leading
        let trailingEdge = resolved.trailingInset + content.trailing + cellInsets.trailing
        let boundaryTrailing = environment.containerWidth - resolved.boundaryLeading - resolved.boundaryWidth
        return (leading: max(0, max(margin, leadingEdge) - resolved.boundaryLeading),
                trailing: max(0, max(margin, trailingEdge) - boundaryTrailing))
    }
}

extension GroupTemplate {
    /// How far in from the group's leading and trailing edges an instance's first and last items
    /// put their frames after their insets: the group's content insets, the item's fixed edge
    /// spacing (a flexible one at its minimum) and its content insets where its width is not
    /// estimated, through nested groups. Along a vertical group both sides are its first item's.
    var contentEdges: (leading: Double, trailing: Double) {
        let first = slot(0)
        let last = group.axis == .horizontal ? slot(slotCount - 1) : first
        return (leading: group.contentInsets.leading + Self.edge(of: first, leading: true),
                trailing: group.contentInsets.trailing + Self.edge(of: last, leading: false))
    }

    private static func edge(of slot: Slot, leading: Bool) -> Double {
        let spacing = leading ? slot.edgeSpacing?.leading : slot.edgeSpacing?.trailing
        switch slot {
        case .item(let item, _):
            let insets = item.size.width.isEstimated ? 0 : (leading ? item.contentInsets.leading : item.contentInsets.trailing)
            return (spacing?.length ?? 0) + insets
        case .group(let nested, _):
            let edges = nested.contentEdges
            return (spacing?.length ?? 0) + (leading ? edges.leading : edges.trailing)
        }
    }
}
