import CommonMark

// The types of the Markdown reader's bounds and errors, named for programs that read through
// Readers without importing CommonMark (ReflowKit, and those built on it): `Document(markdown:bounds:)`
// and `LayoutInput(bytes:…markdownBounds:)` take them and throw them.

/// What parsing a Markdown document may cost: see `CommonMark.MarkdownBounds`.
public typealias MarkdownBounds = CommonMark.MarkdownBounds
/// What a document's pipe tables may cost cmark-gfm: see `CommonMark.MarkdownTables`.
public typealias MarkdownTables = CommonMark.MarkdownTables
/// How long reading a Markdown document may take: see `CommonMark.ParseDeadline`.
public typealias ParseDeadline = CommonMark.ParseDeadline
/// Why Markdown could not be read: see `CommonMark.MarkdownError`.
public typealias MarkdownError = CommonMark.MarkdownError
