/// How GitHub names a heading in a link (`README.md#-community`), and the words a person types
/// for it: what `--at heading:TEXT` matches a heading by besides its text.
///
/// GitHub's anchor (html-pipeline's table-of-contents filter, which github-slugger copies): the
/// heading's text lowercased, every character that is not a letter, mark, decimal or letter
/// number, connector punctuation (`_`), hyphen or space removed (so emoji and punctuation go,
/// and the space after an emoji stays), each space then a hyphen. A slug a heading before it
/// already has gets `-1`, the next `-2`, and so on: `### 💧 Community` is `-community`, a second
/// `## Usage` is `usage-1`.
enum HeadingSlug {
    /// GitHub's slug of `text`, before duplicates are numbered.
    static func slug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || isWordCharacter(scalar) {
                slug.append(scalar)
            }
        }
        return String(slug)
    }

    /// The slugs of `titles` in document order, duplicates numbered as GitHub numbers them.
    static func slugs(_ titles: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return titles.map { title in
            let slug = slug(title)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            return count == 0 ? slug : "\(slug)-\(count)"
        }
    }

    /// `text`'s words, lowercased, one space between them: emoji, punctuation and other symbols
    /// count as spaces, so `💧 Community` and `community` are the same words, as are `C++ Guide`
    /// and `c guide`.
    static func words(_ text: String) -> String {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            // An emoji's variation selector, joiner or keycap is part of the emoji, not a word.
            if isWordCharacter(scalar), !scalar.properties.isDefaultIgnorableCodePoint,
               scalar.properties.generalCategory != .enclosingMark {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words.joined(separator: " ")
    }

    /// Ruby's `\p{Word}`, what GitHub keeps: a letter, mark, decimal digit, letter number or
    /// connector punctuation.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            true
        default:
            false
        }
    }
}
