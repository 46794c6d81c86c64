import ArgumentParser
import Audit
import Reflow
import TextMetrics

extension BaseDirection: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Text spacing on the command line: a named set of values.
enum TextSpacingName: String, ExpressibleByArgument, CaseIterable {
    case normal, wcag

    var spacing: TextSpacing {
        switch self {
        case .normal: .normal
        case .wcag: .wcag
        }
    }
}

/// The text environment besides the category: base direction, language, hyphenation and text
/// spacing. Shared by every command that measures text (`@OptionGroup var text: TextOptions`).
struct TextOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Base direction of every paragraph: ltr, rtl, or auto (each paragraph's first strong character, UAX #9; left to right without one). Right-to-left paragraphs are right-aligned.",
        valueName: "dir"))
    var direction: BaseDirection = .auto

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Language of the text, a BCP 47 tag (ja, ko, zh-Hans, zh-Hant, ar, hi, …): chooses the Japanese, Korean or Chinese face for Han and is given to the shaper. Without it, Han takes the face the paragraph's kana or hangul suggest, else Simplified Chinese.",
        valueName: "tag"))
    var language: String?

    @Flag(help: ArgumentHelp(
        "Hyphenate words that do not fit at the end of a line, or are wider than a line, before moving them down or breaking them between letters: Liang's patterns (libhyphen) from the --lang language's dictionary in /usr/share/hyphen (Debian's hyphen-* packages; en-US without --lang), a hyphen drawn and measured at the break. Soft hyphens (U+00AD) break words with or without it."))
    var hyphenate = false

    @Option(name: .customLong("text-spacing"), help: ArgumentHelp(
        "normal, or wcag: the spacing WCAG 2.2 success criterion 1.4.12 (Text Spacing) says content must survive, measured and drawn: letter spacing 0.12 em after every character, word spacing 0.16 em per space, lines at least 1.5 times the font size apart, paragraphs at least 2 times the font size apart.",
        valueName: "spacing"))
    var textSpacing: TextSpacingName = .normal

    func validate() throws {
        if let language {
            do {
                _ = try LanguageTag(language)
            } catch let error as TextMetricsError {
                throw ValidationError("--lang: \(error)")
            }
        }
    }

    /// The validated language tag, nil when none was given.
    func languageTag() throws -> LanguageTag? { try language.map(LanguageTag.init) }

    /// The hyphenator the options ask for (the language's), nil without --hyphenate. Throws, naming
    /// the package to install, when the language has no dictionary.
    func hyphenator() throws -> Hyphenator? {
        hyphenate ? try Hyphenator.forLanguage(try languageTag()) : nil
    }

    /// The environment for `category`.
    func environment(category: ContentSizeCategory) throws -> TextEnvironment {
        TextEnvironment(category: category, direction: direction, language: try languageTag(), hyphenation: hyphenate,
                        spacing: textSpacing.spacing)
    }
}

extension TextOptions {
    /// The text environment at the default category (a sweep replaces the category by each of its own).
    func textEnvironment() throws -> TextEnvironment { try environment(category: .default) }

    /// Which side is leading: right to left for `--direction rtl`, or for `auto` when the
    /// language is written right to left (`--lang ar`, `he`, `fa`, `ur`…); else left to right.
    func layoutDirection() throws -> LayoutDirection {
        switch direction {
        case .rightToLeft: .rightToLeft
        case .leftToRight: .leftToRight
        case .auto: try languageTag()?.isRightToLeft == true ? .rightToLeft : .leftToRight
        }
    }

    /// An audit's options with the text environment and direction of these options (all sizes, 390 and 320 pt).
    func auditorOptions() throws -> Auditor.Options {
        var options = Auditor.Options()
        options.text = try textEnvironment()
        options.layoutDirection = try layoutDirection()
        return options
    }

    /// The layout environment of a `width` × `height` container at `category`.
    func layoutEnvironment(width: Double, height: Double = LayoutEnvironment.defaultContainerHeight,
                           category: ContentSizeCategory) throws -> LayoutEnvironment {
        LayoutEnvironment(containerWidth: width, containerHeight: height, text: try environment(category: category),
                          layoutDirection: try layoutDirection())
    }
}
