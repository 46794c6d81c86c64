import CHyphen
import Foundation

/// Where a word may be hyphenated: Liang's algorithm (TeX's hyphenation patterns) through
/// libhyphen, with the pattern dictionaries of Debian's `hyphen-*` packages, read at their fixed
/// path (`/usr/share/hyphen/hyph_LL_CC.dic`).
///
/// A word here is a run of letters (grapheme clusters whose first character is a letter): in
/// `"(hyphenation),"` only `hyphenation` is looked up, and `aardvark's` is two runs, `aardvark`
/// and `s`. Runs shorter than `minimumWordLength` letters are left whole, as are runs longer than
/// `maximumWordLength` (not words: hashes, sequences). A point keeps at least `leftMinimum`
/// letters before it and `rightMinimum` after it (the dictionary's LEFTHYPHENMIN and
/// RIGHTHYPHENMIN; libhyphen's 2 where the file names none) and is always between two grapheme
/// clusters. Points where the patterns ask to change the spelling (libhyphen's non-standard
/// hyphenation, the old German `Schiff=fahrt` for `Schiffahrt`) are not offered: the text stays
/// as written.
///
/// Dictionaries are loaded once per process and shared by every thread: libhyphen's
/// `hnj_hyphen_hyphenate2` only reads the dictionary and works in buffers of its own, so
/// concurrent lookups are safe; loading is serialized.
public final class Hyphenator: @unchecked Sendable {
    /// Where Debian's `hyphen-*` packages install their dictionaries.
    public static let dictionaryDirectory = "/usr/share/hyphen"
    /// The language hyphenated when the text's language is not known.
    public static let defaultLanguage = "en-US"
    /// Shortest run of letters that is hyphenated.
    public static let minimumWordLength = 5
    /// Longest run of letters that is hyphenated.
    public static let maximumWordLength = 256

    /// The dictionary file, symbolic links resolved.
    public let path: String
    /// Letters that stay before a hyphen, at least.
    public let leftMinimum: Int
    /// Letters that stay after a hyphen, at least.
    public let rightMinimum: Int

    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// For dictionaries in an 8-bit character set: each character's byte (ASCII maps to itself).
    /// Nil for UTF-8 dictionaries.
    private let encoding: [UInt32: UInt8]?

    private static let loaded = Locked<[String: Hyphenator]>([:])

    /// Loads the dictionary at `path`. Prefer `forLanguage(_:)`, which loads each dictionary once.
    public init(path: String) throws {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let dictionary = hnj_hyphen_load(resolved) else {
            throw TextMetricsError.hyphenationDictionaryUnreadable(path: path)
        }
        self.path = resolved
        self.dictionary = dictionary
        // hnj_hyphen_hyphenate2 uses 2 for a minimum the file leaves at 0.
        leftMinimum = dictionary.pointee.lhmin > 0 ? Int(dictionary.pointee.lhmin) : 2
        rightMinimum = dictionary.pointee.rhmin > 0 ? Int(dictionary.pointee.rhmin) : 2
        if dictionary.pointee.utf8 != 0 {
            encoding = nil
        } else {
            let characterSet = withUnsafeBytes(of: dictionary.pointee.cset) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let table = Self.byteTable(characterSet: characterSet) else {
                hnj_hyphen_free(dictionary)
                throw TextMetricsError.hyphenationDictionaryUnreadable(path: path)
            }
            encoding = table
        }
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The hyphenator for `language` (`defaultLanguage` when nil), its dictionary loaded on first
    /// use and shared from then on. Throws `TextMetricsError.hyphenationUnavailable`, naming the
    /// files looked for and the Debian package to install, when no dictionary is installed.
    public static func forLanguage(_ language: LanguageTag?, directory: String = dictionaryDirectory) throws -> Hyphenator {
        let tag = try language ?? LanguageTag(defaultLanguage)
        let candidates = dictionaryCandidates(for: tag, directory: directory)
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw TextMetricsError.hyphenationUnavailable(language: tag.tag, searched: candidates,
                                                          package: debianPackage(for: tag))
        }
        let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath().path
        return try loaded.withLock { loaded in
            if let known = loaded[resolved] { return known }
            let hyphenator = try Hyphenator(path: resolved)
            loaded[resolved] = hyphenator
            return hyphenator
        }
    }

    /// The dictionary files that would serve `language`, best first: language, script and region
    /// (`hyph_sr_Latn_RS`), language and region (`hyph_de_CH`), language and script, language
    /// alone, the language's own country (`hyph_pl_PL`), then any region of the language.
    static func dictionaryCandidates(for language: LanguageTag, directory: String) -> [String] {
        var code = language.language
        if code == "no" { code = "nb" }  // Norwegian: Debian ships Bokmål and Nynorsk
        var names: [String] = []
        if let script = language.script, let region = language.region { names.append("\(code)_\(script)_\(region)") }
        if let region = language.region { names.append("\(code)_\(region)") }
        if let script = language.script { names.append("\(code)_\(script)") }
        names.append(code)
        names.append("\(code)_\(code.uppercased())")
        if code == "en" { names.append("en_US") }
        if code == "nb" { names.append("nb_NO") }
        var paths = names.map { "\(directory)/hyph_\($0).dic" }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("hyph_\(code)_") && $0.hasSuffix(".dic") }.sorted()
        for name in others where !paths.contains("\(directory)/\(name)") { paths.append("\(directory)/\(name)") }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// The Debian package that holds `language`'s patterns, by the archive's naming
    /// (`hyphen-de`, `hyphen-en-us`, `hyphen-pt-br`).
    static func debianPackage(for language: LanguageTag) -> String {
        let region = language.region?.lowercased()
        switch language.language {
        case "en": return region == nil || region == "us" ? "hyphen-en-us" : "hyphen-en-gb"
        case "pt": return region == "br" ? "hyphen-pt-br" : "hyphen-pt-pt"
        case "nb", "nn", "no": return "hyphen-no"
        default: return "hyphen-\(language.language)"
        }
    }

    /// UTF-8 offsets into `text` where a hyphen may go (a line may end before the byte at each
    /// offset, with a hyphen drawn after the text before it), ascending.
    public func hyphenationPoints(in text: String) -> [Int] {
        var text = text
        return text.withUTF8 { hyphenationPoints(utf8: $0) }
    }

    /// `word` with `hyphen` at every hyphenation point (`hy-phen-ation`).
    public func hyphenated(_ word: String, hyphen: String = "-") -> String {
        var out = ""
        var previous = word.utf8.startIndex
        for offset in hyphenationPoints(in: word) {
            let index = word.utf8.index(word.utf8.startIndex, offsetBy: offset)
            out += word[previous..<index] + hyphen
            previous = index
        }
        return out + word[previous...]
    }

    /// `hyphenationPoints(in:)` for UTF-8 bytes, in runs of at least `minimumLength` letters.
    func hyphenationPoints(utf8 bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int = minimumWordLength) -> [Int] {
        let lengths = minimumLength...Self.maximumWordLength
        var points: [Int] = []
        if !bytes.contains(where: { $0 >= 0x80 }) {
            // ASCII: each letter is a character and a grapheme cluster of its own, the same byte in
            // every dictionary's character set (all are ASCII supersets): no decoding needed.
            var start = -1
            for index in 0...bytes.count {
                let letter = index < bytes.count && (bytes[index] | 0x20) &- 0x61 < 26
                if letter, start < 0 { start = index }
                guard !letter, start >= 0 else { continue }
                if lengths.contains(index - start) {
                    let word = bytes[start..<index].map { CChar(bitPattern: $0 | 0x20) }
                    points += hyphenate(word, clusterOf: Array(0..<word.count), clusterOffsets: Array(start..<index))
                }
                start = -1
            }
            return points
        }
        var run: [(offset: Int, character: Character)] = []
        var offset = 0
        func flush() {
            if lengths.contains(run.count) { points += hyphenate(run) }
            run.removeAll(keepingCapacity: true)
        }
        for character in String(decoding: bytes, as: UTF8.self) {
            if character.isLetter {
                run.append((offset, character))
            } else {
                flush()
            }
            offset += character.utf8.count
        }
        flush()
        return points
    }

    /// The points inside one run of letters, as offsets of the clusters they come before.
    private func hyphenate(_ run: [(offset: Int, character: Character)]) -> [Int] {
        // The run lower-cased (patterns are lower case) in the dictionary's encoding, and for each
        // character libhyphen counts (code point, or byte of an 8-bit set) the cluster it is in.
        var word: [CChar] = []
        var clusterOf: [Int] = []
        for (cluster, element) in run.enumerated() {
            for scalar in element.character.lowercased().unicodeScalars {
                if let encoding {
                    guard let byte = scalar.value < 0x80 ? UInt8(scalar.value) : encoding[scalar.value] else { return [] }
                    word.append(CChar(bitPattern: byte))
                } else {
                    for byte in String(scalar).utf8 { word.append(CChar(bitPattern: byte)) }
                }
                clusterOf.append(cluster)
            }
        }
        return hyphenate(word, clusterOf: clusterOf, clusterOffsets: run.map(\.offset))
    }

    /// The points of `word` (lower case, in the dictionary's encoding), whose character `i`
    /// (code point, or byte of an 8-bit set) belongs to grapheme cluster `clusterOf[i]`, which
    /// starts at `clusterOffsets[clusterOf[i]]`: the offsets of the clusters a hyphen may precede.
    private func hyphenate(_ word: [CChar], clusterOf: [Int], clusterOffsets: [Int]) -> [Int] {
        let size = word.count
        let word = word + [0]  // libhyphen also reads the word as a C string
        var hyphens = [CChar](repeating: 0, count: size + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate2(dictionary, word, Int32(size), &hyphens, nil, &replacements, &positions, &cuts)
        defer {
            if let replacements {
                for index in 0..<size { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        var points: [Int] = []
        // hyphens[i] odd: a hyphen may follow character i.
        for index in 0..<clusterOf.count - 1 where hyphens[index] & 1 == 1 {
            if let replacements, replacements[index] != nil { continue }
            let cluster = clusterOf[index + 1]
            guard cluster != clusterOf[index], cluster >= leftMinimum, clusterOffsets.count - cluster >= rightMinimum else { continue }
            points.append(clusterOffsets[cluster])
        }
        return points
    }

    /// Each character of the 8-bit `characterSet` (as the dictionary's first line names it,
    /// `ISO8859-1`, `KOI8-R`) mapped to its byte, through iconv.
    private static func byteTable(characterSet: String) -> [UInt32: UInt8]? {
        let converter = iconv_open("UTF-32LE", characterSet)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table: [UInt32: UInt8] = [:]
        for byte in UInt8(0x80)...UInt8(0xFF) {
            var input = CChar(bitPattern: byte)
            var output: UInt32 = 0
            var inputLeft = 1, outputLeft = 4
            let converted = withUnsafeMutablePointer(to: &input) { input in
                withUnsafeMutableBytes(of: &output) { output in
                    var inPointer: UnsafeMutablePointer<CChar>? = input
                    var outPointer = output.baseAddress?.assumingMemoryBound(to: CChar.self)
                    return iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
                }
            }
            if converted != -1, outputLeft == 0 { table[UInt32(littleEndian: output)] = byte }
        }
        return table
    }
}
