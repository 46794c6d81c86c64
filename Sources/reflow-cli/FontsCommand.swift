import ArgumentParser
import Foundation
import TextMetrics

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the fonts text is drawn in: the primary faces, then the fallback chain in the order it is tried.",
        discussion: """
            Each face with its family, style, file, version (name table) and the scripts it covers. A character \
            takes the first face that covers it (emoji try the emoji face first); what nothing covers is drawn as \
            the last resort's box and counted as missing. Fallback files are read from the fixed paths of Debian's \
            fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji and fonts-noto-mono (scripts/install-deps.sh \
            installs them), never looked up; a file that is not there is listed as missing. To add a face, list \
            its file in REFLOW_FALLBACK_FONTS (colon-separated; tried before the emoji face), or add an entry to \
            FontChain.standard. The CJK face is chosen by --lang (ja, ko, zh-Hans, zh-Hant), else by the kana \
            or hangul in the paragraph, else Simplified Chinese.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text (a table) or json.")
    var format: Format = .text

    @Option(name: .customLong("lang"), help: ArgumentHelp("List the CJK face this language (BCP 47) chooses.", valueName: "tag"))
    var language: String?

    @Flag(help: "List the bold faces (used for semibold and bold text) instead of the regular ones.")
    var bold = false

    @OptionGroup var fonts: FontOptions

    struct Entry: Encodable {
        let role: String
        let family: String
        let style: String
        let file: String
        let faceIndex: Int
        let version: String
        let scripts: [String]
        let installed: Bool
    }

    func validate() throws {
        if let language, (try? LanguageTag(language)) == nil {
            throw ValidationError("--lang: '\(language)' is not a BCP 47 language tag; give one like 'ja', 'ko', 'zh-Hans' or 'zh-Hant'")
        }
    }

    func run() throws {
        try reportingErrors {
            let library = try fonts.library()
            let region = try language.map(LanguageTag.init).flatMap(CJKRegion.init(language:)) ?? .simplifiedChinese
            var entries: [Entry] = []
            func add(_ role: String, _ font: Font) {
                entries.append(Entry(role: role, family: font.familyName, style: font.styleName, file: font.path,
                                     faceIndex: font.faceIndex, version: font.version, scripts: font.coveredScripts, installed: true))
            }
            let weight: FontWeight = bold ? .bold : .regular
            add("primary (below \(Int(Typeface.displaySwitchPointSize)) pt)", try library.font(Typeface(opticalSize: .text, weight: weight)))
            add("primary (from \(Int(Typeface.displaySwitchPointSize)) pt)", try library.font(Typeface(opticalSize: .display, weight: weight)))
            if let mono = library.monospaceFont(bold: bold) {
                add("code", mono)
            } else {
                entries.append(Entry(role: "code", family: "Noto Sans Mono", style: bold ? "Bold" : "Regular",
                                     file: bold ? FontChain.monospace.bold : FontChain.monospace.regular, faceIndex: 0,
                                     version: "-", scripts: [], installed: false))
            }
            for (index, entry) in library.chain.entries.enumerated() {
                let role: String = switch entry.role {
                case .text: "fallback"
                case .cjk: "fallback (CJK: \(region.rawValue))"
                case .emoji: "emoji"
                case .lastResort: "last resort (.notdef)"
                }
                if let font = library.fallbackFont(entry: index, bold: bold, region: region) {
                    add(role, font)
                } else {
                    entries.append(Entry(role: role, family: entry.name, style: bold ? "Bold" : "Regular",
                                         file: bold ? (entry.bold ?? entry.regular) : entry.regular, faceIndex: 0, version: "-",
                                         scripts: [], installed: false))
                }
            }
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                Console.write(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
            case .text:
                var out = ""
                for (number, entry) in entries.enumerated() {
                    let file = entry.faceIndex > 0 ? "\(entry.file)#\(entry.faceIndex)" : entry.file
                    out += "\(number + 1). \(entry.family) \(entry.style) [\(entry.role)]\n"
                    out += "   \(file)\n"
                    if entry.installed {
                        out += "   \(entry.version); covers: \(entry.scripts.isEmpty ? "-" : entry.scripts.joined(separator: ", "))\n"
                    } else {
                        out += "   not installed: run scripts/install-deps.sh (Debian's fonts-noto-* packages)\n"
                    }
                }
                Console.write(out)
                let missing = entries.filter { !$0.installed }.count
                if missing > 0 { Console.warning("\(missing) font file(s) of the chain are not installed; their scripts are drawn as boxes") }
            }
        }
    }
}
