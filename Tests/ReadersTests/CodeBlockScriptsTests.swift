import Foundation
import Testing
import TextMetrics
import Reflow
import Readers
import TestSupport

/// A code block keeps its lines in every script: it scrolls sideways, so it breaks only at its own
/// line ends, at every size (issue 38, row 5: the Thai comments of PyThaiNLP's README laid a
/// one-line block out as 5 lines; ICU's dictionary breaks in Thai, Lao, Khmer and Burmese came
/// back mandatory before a line feed).
@Suite struct CodeBlockScriptsTests {
    static let categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]

    /// Each code cell of `markdown` laid out at `category` in a 390 pt container: the lines its
    /// text has between the fences, and the lines it was laid out in.
    static func codeLines(_ markdown: String, category: ContentSizeCategory,
                          language: String? = nil) throws -> [(source: [String], laidOut: [String])] {
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        let settings = TextSettings(language: try language.map { try LanguageTag($0) })
        let snapshot = try ListLayout().layout(content, in: settings.layoutEnvironment(width: 390, category: category),
                                               sizer: try Fixtures.sizer())
        return try snapshot.elements.filter { $0.role == .cell && $0.cellKind == .code }.sorted { $0.indexPath < $1.indexPath }.map { element in
            let text = try content.sections[element.indexPath.section].cell(element.indexPath.item).text.string
            var source = text.components(separatedBy: "\n")
            if source.last == "" { source.removeLast() }
            let layout = try #require(element.textLayout)
            return (source, layout.lines.indices.map(layout.text(ofLine:)))
        }
    }

    /// Code and comments in scripts written without spaces between words (broken by ICU's
    /// dictionaries), in Chinese and Japanese, and in a mix.
    static let blocks: [String] = [
        "```python\nprint(word_tokenize(\"ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ\"))  # ตัดคำภาษาไทย\n```\n",
        "```\nສະບາຍດີ ພາສາລາວເປັນພາສາທີ່ບໍ່ມີການຍະຫວ່າງລະຫວ່າງຄຳ\nພາສາລາວ\n```\n",
        "```sh\necho \"ភាសាខ្មែរគឺជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា\"\n# ភាសាខ្មែរ\n```\n",
        "```js\nconst s = 'မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်';\n```\n",
        "```\n// 中文的词与词之间没有空格，日本語は単語の間に空白を入れない\nlet x = 1\n```\n",
        "- item\n\n  ```sh\n  thainlp data catalog  # แสดงรายการชุดข้อมูล\n  thainlp help          # แสดงวิธีใช้งาน\n  ```\n",
        "> ```\n> ภาษาไทย ລາວ ខ្មែរ မြန်မာ\n>\n> ```\n",
    ]

    @Test(arguments: blocks.indices)
    func aCodeBlockBreaksOnlyAtItsLineEnds(_ index: Int) throws {
        for category in Self.categories {
            let blocks = try Self.codeLines(Self.blocks[index], category: category)
            try #require(blocks.count == 1)
            #expect(blocks[0].laidOut == blocks[0].source, "\(category)")
        }
    }

    /// The real document: PyThaiNLP's Thai README (its commands with Thai comments, Python with
    /// Thai comments), laid out in Thai as `--lang th` does: every code block in its own lines.
    @Test func pyThaiNLPsReadmeKeepsEveryCodeLine() throws {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/PyThaiNLP--pythainlp--README_TH.md")
        let markdown = try String(contentsOf: path, encoding: .utf8)
        for category in Self.categories {
            let blocks = try Self.codeLines(markdown, category: category, language: "th")
            #expect(blocks.count >= 7)
            #expect(blocks.contains { $0.source.contains { $0.unicodeScalars.contains { (0x0E00...0x0E7F).contains($0.value) } } },
                    "a block with Thai in it")
            for block in blocks { #expect(block.laidOut == block.source, "\(category)") }
        }
    }
}
