import ArgumentParser
import Reflow
import TextMetrics
import Readers
import ReflowKit

extension BaseDirection: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--text-spacing`: normal or wcag.
extension TextSpacing: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { named.map(\.name) }
}

/// The text environment besides the category: base direction, language, hyphenation and text
/// spacing. Shared by every command that measures text (`@OptionGroup var text: TextOptions`).
/// What is not given here comes from the document's front matter, else the defaults.
struct TextOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Base direction of every paragraph: ltr, rtl, or auto (each paragraph's first strong character, UAX #9; left to right without one). Right-to-left paragraphs are right-aligned; rtl also mirrors the layout. (default: the front matter's direction, else auto)",
        valueName: "dir"))
    var direction: BaseDirection?

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The reader's language, a BCP 47 tag (de, ja, zh-Hant, ar, pt-BR, …): a screen's texts that name catalog keys show that language's strings (else those of the app's localization an iPhone in that language shows, as Apple's ICU chooses it: en-AU reads en-GB, es-MX es-419, pt-BR pt; else the catalog's source language; the audit reports each as untranslated); it chooses the Japanese, Korean or Chinese face for Han and the hyphenation patterns, is given to the shaper, and a right-to-left language (ar, he, fa, ur…) lays screens out right to left unless --direction says otherwise. A list (de,fr,ja) or 'all' (every language the screen's catalogs have) lays each document out once per language: preview draws a matrix of languages × sizes, layout, check and audit report each. Xcode's pseudolanguages with no translations: pseudo-double (every string twice), pseudo-accented, pseudo-bounded ([# … #] to show clipping), pseudo-rtl (right to left). Without it (or a front matter 'lang'), Han takes the face the paragraph's kana or hangul suggest, else Simplified Chinese.",
        valueName: "tag|list|all"))
    var languageArgument: String?

    /// `--lang` read (checked in `validate()`, so that a wrong value is one line saying what is wrong).
    var language: LanguageChoice? { languageArgument.flatMap { try? LanguageChoice(parsing: $0) } }

    func validate() throws {
        guard let languageArgument else { return }
        do { _ = try LanguageChoice(parsing: languageArgument) } catch { throw ValidationError("--lang: \(error)") }
    }

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Hyphenate words that do not fit at the end of a line, or are wider than a line, before moving them down or breaking them between letters: Liang's patterns (libhyphen) from the --lang language's dictionary in /usr/share/hyphen (Debian's hyphen-* packages; en-US without --lang), a hyphen drawn and measured at the break. Soft hyphens (U+00AD) break words with or without it. (default: the front matter's 'hyphenate', else off)"))
    var hyphenate: Bool?

    @Option(name: .customLong("text-spacing"), help: ArgumentHelp(
        "normal, or wcag: the spacing WCAG 2.2 success criterion 1.4.12 (Text Spacing) says content must survive, measured and drawn: letter spacing 0.12 em after every character, word spacing 0.16 em per space, lines at least 1.5 times the font size apart, paragraphs at least 2 times the font size apart. The audit reports text that clips only with it as spacing-clipped. (default: the front matter's 'text-spacing', else normal)",
        valueName: "spacing"))
    var textSpacing: TextSpacing?

    @Flag(name: .customLong("bold-text"), help: ArgumentHelp(
        "The accessibility setting Bold Text: every text style one weight heavier, as iOS draws it (regular styles semibold, headline bold; 'reflow-cli type-table --bold-text' shows the weights). (default: the front matter's 'bold-text', else off)"))
    var boldText = false

    /// The settings given, for `TextSettings`' environments (over the front matter's). The
    /// language is one real language's, or none: the languages of a list, `all` and the
    /// pseudolanguages come with each layout's input (`LocalizedInput.input(in:)`).
    func settings() throws -> TextSettings {
        let single = language?.single.flatMap { PseudoLanguage(tag: $0) == nil ? $0 : nil }
        return TextSettings(direction: direction, language: try single.map(LanguageTag.init), hyphenation: hyphenate,
                     spacing: textSpacing, boldText: boldText ? true : nil)
    }

    /// The text settings for a sweep over text sizes: those given over what the input's front
    /// matter says, checked (hyphenation patterns loaded) before any work.
    func sweep(_ input: LayoutInput) throws -> TextSettings {
        try settings().over(input.documentSettings).validated()
    }
}
