/// Text put into the live page's HTML. The page's own markup is fixed; what comes from outside (the
/// document's name) is written with `&`, `<`, `>`, `"` and `'` as character references, so it shows
/// as text in an element or an attribute and never becomes markup. Everything else the page shows
/// from the document (messages, warnings) it sets as text from its script (`textContent`), never as HTML.
enum HTMLText {
    /// `text` with the five characters that can end text or an attribute value escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
