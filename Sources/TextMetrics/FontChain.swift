import Foundation

/// The fallback chain: the faces tried, in order, for characters the primary face (Inter, or
/// `lines --font`) cannot draw. Every file is read from a fixed path (the Debian font packages
/// that scripts/install-deps.sh installs), never looked up through fontconfig, so output does not
/// depend on what else a machine has installed.
///
/// How a character finds its face: a grapheme cluster takes the first face of the primary face +
/// chain that covers all of its characters (an emoji-presentation cluster tries the emoji face
/// first); white space and invisible characters stay in the face of the cluster before them; a
/// cluster no face covers is drawn in the last resort's `.notdef` box and counted as missing.
///
/// To add a face: append an `Entry` to `standard` below (before the emoji entry, so emoji keep
/// their place last-but-one), or at run time list font files in `REFLOW_FALLBACK_FONTS`
/// (colon-separated), which go in front of the emoji entry in that order.
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

    public init(entries: [Entry]) { self.entries = entries }

    /// Where fonts-noto-core, fonts-noto-mono and fonts-noto-color-emoji put their files.
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

    /// Noto for the scripts Inter lacks, the CJK collection, symbols, colour emoji, and Noto
    /// Sans's `.notdef` box as the last resort.
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
        ])
    }()

    /// `standard` with the files listed in `REFLOW_FALLBACK_FONTS` (colon-separated) in front of
    /// the emoji entry.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> FontChain {
        var chain = standard
        guard let list = environment["REFLOW_FALLBACK_FONTS"], !list.isEmpty else { return chain }
        let extra = list.split(separator: ":").map { path in
            Entry(name: ((String(path) as NSString).lastPathComponent as NSString).deletingPathExtension,
                  scripts: ["added by REFLOW_FALLBACK_FONTS"], regular: String(path))
        }
        let at = chain.entries.firstIndex { $0.role == .emoji } ?? chain.entries.count
        chain.entries.insert(contentsOf: extra, at: at)
        return chain
    }
}

extension FontChain {
    /// The scripts `reflow-cli fonts` checks each face for, with characters that stand for each
    /// (a face covers a script when it covers all of them).
    public static let scriptSamples: [(script: String, sample: String)] = [
        ("Latin", "AZaz"), ("Vietnamese", "ĂƠƯđạẾỹ"), ("Greek", "ΑΩαω"), ("Cyrillic", "АЯая"),
        ("Arabic", "ابجدهوي"), ("Hebrew", "אבגדהו"), ("Devanagari", "अकखगक्ष"), ("Bengali", "অকখগ"),
        ("Tamil", "அகஙசஞ"), ("Thai", "กขคงจ"), ("Georgian", "აბგდ"), ("Armenian", "ԱԲաբ"),
        ("Ethiopic", "ሀለሐመ"), ("Hangul", "가나다한"), ("Kana", "あいうアイウ"), ("Han", "中文字漢"),
        ("Symbols", "♫⚙♻"), ("Symbols 2", "★☎✓⌘"), ("Emoji", "😀👍🌍"), ("Math", "∑∫√∞"),
    ]
}

extension Font {
    /// The names of the scripts of `FontChain.scriptSamples` this face covers.
    public var coveredScripts: [String] {
        FontChain.scriptSamples.filter { $0.sample.unicodeScalars.allSatisfy(covers) }.map(\.script)
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
