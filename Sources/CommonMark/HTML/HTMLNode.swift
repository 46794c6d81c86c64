/// A node of an HTML fragment as libxml2's HTML parser structured it, as a plain Swift value:
/// text, an element, or the place of Markdown content that the resolution wrote into the HTML
/// (see `HTMLResolution`). Comments, processing instructions and the content of dropped
/// elements (`HTMLVocabulary.droppedWithContent`) never become nodes.
enum HTMLNode: Sendable {
    /// Character data, entities resolved, with the line its first visible character is on
    /// (1-based, in the parsed text).
    case text(String, line: Int)
    case element(HTMLElement)
    /// A placeholder element (one carrying the resolution's marker attribute), by its index.
    case placeholder(Int)
}

/// An element: its name, attributes and children.
struct HTMLElement: Sendable {
    /// The tag name, lowercase (libxml2 lowercases HTML names).
    var name: String
    /// Attributes in source order, names lowercase; one without a value (`<details open>`) has "".
    var attributes: [HTMLAttribute]
    var children: [HTMLNode]
    /// The line of the parsed text where the start tag ends.
    var line: Int

    /// The value of the first attribute named `name` (lowercase), if the element has one.
    subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// One attribute of an element.
struct HTMLAttribute: Sendable, Hashable {
    var name: String
    var value: String
}
