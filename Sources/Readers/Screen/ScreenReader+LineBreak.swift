import Reflow
import TextMetrics

extension ScreenReader {
    /// A text's `lineBreakMode` (UILabel's values: `truncatingTail`, `truncatingHead`,
    /// `truncatingMiddle`, `byWordWrapping`, `byCharWrapping`, `byClipping`); `truncatingTail`,
    /// UILabel's default, when the text has none. An unknown value is an error at its JSON path
    /// listing the values allowed.
    static func lineBreakMode(_ cursor: JSONCursor?) throws -> LineBreakMode {
        guard let cursor else { return .truncatingTail }
        let allowed = LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")
        let name = try cursor.string(expected: "a line break mode (\(allowed))")
        guard let mode = LineBreakMode(rawValue: name) else {
            throw cursor.fail("unknown line break mode \(JSONCursor.quoted(name)); expected one of \(allowed) (UILabel's lineBreakMode)")
        }
        return mode
    }
}
