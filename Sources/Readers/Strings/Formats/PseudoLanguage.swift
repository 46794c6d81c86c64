/// Xcode's four pseudolanguages, as transforms of a source string: with no translation at all, a
/// team sees where its layout breaks on longer text, taller letters, clipping and right-to-left.
///
/// Xcode applies them when a scheme's App Language is one of them (Apple's Internationalization
/// and Localization Guide, "Detecting Problems Using Pseudolocalizations"; the scheme offers five:
/// double-length, accented, bounded-string, right-to-left, and right-to-left with right-to-left
/// strings, as Tuist's `SchemeLanguage` names them, docs.tuist.dev). Apple documents what each is
/// for, not its exact characters: the accents and the bounded markers here are reflow's own, so
/// lengths are close to Xcode's, not equal.
/// Here each transform takes a format string and returns a format string: format specifiers and
/// substitution tokens are kept as they are, and the result reads the same arguments, so it is
/// formatted afterwards exactly as a translation would be. Only literal text changes.
public enum PseudoLanguage: String, Sendable, CaseIterable {
    /// Every string twice, joined by a space: "Select Time" → "Select Time Select Time".
    case double = "pseudo-double"
    /// Every Latin letter accented (a → á, T → Ŧ…) and every vowel written twice, about a third
    /// longer, with marks above and below the line that show vertical clipping.
    case accented = "pseudo-accented"
    /// The string between markers, "[# " and " #]" (reflow's), so a clipped end is seen.
    case bounded = "pseudo-bounded"
    /// Right to left: see ``transform(_:)``.
    case rightToLeft = "pseudo-rtl"

    /// The pseudolanguage a `--lang` tag names, or `nil` for a real language.
    public init?(tag: String) { self.init(rawValue: tag.lowercased()) }

    /// Whether a layout in this pseudolanguage runs right to left. The transform cannot set the
    /// layout's direction: the caller lays the text out right to left when this is true.
    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The opening and closing markers of ``bounded``.
    public static let boundedMarkers = (open: "[# ", close: " #]")

    /// The string in this pseudolanguage.
    ///
    /// - ``double``: the string, a space, the string again. Each specifier of the copy reads the
    ///   argument its original reads: both copies are written with positions (`%@ %d` →
    ///   `%1$@ %2$d %1$@ %2$d`), so the doubled string takes the source's arguments, and formats
    ///   to the formatted source twice. `%%` and `%#@name@` are repeated as they are.
    /// - ``accented``: literal text only; the names inside `%#@name@` and every specifier are
    ///   untouched, or the string would no longer format.
    /// - ``bounded``: the markers around the whole string.
    /// - ``rightToLeft``: the string between U+202E RIGHT-TO-LEFT OVERRIDE and U+202C POP
    ///   DIRECTIONAL FORMATTING, so the bidi algorithm shows every character, Latin letters and
    ///   the formatted arguments included, right to left ("Hello" reads "olleH"), as Xcode's
    ///   "Right-to-Left Pseudolanguage With Right-to-Left Strings" shows them (its plain
    ///   "Right-to-Left Pseudolanguage" flips the layout only). The characters themselves
    ///   are not reordered: copying the text gives the source. Layout direction is the caller's
    ///   (see ``isRightToLeft``).
    ///
    /// - Complexity: O(n) in the string's length.
    public func transform(_ string: FormatString) -> String {
        switch self {
        case .double:
            let positional = Self.positional(string)
            return positional + " " + positional
        case .accented:
            return string.pieces.map { piece in
                switch piece {
                case .literal(let text): Self.accented(text)
                case .specifier(let s): s.text
                }
            }.joined()
        case .bounded:
            return Self.boundedMarkers.open + string.text + Self.boundedMarkers.close
        case .rightToLeft:
            return "\u{202E}" + string.text + "\u{202C}"
        }
    }

    /// The string with every argument-reading specifier written with its position.
    private static func positional(_ string: FormatString) -> String {
        string.pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .specifier(let s):
                guard let n = s.argument, s.position == nil else { return s.text }
                return "%\(n)$" + s.text.dropFirst()
            }
        }.joined()
    }

    /// Each ASCII letter's accented form: precomposed letters (one scalar each, so a font's
    /// Latin Extended coverage is what is tested, not mark positioning).
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("áƀçđéƒĝĥíĵķĺɱñóƥǫŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŦÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    private static func accented(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count * 2)
        for c in text {
            guard let a = accents[c] else { out.append(c); continue }
            out.append(a)
            if "aeiouAEIOU".contains(c) { out.append(a) }
        }
        return out
    }
}
