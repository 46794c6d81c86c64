import Reflow

extension DocumentFormat {
    /// The format a file's extension implies: `.md` and `.markdown` (any case) are CommonMark,
    /// `.json` a screen file, everything else plain text.
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .plainText
            return
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "md", "markdown": self = .commonMark
        case "json": self = .screen
        default: self = .plainText
        }
    }
}
