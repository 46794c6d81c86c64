import Foundation
import Testing
import TextMetrics
import Reflow
import Readers
import TestSupport

/// Issue 22's document rules on the real-document corpus (`Tests/Corpus`, README there): every
/// file is laid out at 390 pt at L and AX5 as `reflow-cli` lays it out, and held to what
/// markdown-it-py, a parser independent of reflow's cmark-gfm, says about it
/// (`reference/NAME.structure.json`), block by block, matched by source line:
///
/// - every code block keeps its lines (laid-out lines = source lines) at both sizes;
/// - every list item is at the depth the reference gives, shows its marker (an ordered item its
///   number, a task its box) in a column before its text (a hanging indent: every line starts
///   at the text's edge), and a nested item's text starts inside its parent's text (right of it
///   left to right, left of it right to left);
/// - every paragraph, heading and code block is at the reference's depth;
/// - every paragraph of images alone is an image element with its images' alt texts;
/// - there are as many rules as thematic breaks (and `<hr>`s in the HTML files);
/// - no laid-out text shows a tag (`<tag`, `</tag`, `<!--`) outside code.
///
/// A failure names the file, the category, the source line and what differed.
@Suite struct CorpusRulesTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus")

    /// Each file with the language its SOURCES.md gives (nil: English), laid out with it as
    /// `reflow-cli --lang` does: right-to-left languages lay the document out mirrored.
    static let files: [CorpusFile] = [
        .init("markdown", "Alamofire--Alamofire--Documentation_Usage.md"),
        .init("markdown", "Alamofire--Alamofire--README.md"),
        .init("markdown", "EbookFoundation--free-programming-books--docs_CONTRIBUTING-hi.md", language: "hi"),
        .init("markdown", "EbookFoundation--free-programming-books--docs_HOWTO-ar.md", language: "ar"),
        .init("markdown", "MicrosoftDocs--customer-insights-pr.ar-sa--ci-docs_remove-duplicates.md", language: "ar"),
        .init("markdown", "MicrosoftDocs--customer-insights-pr.th-th--ci-docs_connect-common-data-model.md", language: "th"),
        .init("markdown", "Moya--Moya--Readme_CN.md", language: "zh-Hans"),
        .init("markdown", "PyThaiNLP--pythainlp--README_TH.md", language: "th"),
        .init("markdown", "ReactiveX--RxSwift--README.md"),
        .init("markdown", "Quick--Quick--Documentation_ja_QuickExamplesAndGroups.md", language: "ja"),
        .init("markdown", "Quick--Quick--Documentation_ko-kr_InstallingQuick.md", language: "ko"),
        .init("markdown", "apple--swift-argument-parser--README.md"),
        .init("markdown", "apple--swift-collections--README.md"),
        .init("markdown", "donnemartin--system-design-primer--README-zh-Hans.md", language: "zh-Hans"),
        .init("markdown", "gofiber--fiber--.github_README_he.md", language: "he"),
        .init("markdown", "jwasham--coding-interview-university--translations_README-ar.md", language: "ar"),
        .init("markdown", "jwasham--coding-interview-university--translations_README-ko.md", language: "ko"),
        .init("markdown", "golang--website--_content_doc_tutorial_generics.md"),
        .init("markdown", "jpsim--Yams--README.md"),
        // Opens with `---` … `---` around Markdown that is not YAML: a thematic break, as
        // markdown-it-py and GitHub read it (not front matter).
        .init("markdown", "markdown-it--markdown-it--support_demo_template_sample.md"),
        .init("markdown", "pointfreeco--swift-composable-architecture--README.md"),
        .init("markdown", "pointfreeco--swift-snapshot-testing--README.md"),
        .init("markdown", "vapor--vapor--README.md"),
        .init("markdown", "SnapKit--SnapKit--README.md"),
        .init("markdown", "onevcat--Kingfisher--README.md"),
        .init("markdown", "jwasham--coding-interview-university--translations_README-ko.md", language: "ko"),
        .init("html", "ajeetdsouza--zoxide--README.md"),
        .init("html", "gofiber--fiber--.github_README_fa.md", language: "fa"),
        .init("html", "jesseduffield--lazygit--README.md"),
        .init("html", "starship--starship--README.md"),
    ]

    static let categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]

    @Test func everyCorpusFileIsListed() throws {
        for folder in ["markdown", "html"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }
            #expect(Set(names) == Set(Self.files.filter { $0.folder == folder }.map(\.name)), "\(folder): a file without rules")
        }
    }

    @Test(arguments: files) func documentRulesHold(_ file: CorpusFile) throws {
        let reference = try file.structure()
        let input = try file.input()
        let sizer = try Fixtures.sizer()
        for category in Self.categories {
            let settings = TextSettings(language: try file.language.map { try LanguageTag($0) }).over(input.documentSettings)
            let environment = settings.layoutEnvironment(width: 390, category: category)
            let snapshot = try input.layout.layout(input.content, in: environment, sizer: sizer)
            var check = RuleCheck(file: file, category: category, environment: environment, reference: reference,
                                  elements: snapshot.elements.filter { $0.role == .cell })
            check.run()
            for failure in check.failures { Issue.record(Comment(rawValue: failure)) }
            #expect(check.checked > 0, "\(file.name): nothing was checked")
        }
    }
}

/// A corpus file and the language it is written in.
struct CorpusFile: Sendable, CustomTestStringConvertible {
    let folder: String
    let name: String
    let language: String?
    init(_ folder: String, _ name: String, language: String? = nil) {
        self.folder = folder
        self.name = name
        self.language = language
    }

    var testDescription: String { name }
    var url: URL { CorpusRulesTests.corpus.appendingPathComponent(folder).appendingPathComponent(name) }

    func input() throws -> LayoutInput {
        try LayoutInput(bytes: [UInt8](try Data(contentsOf: url)), format: .commonMark)
    }

    func structure() throws -> Structure {
        let path = url.deletingLastPathComponent().appendingPathComponent("reference").appendingPathComponent(name + ".structure.json")
        return try JSONDecoder().decode(Structure.self, from: Data(contentsOf: path))
    }

    func sourceLines() throws -> [Substring] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }
}

/// The part of `reflow.markdown-structure/1` the rules read (Tests/Corpus/README.md).
struct Structure: Decodable {
    struct CodeBlock: Decodable { let line: Int, endLine: Int, depth: Int, lines: Int, footnote: Bool? }
    struct ListItem: Decodable {
        let line: Int, endLine: Int, depth: Int, ordered: Bool, number: Int?, task: String?, footnote: Bool?
    }
    struct Paragraph: Decodable { let line: Int, endLine: Int, depth: Int, imagesOnly: Bool, footnote: Bool? }
    struct Heading: Decodable { let line: Int, depth: Int, footnote: Bool? }
    struct Image: Decodable { let line: Int, html: Bool, alt: String? }
    struct Line: Decodable { let line: Int, depth: Int }
    struct HTMLBlock: Decodable { let line: Int, endLine: Int, depth: Int }
    struct Quote: Decodable { let line: Int, endLine: Int, depth: Int }

    let codeBlocks: [CodeBlock]
    let listItems: [ListItem]
    let paragraphs: [Paragraph]
    let headings: [Heading]
    let images: [Image]
    let thematicBreaks: [Line]
    let htmlBlocks: [HTMLBlock]
    let blockQuotes: [Quote]
}

/// The rules over one layout of one file; each broken rule adds a line to `failures`.
struct RuleCheck {
    let file: CorpusFile
    let category: ContentSizeCategory
    let environment: LayoutEnvironment
    let reference: Structure
    /// The cells, in document order.
    let elements: [LayoutAttributes]
    /// Where in `elements` the cells whose block starts on a line are, by line, in document order:
    /// the rules look blocks up by line thousands of times, and a scan each time was the suite's
    /// slowest part.
    let indicesByLine: [Int: [Int]]
    var failures: [String] = []
    /// How many reference blocks were held to a rule.
    var checked = 0

    init(file: CorpusFile, category: ContentSizeCategory, environment: LayoutEnvironment, reference: Structure,
         elements: [LayoutAttributes]) {
        self.file = file
        self.category = category
        self.environment = environment
        self.reference = reference
        self.elements = elements.sorted { $0.indexPath < $1.indexPath }
        var indicesByLine: [Int: [Int]] = [:]
        for (index, element) in self.elements.enumerated() {
            if let line = element.sourceLine { indicesByLine[line, default: []].append(index) }
        }
        self.indicesByLine = indicesByLine
    }

    var rightToLeft: Bool { environment.layoutDirection == .rightToLeft }

    mutating func fail(_ line: Int?, _ what: String) {
        failures.append("\(file.name) at \(category.shortName), line \(line.map(String.init) ?? "–"): \(what)")
    }

    mutating func run() {
        codeKeepsItsLines()
        listItemsNestHangAndStepIn()
        blocksSitAtTheirDepth()
        imageParagraphsAreImages()
        rulesAreCounted()
        noTextShowsATag()
    }

    /// Every element whose block starts on `line`.
    func at(_ line: Int) -> [LayoutAttributes] { (indicesByLine[line] ?? []).map { elements[$0] } }

    /// The indices of the cells whose block starts in `lines`, in document order.
    func indices(startingIn lines: ClosedRange<Int>) -> [Int] {
        lines.flatMap { indicesByLine[$0] ?? [] }.sorted()
    }

    mutating func codeKeepsItsLines() {
        for code in reference.codeBlocks {
            checked += 1
            guard let element = at(code.line).first(where: { $0.cellKind == .code }) else {
                fail(code.line, "no code element for the code block (elements here: \(describe(at(code.line))))")
                continue
            }
            if element.lineCount != code.lines {
                fail(code.line, "code block of \(code.lines) source lines laid out in \(element.lineCount)")
            }
            if element.nesting?.depth != code.depth {
                fail(code.line, "code block at depth \(element.nesting?.depth ?? -1), the reference says \(code.depth)")
            }
        }
    }

    /// The element that is list item `item`'s own first block: the first element starting in the
    /// item's lines whose nesting has a list item at the item's depth.
    func firstBlock(of item: Structure.ListItem) -> LayoutAttributes? {
        indices(startingIn: item.line...item.endLine).lazy.map { elements[$0] }.first { element in
            guard let nesting = element.nesting, nesting.depth >= item.depth,
                  case .listItem = nesting.containers[item.depth - 1] else { return false }
            return true
        }
    }

    mutating func listItemsNestHangAndStepIn() {
        var starts: [Int: (item: Structure.ListItem, text: Rect, rightToLeft: Bool)] = [:]
        for (index, item) in reference.listItems.enumerated() {
            checked += 1
            guard let element = firstBlock(of: item), let nesting = element.nesting else {
                let here = indices(startingIn: item.line...item.endLine).map { elements[$0] }
                fail(item.line, "no element is list item at depth \(item.depth) (elements in its lines: \(describe(here)))")
                continue
            }
            guard case .listItem(_, let shown) = nesting.containers[item.depth - 1] else { continue }
            // The marker: an ordered item's number, a task's box; a bullet by level otherwise.
            let box = item.task.map { $0 == "checked" ? "☑" : "☐" }
            let expected: Set<String> = switch (item.number, box) {
            case let (number?, box?): ["\(number). \(box)"]
            case let (number?, nil): ["\(number)."]
            case let (nil, box?): [box]
            case (nil, nil): ["•", "◦", "▪"]
            }
            if !expected.contains(shown ?? "") {
                fail(item.line, "marker \(shown.map { "'\($0)'" } ?? "none"), expected \(expected.sorted().joined(separator: " or "))")
            }
            guard let text = element.textFrame else { continue }
            // The hanging indent: the marker stands in its column before the text, and every line
            // of the text starts inside the text's frame, never under the marker.
            let marker = element.content.compactMap { content -> (String, Rect)? in
                if case .marker(let layout, let frame) = content { (layout.text.string, frame) } else { nil }
            }.first { $0.0 == shown }
            // An item hangs from its list's leading side: the document's, or its list's own when
            // the list runs the other way (GitHub's `dir="auto"` lists; `Block.listDirection`).
            let itemRightToLeft = marker.map { $0.1.minX >= text.maxX - 0.01 } ?? rightToLeft
            if let (_, frame) = marker {
                let hangs = itemRightToLeft ? frame.minX >= text.maxX - 0.01 : frame.maxX <= text.minX + 0.01
                if !hangs { fail(item.line, "the marker \(frame) is not before the text \(text)") }
            } else if shown != nil {
                fail(item.line, "the marker '\(shown!)' is not drawn")
            }
            if let layout = element.textLayout,
               let line = layout.lines.first(where: { $0.x < -0.01 || $0.x + $0.width > text.width + 0.01 }),
               element.cellKind != .code {
                fail(item.line, "a line (x \(line.x), width \(line.width)) leaves the text frame \(text)")
            }
            // A nested item's text starts inside its parent item's (both running one way; an item
            // against its parent's direction is laid out from its own side, not compared).
            if item.depth > 1, let parent = reference.listItems[..<index].last(where: {
                $0.depth == item.depth - 1 && $0.endLine >= item.line
            }), let parentStart = starts[parent.line], parentStart.rightToLeft == itemRightToLeft,
               !isInQuoteBetween(parent: parent, child: item) {
                let parentStart = parentStart.text
                let stepsIn = itemRightToLeft ? text.maxX < parentStart.maxX - 0.01 : text.minX > parentStart.minX + 0.01
                if !stepsIn {
                    fail(item.line, "nested item's text \(edges(text)) does not step in from its parent's (line \(parent.line)) \(edges(parentStart))")
                }
            }
            starts[item.line] = (item, text, itemRightToLeft)
        }
    }

    /// Whether a block quote stands between a parent item and its nested item (then the child's
    /// parent container is the quote, and its step is the quote's).
    func isInQuoteBetween(parent: Structure.ListItem, child: Structure.ListItem) -> Bool {
        reference.blockQuotes.contains { $0.depth == child.depth - 1 && $0.line > parent.line && $0.line <= child.line && $0.endLine >= child.line }
    }

    mutating func blocksSitAtTheirDepth() {
        // Footnote definitions are moved to the end of the document, out of their containers, and
        // a footnote's depth is its own; the reference's depth does not count the definition, so
        // they compare as every other block.
        //
        // A paragraph of tags alone (`<a name="x"></a>`, `</br></br>`) shows no text: the model
        // gives a block without visible text no cell (`Block`), so there is nothing to compare.
        let lines = (try? file.sourceLines()) ?? []
        let shown = reference.paragraphs.filter { paragraph in
            paragraph.imagesOnly || !lines[(paragraph.line - 1)..<min(paragraph.endLine, lines.count)].allSatisfy {
                $0.wholeMatch(of: /\s*(<[^>]*>\s*)*/) != nil
            }
        }
        let blocks: [(line: Int, depth: Int, what: String)] =
            shown.map { ($0.line, $0.depth, "paragraph") } + reference.headings.map { ($0.line, $0.depth, "heading") }
        for block in blocks {
            checked += 1
            let here = at(block.line)
            guard !here.isEmpty else {
                fail(block.line, "no element for the \(block.what)")
                continue
            }
            if !here.contains(where: { $0.nesting?.depth == block.depth }) {
                fail(block.line, "\(block.what) at depth \(here.map { String($0.nesting?.depth ?? -1) }.joined(separator: "/")), the reference says \(block.depth)")
            }
        }
    }

    mutating func imageParagraphsAreImages() {
        for paragraph in reference.paragraphs where paragraph.imagesOnly {
            checked += 1
            guard let element = at(paragraph.line).first(where: { $0.cellKind == .image }) else {
                fail(paragraph.line, "a paragraph of images alone is not an image element (\(describe(at(paragraph.line))))")
                continue
            }
            let alts = reference.images.filter { (paragraph.line...paragraph.endLine).contains($0.line) }.map { $0.alt ?? "" }
            let ours = element.content.compactMap { if case .picture(let picture, _, _, _) = $0 { picture.alt } else { nil } }
            if ours != alts { fail(paragraph.line, "image alt texts \(ours), the reference's \(alts)") }
        }
    }

    mutating func rulesAreCounted() {
        checked += 1
        // A `<hr>` in an HTML block is a rule too (the reference counts thematic breaks only).
        let lines = (try? file.sourceLines()) ?? []
        let horizontalRules = reference.htmlBlocks.reduce(0) { count, block in
            count + lines[(block.line - 1)..<min(block.endLine, lines.count)].reduce(0) {
                $0 + $1.matches(of: /(?i)<hr\b/).count
            }
        }
        let rules = elements.filter { $0.cellKind == .rule }.count
        if rules != reference.thematicBreaks.count + horizontalRules {
            fail(nil, "\(rules) rules, the reference has \(reference.thematicBreaks.count) thematic breaks and \(horizontalRules) <hr>")
        }
    }

    /// Text outside code, with code spans cut out (they may show markup on purpose: `<enter>`).
    static func prose(_ text: StyledText) -> String {
        var out = ""
        var start = text.string.utf8.startIndex
        for run in text.runs {
            let end = text.string.utf8.index(start, offsetBy: run.length)
            if !run.emphasis.contains(.code) { out += String(text.string[start..<end]) } else { out += " " }
            start = end
        }
        return out
    }

    mutating func noTextShowsATag() {
        let source = ((try? file.sourceLines()) ?? []).joined(separator: "\n")
        let tags = /<\/?[A-Za-z][A-Za-z0-9-]*|<!--/
        for element in elements where element.cellKind != .code {
            for content in element.content {
                guard case .text(let layout, _, _, _) = content else { continue }
                checked += 1
                let text = Self.prose(layout.text)
                guard text.utf8.contains(UInt8(ascii: "<")) else { continue }
                for tag in text.matches(of: tags) {
                    // Markup the author wrote as text, escaped (`\<ins>`, `&lt;ins>`), is text.
                    let written = tag.output.dropFirst()
                    if source.contains("\\<" + written) || source.localizedCaseInsensitiveContains("&lt;" + written) { continue }
                    fail(element.sourceLine, "text shows the tag '\(tag.output)': \(text.prefix(80))")
                }
            }
        }
    }

    func describe(_ elements: [LayoutAttributes]) -> String {
        elements.isEmpty ? "none" : elements.map { "\($0.cellKind?.name ?? "?") depth \($0.nesting?.depth ?? -1)" }.joined(separator: ", ")
    }

    func edges(_ rect: Rect) -> String { "[\(rect.minX), \(rect.maxX)]" }
}
