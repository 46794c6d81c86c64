/// The kind of a GitHub alert (`> [!NOTE]` …): a callout GitHub draws with a title, an icon and
/// a bar in the kind's colour (`Theme.alertColor(_:)`). Its raw value is its name in the layout
/// JSON (`"alert": "note"`).
public enum AlertKind: String, CaseIterable, Hashable, Sendable {
    case note, tip, important, warning, caution

    /// The title GitHub shows: "Note", "Tip", "Important", "Warning", "Caution".
    public var title: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        }
    }

    /// What the title's text starts with: room for the icon drawn over it (an em space, as wide
    /// as the icon, and an en space between icon and title, as GitHub's 16 px icon and 8 px gap
    /// beside 16 px text), so the icon scales and wraps with the title.
    public static let iconRoom = "\u{2003}\u{2002}"
}
