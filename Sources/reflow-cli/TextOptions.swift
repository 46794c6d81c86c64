import ArgumentParser
import Reflow
import TextMetrics

extension BaseDirection: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// The text environment besides the category: base direction and language. Shared by every
/// command that measures text (`@OptionGroup var text: TextOptions`).
struct TextOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Base direction of every paragraph: ltr, rtl, or auto (each paragraph's first strong character, UAX #9; left to right without one). Right-to-left paragraphs are right-aligned.",
        valueName: "dir"))
    var direction: BaseDirection = .auto

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Language of the text, a BCP 47 tag (ja, ko, zh-Hans, zh-Hant, ar, hi, …): chooses the Japanese, Korean or Chinese face for Han and is given to the shaper. Without it, Han takes the face the paragraph's kana or hangul suggest, else Simplified Chinese.",
        valueName: "tag"))
    var language: String?

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

    /// The environment for `category`.
    func environment(category: ContentSizeCategory) throws -> TextEnvironment {
        TextEnvironment(category: category, direction: direction, language: try languageTag())
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

    /// The layout environment of a `width` × `height` container at `category`.
    func layoutEnvironment(width: Double, height: Double = LayoutEnvironment.defaultContainerHeight,
                           category: ContentSizeCategory) throws -> LayoutEnvironment {
        LayoutEnvironment(containerWidth: width, containerHeight: height, text: try environment(category: category),
                          layoutDirection: try layoutDirection())
    }
}
