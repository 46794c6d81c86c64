import ArgumentParser
import ReflowKit
import TextMetrics

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the fonts text is drawn in: the primary faces, then the fallback chain in the order it is tried.",
        discussion: """
            Each face with its family, style, file, version (name table) and the scripts it covers. A character takes the first \
            face that covers it (emoji try the emoji face first); what nothing covers is drawn as the last resort's box and \
            counted as missing. Fallback files are read from the fixed paths of Debian's fonts-noto-core, fonts-noto-cjk, \
            fonts-noto-color-emoji and fonts-noto-mono (scripts/install-deps.sh installs them), never looked up; a file that is \
            not there is listed as missing. To add a face, list its file in REFLOW_FALLBACK_FONTS (colon-separated; tried before \
            the emoji face), or add an entry to FontChain.standard. The CJK face is chosen by --lang (ja, ko, zh-Hans, zh-Hant), \
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
        Console.write(format == .json ? try report.json() : report.text())
        if format == .text, let warning = report.missingWarning { Console.warning(warning) }
    }
}
