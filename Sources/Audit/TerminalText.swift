/// Text from outside the program (a document's words, a golden's text, a file name) made safe to
/// print on a terminal or in a text report: every character a terminal acts on instead of
/// showing, or that changes how the rest of the line reads, is written as Swift writes it in a
/// string literal.
///
/// - C0 controls and DEL: `\0`, `\t`, `\n`, `\r`, and `\u{1B}` (ESC) style for the others. Tabs
///   too: in a one-line message or a quoted word a tab positions nothing the reader wants, and
///   written out it says what the file holds.
/// - C1 controls (U+0080–U+009F; U+009B is a terminal's CSI, ESC [): `\u{9B}`.
/// - Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder
///   what follows on the line ("Trojan Source"), and the line and paragraph separators (U+2028,
///   U+2029): `\u{202E}`.
///
/// Everything else (letters of any script, emoji, a backslash, quotes) is kept as it is. The
/// audit's text report, `check`'s report of golden differences and every message the command
/// line prints on stderr go through `escaped(_:)`; JSON and SARIF outputs escape by their own rules.
public enum TerminalText {
    /// `text`, with every character a terminal would act on written out (`\u{1B}`, `\r`, …).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscaping(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\0": out += "\\0"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Whether `scalar` is written out by `escaped(_:)`.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
