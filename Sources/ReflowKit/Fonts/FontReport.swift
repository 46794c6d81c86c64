import Foundation
import TextMetrics

/// The fonts text is drawn in, in the order they are tried: the primary faces, the code face,
/// then the fallback chain (`reflow-cli fonts`): its entries, the faces found by coverage (every
/// other face of Debian's Noto folders, in `CoverageIndex`'s order), the emoji face and the last
/// resort. Files the chain names that are not installed are listed too, marked as such.
public struct FontReport: Sendable {
    /// One face and the role it plays.
    public struct Entry: Encodable, Sendable, Equatable {
        /// What the face is for: primary, code, fallback, emoji, last resort.
        public let role: String
        public let family: String
        public let style: String
        public let file: String
        public let faceIndex: Int
        /// The name table's version, "-" when not installed.
        public let version: String
        /// The scripts the face covers.
        public let scripts: [String]
        public let installed: Bool
    }

    /// The faces, in the order a character tries them (emoji try the emoji face first).
    public let entries: [Entry]

    /// The faces of `library`: the regular ones, or the bold ones (semibold and bold text); the
    /// CJK face is `region`'s.
    public init(library: FontLibrary, bold: Bool = false, region: CJKRegion = .simplifiedChinese) throws {
        var entries: [Entry] = []
        func add(_ role: String, _ font: Font) {
            entries.append(Entry(role: role, family: font.familyName, style: font.styleName, file: font.path,
                                 faceIndex: font.faceIndex, version: font.version, scripts: font.coveredScripts, installed: true))
        }
        func absent(_ role: String, family: String, file: String) {
            entries.append(Entry(role: role, family: family, style: bold ? "Bold" : "Regular", file: file, faceIndex: 0,
                                 version: "-", scripts: [], installed: false))
        }
        let weight: FontWeight = bold ? .bold : .regular
        let switchPoint = Int(Typeface.displaySwitchPointSize)
        add("primary (below \(switchPoint) pt)", try library.font(Typeface(opticalSize: .text, weight: weight)))
        add("primary (from \(switchPoint) pt)", try library.font(Typeface(opticalSize: .display, weight: weight)))
        if let mono = library.monospaceFont(bold: bold) {
            add("code", mono)
        } else {
            absent("code", family: "Noto Sans Mono", file: bold ? FontChain.monospace.bold : FontChain.monospace.regular)
        }
        func addCoverageFaces() {
            for index in library.coverage.candidates.indices {
                if let font = library.coverageFont(candidate: index, bold: bold) { add("fallback (by coverage)", font) }
            }
        }
        let coveragePosition = library.chain.coveragePosition
        for (index, entry) in library.chain.entries.enumerated() {
            if index == coveragePosition { addCoverageFaces() }
            let role: String = switch entry.role {
            case .text: "fallback"
            case .cjk: "fallback (CJK: \(region.rawValue))"
            case .emoji: "emoji"
            case .lastResort: "last resort (.notdef)"
            }
            if let font = library.fallbackFont(entry: index, bold: bold, region: region) {
                add(role, font)
            } else {
                absent(role, family: entry.name, file: bold ? (entry.bold ?? entry.regular) : entry.regular)
            }
        }
        if coveragePosition == library.chain.entries.count { addCoverageFaces() }
        self.entries = entries
    }

    /// How many faces of the chain are not installed (their scripts are drawn as boxes).
    public var missingCount: Int { entries.filter { !$0.installed }.count }

    /// What to warn a person of when files of the chain are missing; nil when none are.
    public var missingWarning: String? {
        missingCount == 0 ? nil : "\(missingCount) font file(s) of the chain are not installed; their scripts are drawn as boxes"
    }

    /// For people: each face numbered, with its file, version and scripts.
    public func text() -> String {
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
        return out
    }

    /// For scripts: the entries as a JSON array, keys sorted, ending in a line feed.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
