import Foundation
import Readers
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
    /// "warningCount", "languages"}`: the first `maximumWarnings` warnings, each cut to
    /// `maximumMessageLength` characters, the problem cut the same way, the number of warnings in
    /// all, and the languages the page's menu offers (`languages(of:)`; left out when there are
    /// none: the page then takes any tag).
    /// - Complexity: O(`maximumWarnings` × `maximumMessageLength`) for the text, whatever the
    ///   warnings' number and length, and the catalogs' languages.
    static func json(_ version: DocumentSource.Version, name: String) -> String {
        let warnings = version.warnings.prefix(maximumWarnings).map { JSONText.string(cut($0)) }
        let languages = languages(of: version).map { language in
            "{\"tag\": \(JSONText.string(language.tag)), \"name\": \(JSONText.string(cut(language.name))), "
                + "\"kind\": \(JSONText.string(language.kind.rawValue))}"
        }
        return "{\"document\": \(JSONText.string(name)), \"version\": \(version.number), "
            + "\"problem\": \(version.problem.map { JSONText.string(cut($0)) } ?? "null"), "
            + "\"warnings\": [\(warnings.joined(separator: ", "))], \"warningCount\": \(version.warnings.count)"
            + (languages.isEmpty ? "}" : ", \"languages\": [\(languages.joined(separator: ", "))]}")
    }

    /// A language the page's menu offers: its tag (the `lang` parameter), its name in English,
    /// and whether it is the catalogs' source language, one they translate to, or a pseudolanguage.
    struct Language: Equatable {
        enum Kind: String { case source, translation, pseudo }
        let tag: String
        let name: String
        let kind: Kind
    }

    /// The languages a screen with string catalogs is shown in: the catalogs' languages, the
    /// source language first, then Xcode's four pseudolanguages (which need no translation).
    /// None for a document or a screen that names no catalog: the page then takes any tag.
    /// One language per picture, so not `all`.
    static func languages(of version: DocumentSource.Version) -> [Language] {
        let tags = version.languages
        guard let source = tags.first else { return [] }
        return tags.map { Language(tag: $0, name: name(of: $0), kind: $0 == source ? .source : .translation) }
            + PseudoLanguage.allCases.map { Language(tag: $0.rawValue, name: name(of: $0), kind: .pseudo) }
    }

    /// `tag`'s name in English (ICU's, through Foundation: "German", "Portuguese (Brazil)"), or
    /// the tag when ICU has none.
    static func name(of tag: String) -> String {
        let name = Locale(identifier: "en").localizedString(forIdentifier: tag)
        return name.flatMap { $0.isEmpty || $0 == tag ? nil : $0 } ?? tag
    }

    /// A pseudolanguage's name as Xcode's scheme options call it.
    static func name(of pseudo: PseudoLanguage) -> String {
        switch pseudo {
        case .double: "Double-Length Pseudolanguage"
        case .accented: "Accented Pseudolanguage"
        case .bounded: "Bounded String Pseudolanguage"
        case .rightToLeft: "Right-to-Left Pseudolanguage"
        }
    }

    /// The data of an event about `version`: `{"version": N, "problem": true|false,
    /// "warningCount": N}`, at most about 70 bytes.
    static func event(_ version: DocumentSource.Version) -> String {
        "{\"version\": \(version.number), \"problem\": \(version.problem != nil), \"warningCount\": \(version.warnings.count)}"
    }

    /// The `height` event: a page measured whole in the background (`PageHeights`), named by
    /// the key its screens' answers carry (`X-Reflow-Layout-Key`); under 100 bytes.
    static func heightEvent(version: Int, key: String, height: Double) -> String {
        "{\"version\": \(version), \"key\": \"\(key)\", \"contentHeight\": \(JSONText.number(height))}"
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
