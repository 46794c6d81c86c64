import Reflow

/// What the server says about the document on show, each answer within a bound whatever the
/// document is: a document can have thousands of warnings (every missing image is one, and each
/// names its path), and what was said in full to every open page on every save is what let 200
/// pages that never read hold 800 MB. So an event (`hello`, `changed`) says only the version,
/// whether the last reading failed and how many warnings there are: a few dozen bytes, which a
/// page takes as "ask `/info.json` again". `/info.json` lists at most `maximumWarnings` warnings,
/// each of at most `maximumMessageLength` characters, and counts them all.
enum DocumentInfo {
    /// The most warnings `/info.json` lists, the first ones in the document's order; the others
    /// are counted (`warningCount`) and are on the server's standard error.
    static let maximumWarnings = 100
    /// The most characters (Unicode scalars: at most 4 bytes of UTF-8 each, 6 of JSON) of a
    /// warning or of the problem `/info.json` shows; a longer one is cut between characters and
    /// ends in "…". So `/info.json` is at most about 300 KB, and about 50 KB for warnings in ASCII.
    static let maximumMessageLength = 500

    /// `version` for the page, as JSON: `{"document", "version", "problem", "warnings",
    /// "warningCount"}`: the first `maximumWarnings` warnings, each cut to `maximumMessageLength`
    /// characters, the problem cut the same way, and the number of warnings in all.
    /// - Complexity: O(`maximumWarnings` × `maximumMessageLength`) for the text, whatever the
    ///   warnings' number and length.
    static func json(_ version: DocumentSource.Version, name: String) -> String {
        let warnings = version.warnings.prefix(maximumWarnings).map { JSONText.string(cut($0)) }
        return "{\"document\": \(JSONText.string(name)), \"version\": \(version.number), "
            + "\"problem\": \(version.problem.map { JSONText.string(cut($0)) } ?? "null"), "
            + "\"warnings\": [\(warnings.joined(separator: ", "))], \"warningCount\": \(version.warnings.count)}"
    }

    /// The data of an event about `version`: `{"version": N, "problem": true|false,
    /// "warningCount": N}`, at most about 70 bytes.
    static func event(_ version: DocumentSource.Version) -> String {
        "{\"version\": \(version.number), \"problem\": \(version.problem != nil), \"warningCount\": \(version.warnings.count)}"
    }

    /// `text` whole when it has at most `limit` Unicode scalars; else its longest start of whole
    /// characters (grapheme clusters: an accent stays on its letter, a flag is not split) that
    /// leaves room for "…", and "…" after it: `limit` scalars at most. A single character longer
    /// than that (a letter with thousands of combining marks) is cut between its scalars.
    /// `limit` is 1 or more.
    /// - Complexity: O(`limit`), and the length of the character the cut falls in.
    static func cut(_ text: String, to limit: Int = maximumMessageLength) -> String {
        let scalars = text.unicodeScalars
        guard let past = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              past != scalars.endIndex else { return text }
        let room = scalars.index(scalars.startIndex, offsetBy: limit - 1)
        var end = text.startIndex
        while end < room {
            let next = text.index(after: end)
            guard next <= room else { break }
            end = next
        }
        if end == text.startIndex { end = room }
        return String(scalars[..<end]) + "…"
    }
}
