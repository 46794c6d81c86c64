/// The containers around a document's block, outermost first: the list items and block quotes
/// it sits in, and the list markers it shows. Its `depth` is how many containers there are: a
/// top-level paragraph 0, a list item's text 1, a nested item's text 2, a paragraph in a quote 1.
///
/// A list item's marker stands in a column of its own before the item's text (a hanging indent:
/// every wrapped line starts where the text starts, never under the marker); the item's later
/// blocks (paragraphs, code, quotes) sit at the same depth without a marker. How far each level
/// steps in is `Indentation`'s rule.
public struct Nesting: Hashable, Sendable {
    public enum Container: Hashable, Sendable {
        /// A list item. `column` holds its list's longest markers, one per line (past ten, one of
        /// them with its digits set to each digit in turn): the column is as wide as the widest
        /// measured, so the texts of a list's items start together (`9.` and `10.` alike).
        /// `marker` is the marker this block shows, set on the item's first block only (`•`, `◦`,
        /// `▪` by level, `3.`, `☐`, `☑`).
        case listItem(column: String, marker: String?)
        /// A block quote; `id` tells quotes apart, so a quote's bar runs along all its cells and
        /// two quotes one after the other keep two bars.
        case quote(id: Int)
    }

    public var containers: [Container]
    /// The GitHub alert the block is in, when it is: the outermost container is then the alert's
    /// quote (alerts stand at the top level only), its bar drawn in the alert's colour.
    public var alert: AlertKind?

    public init(_ containers: [Container] = [], alert: AlertKind? = nil) {
        self.containers = containers
        self.alert = alert
    }

    /// How many list items and quotes contain the block.
    public var depth: Int { containers.count }

    /// The marker of the innermost list item that shows one on this block (the item's own).
    public var marker: String? {
        for container in containers.reversed() {
            if case .listItem(_, let marker?) = container { return marker }
        }
        return nil
    }
}
