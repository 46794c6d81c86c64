/// What this module knows of HTML's vocabulary: the element names it treats specially, white
/// space, declarations. Which element is where is libxml2's decision; these only say what an
/// element means once it is there.
enum HTMLVocabulary {
    /// Elements whose content is never shown: scripts, style sheets, templates, the head.
    static let droppedWithContent: Set<String> = ["script", "style", "template", "head", "title"]

    /// Elements the parser implies around any fragment: they carry nothing of the document.
    static let transparent: Set<String> = ["html", "body"]

    /// Elements kept however deep they sit, as leaves: an image's attributes are its content, a
    /// line break and a rule have none. libxml2 closes each as soon as it opens it.
    static let leaves: Set<String> = ["img", "br", "hr"]

    /// Elements that break the text into blocks: when one is flattened (nested too deep), a line
    /// end stands in for its edges so the words on either side stay apart.
    static let blockLevel: Set<String> = [
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "hr", "li", "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "summary",
        "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "xmp",
    ]

    /// HTML's white space inside text (space, tab, line feed, form feed, carriage return): runs of
    /// it are one space where HTML collapses white space.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\u{0C}", "\r": true
        default: false
        }
    }

    /// Whether raw HTML that cmark-gfm found (an inline token, or an HTML block, which starts
    /// as cmark saw it start) is a declaration (`<!DOCTYPE html>`) or a CDATA section: a browser
    /// shows nothing of either inside a document, and libxml2, which expects them before the
    /// document only, takes what follows a misplaced one for text.
    static func isDeclaration(_ raw: String) -> Bool {
        let bytes = raw.utf8.prefix(3)
        guard bytes.starts(with: "<!".utf8), let third = bytes.dropFirst(2).first else { return false }
        return (third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")) || (third >= UInt8(ascii: "a") && third <= UInt8(ascii: "z"))
            || raw.hasPrefix("<![CDATA[")
    }
}
