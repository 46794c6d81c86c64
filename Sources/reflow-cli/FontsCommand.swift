import ArgumentParser
import ReflowKit
import TextMetrics

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the fonts text is drawn in and the scripts each covers: the primary faces, then the fallback chain in the order it is tried.",
        discussion: """
            Each face with its family, style, file, version (name table) and what it covers, read from its character map: \
            the scripts (Unicode script names, e.g. Latin, Khmer, Han) of which it maps ICU's sample character and at least \
            eight characters, then Math, Symbols and Emoji for faces with many such shared characters. A character takes the \
            first face that covers it (emoji try the emoji face first); what nothing covers is drawn as the last resort's box \
            and counted as missing. The chain: the preferred Noto faces, the CJK face, symbols and math; then every other face \
            of /usr/share/fonts/truetype/noto and /usr/share/fonts/opentype/noto [fallback (by coverage)], Sans UI faces \
            first, then Sans, then other Noto faces, then Serif, each in file-name order (a Family-Regular file, with \
            Family-Bold beside it for bold text; --bold lists those); then colour emoji and the last resort. Files are read \
            from those fixed folders, which Debian's fonts-noto-* packages fill (scripts/install-deps.sh installs them), never \
            looked up through fontconfig; a file the chain names that is not there is listed as missing. To prefer a face, \
            list its file in REFLOW_FALLBACK_FONTS (colon-separated; tried after the preferred faces, before those found by \
            coverage), or add an entry to FontChain.standard. The CJK face is chosen by --lang (ja, ko, zh-Hans, zh-Hant), \
            else by the kana or hangul in the paragraph, else Simplified Chinese.
            """)

    @Option(help: "Output format: text (a table) or json.")
    var format: ReportFormat = .text

    @Option(name: .customLong("lang"), help: ArgumentHelp("List the CJK face this language (BCP 47) chooses.", valueName: "tag"))
    var language: String?

    @Flag(help: "List the bold faces (used for semibold and bold text) instead of the regular ones.")
    var bold = false

    @OptionGroup var fonts: FontOptions

    func validate() throws { try requireLanguageTag(language) }

    func run() throws {
        let region = try language.map(LanguageTag.init).flatMap(CJKRegion.init(language:)) ?? .simplifiedChinese
        let report = try FontReport(library: try fonts.library(), bold: bold, region: region)
        try Console.write(format == .json ? try report.json() : report.text())
        if format == .text, let warning = report.missingWarning { Console.warning(warning) }
    }
}
