import Reflow
import TextMetrics
import Yams

/// What a Markdown document says about how to read it, in YAML front matter: a first line of
/// `---`, YAML mapping lines, and a closing line of `---` or `...` (as Jekyll, Hugo and Pandoc
/// take it). reflow reads seven keys; the others (`title`, `author`, …) are left to other tools:
///
/// | key | value |
/// |---|---|
/// | `lang` | a BCP 47 tag (`de`, `ar`, `zh-Hant`): fonts for Han, shaping, hyphenation patterns, layout direction |
/// | `direction` | `ltr`, `rtl` or `auto`: the paragraphs' base direction |
/// | `hyphenate` | `true` or `false` |
/// | `text-spacing` | `normal` or `wcag` (WCAG 1.4.12's spacing) |
/// | `bold-text` | `true` or `false`: the accessibility setting Bold Text |
/// | `minimumContentSizeCategory`, `maximumContentSizeCategory` | a category (`xs` … `ax5`): the sizes the document takes part in (UIKit, iOS 15); outside them it is laid out at the nearest end |
///
/// They are defaults: what a person sets explicitly wins (`TextSettings`).
public struct FrontMatter: Hashable, Sendable {
    /// What the keys set; a key not given is nil.
    public var settings: TextSettings
    /// Lines the block takes, both fences included.
    public var lineCount: Int

    public init(settings: TextSettings = TextSettings(), lineCount: Int = 0) {
        self.settings = settings
        self.lineCount = lineCount
    }

    /// The front matter at the start of `text`, and the text with its lines blanked (so the
    /// Markdown's source lines stay the file's). Nil, and `text` unchanged, when the text does not
    /// open with a `---` line that a later `---` or `...` line closes, or when what they enclose is
    /// not a mapping (a scalar: Markdown text between rules): a thematic break then, as on GitHub.
    /// Throws `FrontMatterError` (with the file's line) for YAML that does not parse, or a key
    /// reflow reads with a value it cannot use.
    public static func split(_ text: String) throws -> (frontMatter: FrontMatter?, body: String) {
        var text = text
        guard let found = try text.withUTF8({ try split(utf8: $0) }) else { return (nil, text) }
        return (found.frontMatter, found.body)
    }

    /// `split` over the text's bytes; nil when there is no front matter. Lines are read only up
    /// to the closing fence: a document that does not open with `---` costs one line.
    private static func split(utf8 bytes: UnsafeBufferPointer<UInt8>) throws -> (frontMatter: FrontMatter, body: String)? {
        // Lines end as CommonMark ends them: LF, CR LF or a lone CR. (Not Swift's Character "\n":
        // "\r\n" is one Character, so splitting on "\n" sees a Windows file as one line.)
        func line(from start: Int) -> (content: Range<Int>, next: Int, ended: Bool) {
            var index = start
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            guard index < bytes.count else { return (start..<index, index, false) }
            let endLength = bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            return (start..<index, index + endLength, true)
        }
        func isFence(_ content: Range<Int>, closing: Bool) -> Bool {
            let line = UnsafeBufferPointer(rebasing: bytes[content])
            return line.elementsEqual("---".utf8) || (closing && line.elementsEqual("...".utf8))
        }
        var current = line(from: 0)
        guard isFence(current.content, closing: false) else { return nil }
        var yamlLines: [String] = []
        var lineEnds = 0
        while true {
            lineEnds += current.ended ? 1 : 0
            guard current.ended else { return nil }  // the last line, and no closing fence
            current = line(from: current.next)
            if isFence(current.content, closing: true) { break }
            yamlLines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[current.content]), as: UTF8.self))
        }
        var frontMatter: FrontMatter
        do {
            frontMatter = try parse(yamlLines.joined(separator: "\n"), firstLine: 2)
        } catch FrontMatterError.notAMapping {
            // Not keys and values (a scalar, a list): GitHub shows such a block as what it is in
            // Markdown, a thematic break and the text after it.
            return nil
        }
        frontMatter.lineCount = yamlLines.count + 2
        // The block's lines become empty lines, each ended by a line feed (a line's own lone CR
        // could run into the next one's LF and make one CR LF of two line ends).
        if current.ended { lineEnds += 1 }
        var body = [UInt8](repeating: 0x0A, count: lineEnds)
        body += UnsafeBufferPointer(rebasing: bytes[current.next...])
        return (frontMatter, String(decoding: body, as: UTF8.self))
    }

    /// The keys of `yaml`, whose first line is line `firstLine` of the file.
    static func parse(_ yaml: String, firstLine: Int) throws -> FrontMatter {
        // Before the YAML library: it takes time exponential in depth to compare nested keys.
        if let line = FrontMatterKeys.firstNonScalarKey(in: yaml) {
            throw FrontMatterError.keyNotText(line: line + firstLine - 1)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw FrontMatterError.yaml(line: Self.line(of: error).map { $0 + firstLine - 1 }, problem: Self.problem(of: error))
        }
        var result = FrontMatter()
        guard let root else { return result }
        guard let mapping = root.mapping else {
            throw FrontMatterError.notAMapping(line: (root.mark?.line ?? 1) + firstLine - 1)
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            let line = (value.mark?.line ?? keyNode.mark?.line ?? 1) + firstLine - 1
            func invalid(_ expected: String) -> FrontMatterError {
                .invalidValue(key: key, value: value.scalar?.string ?? "(not a single value)", expected: expected, line: line)
            }
            switch key {
            case "lang":
                guard let tag = value.string else { throw invalid("a BCP 47 language tag such as de, ar or zh-Hant") }
                do {
                    result.settings.language = try LanguageTag(tag)
                } catch {
                    throw invalid("a BCP 47 language tag such as de, ar or zh-Hant")
                }
            case "direction":
                guard let name = value.string, let direction = BaseDirection(rawValue: name) else { throw invalid("ltr, rtl or auto") }
                result.settings.direction = direction
            case "hyphenate":
                guard value.scalar != nil, let flag = value.bool else { throw invalid("true or false") }
                result.settings.hyphenation = flag
            case "text-spacing":
                guard let name = value.string, let spacing = TextSpacing(name: name) else { throw invalid("normal or wcag") }
                result.settings.spacing = spacing
            case "bold-text":
                guard value.scalar != nil, let flag = value.bool else { throw invalid("true or false") }
                result.settings.boldText = flag
            case "minimumContentSizeCategory", "maximumContentSizeCategory":
                guard let name = value.string, let category = ContentSizeCategory(name: name) else {
                    throw invalid("a content-size category: \(ContentSizeCategory.validNames)")
                }
                if key.hasPrefix("minimum") { result.settings.minimumCategory = category } else { result.settings.maximumCategory = category }
                if let minimum = result.settings.minimumCategory, let maximum = result.settings.maximumCategory, minimum > maximum {
                    throw FrontMatterError.invalidValue(key: key, value: name,
                                                        expected: "minimumContentSizeCategory at most maximumContentSizeCategory "
                                                            + "(\(minimum.shortName) > \(maximum.shortName))", line: line)
                }
            default:
                continue
            }
        }
        return result
    }

    /// The line of `yaml` (1-based) the error is on, when the library says.
    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .duplicatedKeysInMapping(_, let context): context.mark.line
        case .reader(_, let offset?, _, let yaml): yaml.prefix(offset).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        default: nil
        }
    }

    /// What is wrong, in one line (the library's description of some errors quotes the whole text).
    private static func problem(of error: YamlError) -> String {
        switch error {
        case .parser(_, let problem, _, _) where problem.hasPrefix("Maximum nesting level reached"):
            "nested more than 1,000 levels deep"  // libyaml's limit; its message names its C function
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        case .reader(let problem, _, _, _): problem
        case .duplicatedKeysInMapping(let duplicates, _):
            duplicates.count == 1 ? "the key '\(duplicates[0])' is given more than once"
                : "the keys \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) are given more than once"
        default: "\(error)"
        }
    }
}

/// Front matter reflow cannot use: where (the file's line) and what to write instead.
public enum FrontMatterError: Error, Hashable, Sendable, CustomStringConvertible {
    case yaml(line: Int?, problem: String)
    case notAMapping(line: Int)
    case invalidValue(key: String, value: String, expected: String, line: Int)
    /// An explicit key (`? `), a list or mapping as key, or an alias as key.
    case keyNotText(line: Int)

    public var description: String {
        switch self {
        case .yaml(let line, let problem):
            "front matter\(line.map { ", line \($0)" } ?? ""): not YAML (\(problem)); write one 'key: value' per line between the '---' lines"
        case .notAMapping(let line):
            "front matter, line \(line): expected 'key: value' lines (lang, direction, hyphenate, text-spacing)"
        case .invalidValue(let key, let value, let expected, let line):
            "front matter, line \(line): '\(key)' must be \(expected), got '\(value)'"
        case .keyNotText(let line):
            "front matter, line \(line): a key that is not text (a '? ' key, a list or mapping as key, or an alias as key); write one 'key: value' per line with a word as the key"
        }
    }
}
