import CHarfBuzz
import CICUShim
import Foundation

/// The fallback chain: the faces tried, in order, for characters the primary face (Inter, or
/// `lines --font`) cannot draw. Every file is read from a fixed path (the Debian font packages
/// that scripts/install-deps.sh installs), never looked up through fontconfig, so output does not
/// depend on what else a machine has installed.
///
/// The order: the entries before the emoji entry (`standard`: Noto faces preferred for the scripts
/// they are named for, the CJK collection, symbols and math); then every other face in
/// `coverageDirectories` (Debian's Noto folders), chosen by its own character map (see
/// `CoverageIndex`: Sans UI faces, then Sans, then the other Noto faces, then Serif); then colour
/// emoji; then the last resort.
///
/// How a character finds its face: a grapheme cluster takes the first face of the primary face +
/// chain that covers all of its characters (an emoji-presentation cluster tries the emoji face
/// first); white space and invisible characters stay in the face of the cluster before them; a
/// cluster no face covers is drawn in the last resort's `.notdef` box and counted as missing.
///
/// To prefer a face: insert an `Entry` into `standard` below (before the emoji entry), or at run
/// time list font files in `REFLOW_FALLBACK_FONTS` (colon-separated), which go in front of the
/// emoji entry in that order, before the faces found by coverage.
public struct FontChain: Hashable, Sendable {
    /// A file and the face in it (0 unless it is a collection).
    public struct FontFile: Hashable, Sendable {
        public var path: String
        public var faceIndex: Int
        public init(_ path: String, faceIndex: Int = 0) {
            self.path = path
            self.faceIndex = faceIndex
        }
    }

    public enum Role: Hashable, Sendable {
        /// An ordinary outline face.
        case text
        /// The CJK collection: its face is chosen by `CJKRegion` (see `cjkFaces`).
        case cjk
        /// Colour emoji: first for emoji-presentation clusters, last but one for everything else.
        case emoji
        /// Draws what nothing else can, as its `.notdef` box.
        case lastResort
    }

    public struct Entry: Hashable, Sendable {
        /// The family, as `reflow-cli fonts` lists it.
        public var name: String
        /// What the entry is in the chain for, e.g. ["Arabic"].
        public var scripts: [String]
        public var regular: String
        /// The bold file, used for semibold and bold text (nil: the regular file).
        public var bold: String?
        public var role: Role

        public init(name: String, scripts: [String], regular: String, bold: String? = nil, role: Role = .text) {
            self.name = name
            self.scripts = scripts
            self.regular = regular
            self.bold = bold
            self.role = role
        }
    }

    public var entries: [Entry]
    /// Folders whose other faces follow the entries before the emoji entry, by coverage (none:
    /// only the entries).
    public var coverageDirectories: [String]

    public init(entries: [Entry], coverageDirectories: [String] = []) {
        self.entries = entries
        self.coverageDirectories = coverageDirectories
    }

    /// Where the faces found by coverage go: before the emoji entry (or the last resort, or at
    /// the end when there is neither).
    public var coveragePosition: Int {
        entries.firstIndex { $0.role == .emoji } ?? entries.firstIndex { $0.role == .lastResort } ?? entries.count
    }

    /// Every file the entries name, and the monospace faces: the faces found by coverage leave these out.
    public var namedFiles: Set<String> {
        Set(entries.flatMap { [$0.regular] + ($0.bold.map { [$0] } ?? []) } + [Self.monospace.regular, Self.monospace.bold])
    }

    /// Where fonts-noto-core, fonts-noto-mono and fonts-noto-color-emoji (and the other fonts-noto-*
    /// packages) put their files.
    public static let notoDirectory = "/usr/share/fonts/truetype/noto"
    /// Where fonts-noto-cjk puts its collections.
    public static let notoCJKDirectory = "/usr/share/fonts/opentype/noto"

    /// The family name of the face of the CJK collection that draws Han for each region.
    public static let cjkFaces: [CJKRegion: String] = [
        .japanese: "Noto Sans CJK JP", .korean: "Noto Sans CJK KR",
        .simplifiedChinese: "Noto Sans CJK SC", .traditionalChinese: "Noto Sans CJK TC",
    ]

    /// The monospace face for code, regular and bold.
    public static let monospace = (regular: notoDirectory + "/NotoSansMono-Regular.ttf",
                                   bold: notoDirectory + "/NotoSansMono-Bold.ttf")

    /// Noto for the scripts Inter lacks that iOS draws most (the faces named here keep their
    /// place before the others), the CJK collection, symbols; then every other face of Debian's
    /// Noto folders by coverage; colour emoji; and Noto Sans's `.notdef` box as the last resort.
    public static let standard: FontChain = {
        func noto(_ family: String, _ scripts: [String], bold: Bool = true) -> Entry {
            let file = family.replacingOccurrences(of: " ", with: "")
            return Entry(name: family, scripts: scripts, regular: "\(notoDirectory)/\(file)-Regular.ttf",
                         bold: bold ? "\(notoDirectory)/\(file)-Bold.ttf" : nil)
        }
        return FontChain(entries: [
            noto("Noto Sans", ["Latin (extended)", "Greek", "Cyrillic"]),
            noto("Noto Sans Arabic", ["Arabic"]),
            noto("Noto Sans Hebrew", ["Hebrew"]),
            noto("Noto Sans Devanagari", ["Devanagari"]),
            noto("Noto Sans Bengali", ["Bengali"]),
            noto("Noto Sans Tamil", ["Tamil"]),
            noto("Noto Sans Thai", ["Thai"]),
            noto("Noto Sans Georgian", ["Georgian"]),
            noto("Noto Sans Armenian", ["Armenian"]),
            noto("Noto Sans Ethiopic", ["Ethiopic"]),
            Entry(name: "Noto Sans CJK", scripts: ["Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"],
                  regular: "\(notoCJKDirectory)/NotoSansCJK-Regular.ttc", bold: "\(notoCJKDirectory)/NotoSansCJK-Bold.ttc",
                  role: .cjk),
            noto("Noto Sans Symbols", ["Symbols"]),
            noto("Noto Sans Symbols 2", ["Symbols", "Braille"], bold: false),
            noto("Noto Sans Math", ["Math"], bold: false),
            Entry(name: "Noto Color Emoji", scripts: ["Emoji"], regular: "\(notoDirectory)/NotoColorEmoji.ttf", role: .emoji),
            Entry(name: "Noto Sans (.notdef)", scripts: ["last resort"], regular: "\(notoDirectory)/NotoSans-Regular.ttf",
                  role: .lastResort),
        ], coverageDirectories: [notoDirectory, notoCJKDirectory])
    }()

    /// The chain with the font `files` in front of the emoji entry, in order, each an entry named
    /// after its file and described by `origin` (what a font report says added it). TextMetrics
    /// reads no environment: reflow's `REFLOW_FALLBACK_FONTS` is read by ReflowKit
    /// (`FontChain.fromEnvironment`), which adds its files here.
    public func adding(files: [String], origin: String) -> FontChain {
        guard !files.isEmpty else { return self }
        var chain = self
        let extra = files.map { path in
            Entry(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, scripts: [origin], regular: path)
        }
        let at = chain.entries.firstIndex { $0.role == .emoji } ?? chain.entries.count
        chain.entries.insert(contentsOf: extra, at: at)
        return chain
    }
}

extension Font {
    /// What the face covers, from its character map: the scripts (UAX #24, by ICU's long name,
    /// e.g. "Latin", "Khmer", "Han") of which it maps ICU's sample character and at least
    /// eight characters, in ICU's order of script codes; then "Math" (at least 300 mathematical
    /// symbols, general category Sm), "Symbols" (at least 300 other symbols, So, not emoji
    /// presentation) and "Emoji" (at least 100 emoji-presentation characters), which are shared
    /// characters rather than scripts.
    public var coveredScripts: [String] {
        Self.coveredScripts(Coverage(face: hb_font_get_face(hbFont)).scalars)
    }

    static func coveredScripts(_ scalars: [Unicode.Scalar]) -> [String] {
        var perScript: [Int32: Int] = [:]
        var math = 0, symbols = 0, emoji = 0
        let mapped = Set(scalars.map(\.value))
        for scalar in scalars {
            let script = Script(scalar)
            if !script.isShared {
                perScript[script.code, default: 0] += 1
                continue
            }
            let properties = scalar.properties
            if properties.isEmojiPresentation {
                emoji += 1
            } else if properties.generalCategory == .mathSymbol {
                math += 1
            } else if properties.generalCategory == .otherSymbol {
                symbols += 1
            }
        }
        var names = perScript.filter { code, count in
            let sample = reflow_script_sample(code)
            return count >= 8 && sample >= 0 && mapped.contains(UInt32(sample))
        }.keys.sorted().compactMap { code -> String? in
            reflow_script_name(code).map { String(cString: $0).replacingOccurrences(of: "_", with: " ") }
        }
        if math >= 300 { names.append("Math") }
        if symbols >= 300 { names.append("Symbols") }
        if emoji >= 100 { names.append("Emoji") }
        return names
    }
}

/// Which regional face draws Han characters.
public enum CJKRegion: String, Hashable, Sendable, CaseIterable {
    case japanese = "ja"
    case korean = "ko"
    case simplifiedChinese = "zh-Hans"
    case traditionalChinese = "zh-Hant"

    /// The region a language asks for: `ja` Japanese, `ko` Korean, `zh-Hant`, `zh-TW`, `zh-HK`,
    /// `zh-MO` Traditional Chinese, any other `zh` Simplified; nil for other languages.
    public init?(language: LanguageTag) {
        switch language.language {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh", "cmn", "yue":
            let traditional = language.script == "Hant" || (language.script == nil && ["TW", "HK", "MO"].contains(language.region ?? ""))
                || (language.script == nil && language.language == "yue")
            self = traditional ? .traditionalChinese : .simplifiedChinese
        default: return nil
        }
    }

    /// The rule without a language: kana in the paragraph means Japanese, hangul Korean,
    /// otherwise Simplified Chinese.
    public static func guess<S: Sequence>(from scalars: S) -> CJKRegion where S.Element == Unicode.Scalar {
        var sawHangul = false
        for scalar in scalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .japanese
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: sawHangul = true
            default: break
            }
        }
        return sawHangul ? .korean : .simplifiedChinese
    }

    /// The language HarfBuzz is given for Han in this region (so `locl` picks regional forms).
    public var languageTag: String { rawValue }
}
