import Reflow

/// A rule that reads each laid-out element on its own, as the layout streams it: most rules. Its
/// check is a pure function of the element and the layout's context (category, width, theme, what
/// was read from the content beforehand), so a rule is tested with one fixture that triggers it
/// and one that must not (`Tests/AuditTests/Rules/`).
///
/// To add one: a type in `Rules/` conforming to this, a case in `AuditRule` (its summary and
/// help), and its line in `Auditor.Inspection.elementRules`. A rule about a catalog's text
/// (`AuditRule.readsTextOrigin`) reads `LayoutAttributes.textOrigins` and gives each problem its
/// origin, so that two keys of one element are two findings.
protocol ElementRule: Sendable {
    /// What it reports.
    static var rule: AuditRule { get }
    /// Its problems with `element` (never a decoration), in the order found; none: empty.
    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem]
}

/// A problem a rule found in an element: how much it matters, what to say, and the text it is
/// about: one of the element's texts (`text`, whose origin is named, none for the screen's own
/// text), or a catalog's text (`origin`); with neither, the element's first text from a catalog.
struct Problem: Sendable {
    var severity: AuditSeverity
    var message: String
    var origin: TextOrigin?
    /// The element's text the problem is in, by its place among the element's `.text` contents:
    /// the finding names that text's key (`LayoutAttributes.textOrigins`), or none when the screen
    /// wrote the text itself, never another text's.
    var text: Int?
    /// The thing the problem is about, the same wherever the same problem happens: the word a
    /// column breaks (not the message, which names the column's width, different in a nested
    /// list), the characters no font has, the image without alternative. Findings of one rule,
    /// severity, size and width with the same subject are one finding with a place for each
    /// element (`Auditor.grouped`); nil: each element's finding is its own.
    var subject: String?

    init(_ severity: AuditSeverity, _ message: String, origin: TextOrigin? = nil, text: Int? = nil, subject: String? = nil) {
        (self.severity, self.message, self.origin, self.text, self.subject) = (severity, message, origin, text, subject)
    }

    /// The catalog text the finding names for `element`: the problem's text's origin, its origin,
    /// or the element's first text from a catalog.
    func origin(in element: LayoutAttributes) -> TextOrigin? {
        if let text { return TextClippedRule.origin(ofText: text, in: element) }
        return origin ?? element.textOrigins.lazy.compactMap { $0 }.first
    }
}

/// A rule that can say nothing until the whole layout is known (`overlap` needs every cell,
/// `contrast` the section backgrounds, which come last). It is given every element, decorations
/// included, keeps what it needs of each (small: never the measured text), and reports at the end.
/// One value per layout. Listed in `Auditor.Inspection.wholeLayoutRules`.
protocol WholeLayoutRule {
    /// Keeps what it needs of `element`.
    mutating func collect(_ element: LayoutAttributes, in context: Auditor.LayoutContext)
    /// What it found in the layout, once every element was collected.
    mutating func finish(in context: Auditor.LayoutContext) -> [Auditor.Observation]
}
