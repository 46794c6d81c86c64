/// How a file is read.
public enum DocumentFormat: String, CaseIterable, Hashable, Sendable, Codable {
    /// CommonMark, parsed by cmark.
    case commonMark = "markdown"
    /// Plain text: blank lines separate paragraphs, single line breaks reflow as spaces.
    case plainText = "text"
    /// A screen file: a compositional layout and its cells in JSON (`ScreenFile`).
    case screen
}
