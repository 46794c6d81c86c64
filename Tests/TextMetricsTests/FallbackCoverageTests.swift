import Foundation
import Testing
@testable import TextMetrics

/// The faces found by coverage: a sentence in each of thirteen scripts that only Debian's Noto
/// folders (not the chain's named entries) draw, with no `.notdef`; the order of the candidates;
/// and that a document the named entries cover reads none of them.
@Suite struct FallbackCoverageTests {
    /// The paragraphs of Examples/udhr-more-scripts.txt, in order: a sentence of the Universal
    /// Declaration of Human Rights in each language (as googlefonts/lang's sample texts carry
    /// them, from unicode.org's UDHR in Unicode: Article 1 in Kannada, Assyrian Neo-Aramaic
    /// (Syriac) and Mongolian, another article in the others), and the family that draws it.
    static let scripts: [(script: String, family: String)] = [
        ("Khmer", "Noto Sans Khmer"), ("Lao", "Noto Sans Lao"), ("Myanmar", "Noto Sans Myanmar"),
        ("Sinhala", "Noto Sans Sinhala"), ("Gujarati", "Noto Sans Gujarati"), ("Gurmukhi", "Noto Sans Gurmukhi"),
        ("Kannada", "Noto Sans Kannada"), ("Telugu", "Noto Sans Telugu"), ("Malayalam", "Noto Sans Malayalam"),
        ("Tibetan", "Noto Serif Tibetan"), ("Syriac", "Noto Sans Syriac"), ("Cherokee", "Noto Sans Cherokee"),
        ("Mongolian", "Noto Sans Mongolian"),
    ]

    static func sentences() throws -> [(script: String, family: String, text: String)] {
        let paragraphs = try String(contentsOf: Support.examples.appendingPathComponent("udhr-more-scripts.txt"), encoding: .utf8)
            .components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        try #require(paragraphs.count == scripts.count, "one paragraph per script")
        return zip(scripts, paragraphs).map { ($0.script, $0.family, $1) }
    }

    static func glyphs(_ layout: TextLayout) -> [(font: Font, glyph: PositionedGlyph)] {
        layout.lines.indices.flatMap { line in layout.glyphRuns(ofLine: line).flatMap { run in run.glyphs.map { (run.font, $0) } } }
    }

    @Test func everyScriptOfTheNotoFoldersLaysOutWithoutNotdef() throws {
        let typesetter = try Support.typesetter()
        for (script, family, text) in try Self.sentences() {
            let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 358)
            let glyphs = Self.glyphs(layout)
            #expect(!glyphs.isEmpty, "\(script)")
            #expect(!glyphs.contains { $0.glyph.glyph == 0 }, "\(script): a .notdef glyph")
            #expect(layout.missingCharacters == 0, "\(script): \(layout.missingCharacters) missing")
            // Its own Noto face (a UI cut of it where fonts-noto-ui-core is installed).
            let families = Set(glyphs.map(\.font.familyName))
            #expect(families.contains { $0.hasPrefix(family) }, "\(script): drawn in \(families.sorted())")
            // The face says it covers the script.
            let face = try #require(glyphs.first { $0.font.familyName.hasPrefix(family) }?.font)
            #expect(face.coveredScripts.contains(script), "\(script): \(face.coveredScripts)")
        }
    }

    @Test func boldTextTakesTheBoldFileWhereThereIsOne() throws {
        let typesetter = try Support.typesetter()
        for (script, family, text) in try Self.sentences() {
            let layout = try typesetter.layout(StyledText(text, emphasis: .strong), style: .body, category: .large, width: 358)
            let glyphs = Self.glyphs(layout)
            #expect(!glyphs.contains { $0.glyph.glyph == 0 } && layout.missingCharacters == 0, "\(script)")
            let face = try #require(glyphs.first { $0.font.familyName.hasPrefix(family) }?.font, "\(script)")
            let regular = face.path.replacingOccurrences(of: "-Bold.", with: "-Regular.")
            let bold = regular.replacingOccurrences(of: "-Regular.", with: "-Bold.")
            if FileManager.default.fileExists(atPath: bold) {
                #expect(face.path == bold && face.styleName == "Bold", "\(script): \(face)")
            } else {
                #expect(face.path == regular, "\(script) has no bold file: \(face)")
            }
        }
    }

    @Test func aDocumentTheNamedFacesCoverReadsNoOtherFace() throws {
        let library = try FontLibrary()
        let typesetter = try Typesetter(fonts: library)
        for text in ["Plain words.", "abc שלום 漢字 😀 سلام नमस्ते", "모든 인간은 태어날 때부터 자유로우며"] {
            _ = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 300)
        }
        #expect(library.coverage.readCount == 0)
        // Khmer reads the faces before Noto Sans Khmer in order, and stops there.
        _ = try typesetter.layout(StyledText("មនុស្ស"), style: .body, category: .large, width: 300)
        let khmer = try #require(library.coverage.candidates.firstIndex { $0.stem.hasPrefix("NotoSansKhmer") })
        #expect(library.coverage.readCount == khmer + 1)
        #expect(library.coverage.readCount < library.coverage.candidates.count)
    }

    @Test func aCharacterNothingCoversIsMissingAfterEveryFaceWasAsked() throws {
        let library = try FontLibrary()
        let layout = try Typesetter(fonts: library).layout(StyledText("a \u{0870} b"), style: .body, category: .large, width: 300)
        #expect(layout.missingCharacters == 1)
        #expect(library.coverage.readCount == library.coverage.candidates.count)
    }

    @Test func candidatesAreOrderedUIThenSansThenOtherNotoThenSerif() throws {
        let folder = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        for name in ["NotoSerifKhmer-Regular.ttf", "NotoSerifKhmer-Bold.ttf", "NotoSansKhmer-Regular.ttf", "NotoSansKhmer-Bold.ttf",
                     "NotoSansKhmerUI-Regular.ttf", "NotoLoopedLao-Regular.ttf", "NotoSansLao-Regular.ttf", "NotoSansLao-Italic.ttf",
                     "NotoSansArabic-Regular.ttf", "Other-Regular.otf", "README", "NotoColorEmoji.ttf"] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        #expect(FileManager.default.createFile(atPath: other.appendingPathComponent("NotoSansKhmer-Regular.otf").path, contents: Data()))
        let excluded: Set = [folder.appendingPathComponent("NotoSansArabic-Regular.ttf").path]
        let candidates = CoverageIndex.list(directories: [folder.path, other.path, "/nonexistent"], excluding: excluded)
        #expect(candidates.map { ($0.regular as NSString).lastPathComponent } == [
            "NotoSansKhmerUI-Regular.ttf", "NotoSansKhmer-Regular.ttf", "NotoSansKhmer-Regular.otf", "NotoSansLao-Regular.ttf",
            "NotoLoopedLao-Regular.ttf", "NotoSerifKhmer-Regular.ttf", "Other-Regular.otf",
        ])
        #expect(candidates.map { $0.bold.map { ($0 as NSString).lastPathComponent } } == [
            nil, "NotoSansKhmer-Bold.ttf", nil, nil, nil, "NotoSerifKhmer-Bold.ttf", nil,
        ])
        #expect(candidates[1].file(bold: true).hasSuffix("NotoSansKhmer-Bold.ttf") && candidates[0].file(bold: true) == candidates[0].regular)
    }

    @Test func theChainNamesNoFileTwice() throws {
        let library = try FontLibrary()
        let named = library.chain.namedFiles
        #expect(library.coverage.candidates.allSatisfy { !named.contains($0.regular) })
        #expect(library.coverage.candidates.count > 100, "Debian's fonts-noto-core has some 180 more families")
        #expect(Set(library.coverage.candidates.map(\.regular)).count == library.coverage.candidates.count)
    }
}
