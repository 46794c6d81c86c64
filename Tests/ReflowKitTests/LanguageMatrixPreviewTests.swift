import Foundation
import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// The language matrix (`reflow-cli SCREEN.json --lang de,he --category all`): a row per
/// language and a column per size, each cell one screen; a right-to-left language's screens are
/// mirrored; the picture is the same whatever number of threads lays the languages out.
@Suite struct LanguageMatrixPreviewTests {
    static let maccy = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings/p0deje--Maccy/Localizable.xcstrings")

    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    /// A settings screen naming Maccy's keys, its first text a short one ("General", "Allgemein",
    /// "כללי"), in a folder with Maccy's catalog; `body` gets the screen's path.
    static func withScreen<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: maccy, to: folder.appendingPathComponent("Localizable.xcstrings"))
        let screen = #"{"strings": ["Localizable.xcstrings"], "sections": [{"group": \#(group), "cells": [{"text": {"key": "preferences_general"}}, {"text": {"key": "clear_alert_message"}}, {"text": {"key": "preferences_storage"}}]}]}"#
        let path = folder.appendingPathComponent("settings.json").path
        try Data(screen.utf8).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    static let viewport = Size(width: 200, height: 240)

    static func matrix(_ path: String, languages: [String], categories: [ContentSizeCategory]) throws -> LanguageMatrixPreview {
        let localized = try DocumentReader().localized(at: path)
        let rows = try languages.map { tag in
            let input = try localized.input(in: tag)
            return LanguageMatrixPreview.Language(tag: tag, input: input, settings: try TextSettings().over(input.documentSettings).validated())
        }
        return LanguageMatrixPreview(languages: rows, categories: categories, viewport: viewport, position: .offset(0),
                                     fontsDirectory: try Fixtures.fonts().directory)
    }

    /// The picture is as wide as the label column and the columns of screens with their gaps, and
    /// as tall as the rows of screens with their gaps plus the sizes' labels and the heading: a
    /// row more adds one screen's height and a gap, a column more one screen's width and a gap.
    @Test func theSizeIsRowsTimesColumnsOfTheScreenPlusLabels() throws {
        try Self.withScreen { path in
            let fonts = try Fixtures.fonts()
            let one = try Self.matrix(path, languages: ["de"], categories: [.large]).displayList(heading: "h", jobs: 1, fonts: fonts).list
            let wide = try Self.matrix(path, languages: ["de", "he", "ja"], categories: [.large, .accessibilityExtraExtraExtraLarge])
            let list = try wide.displayList(heading: "h", jobs: 1, fonts: fonts).list
            let (margin, gap, label) = (ContactSheet.margin, ContactSheet.gap, LanguageMatrixSheet.labelWidth)
            #expect(one.size.width == 2 * margin + label + gap + 200)
            #expect(list.size.width == 2 * margin + label + gap + 2 * 200 + gap)
            #expect(list.size.width == wide.minimumSize.width)
            #expect(list.size.height - one.size.height == 2 * (240 + gap), "two rows more: two screens and two gaps taller")
            #expect(one.size.height > 2 * margin + 240 + 30, "the heading and the sizes' labels are above the screens")
        }
    }

    /// The first line of ink in a panel: the space left of it and right of it, in pixels.
    static func firstLineGaps(_ image: RGBAImage, panel: (x: Int, y: Int, width: Int, height: Int)) -> (left: Int, right: Int)? {
        func ink(_ x: Int, _ y: Int) -> Bool {
            let color = image.pixel(x: x, y: y)
            return Int(color.red) + Int(color.green) + Int(color.blue) < 3 * 128
        }
        let xs = (panel.x + 3)..<(panel.x + panel.width - 3)
        var y = panel.y + 3
        while y < panel.y + panel.height - 3, !xs.contains(where: { ink($0, y) }) { y += 1 }
        var (low, high) = (Int.max, Int.min)
        while y < panel.y + panel.height - 3, let first = xs.first(where: { ink($0, y) }) {
            low = min(low, first)
            high = max(high, xs.last(where: { ink($0, y) })!)
            y += 1
        }
        guard low <= high else { return nil }
        return (low - panel.x, panel.x + panel.width - 1 - high)
    }

    /// The top of the first row's screens: the first pure white pixel down the first panel
    /// (labels and the sheet are gray or darker).
    static func firstPanelTop(_ image: RGBAImage, x: Int) -> Int? {
        (0..<image.height).first { image.pixel(x: x, y: $0) == Color(hex: 0xFFFFFF) }
    }

    /// German's first line starts at the leading inset and leaves the rest of the line empty at
    /// the right; Hebrew's and pseudo-rtl's rows are mirrored: their first line ends at the
    /// right inset, the space on the left.
    @Test func rightToLeftRowsAreMirrored() throws {
        try Self.withScreen { path in
            let matrix = try Self.matrix(path, languages: ["de", "he", "pseudo-rtl"], categories: [.large])
            let list = try matrix.displayList(heading: nil, jobs: 1, fonts: try Fixtures.fonts()).list
            let image = try PNGRenderer(scale: 1).rasterize(list)
            let left = Int(ContactSheet.margin + LanguageMatrixSheet.labelWidth + ContactSheet.gap)
            let top = try #require(Self.firstPanelTop(image, x: left + 100))
            var gaps: [(left: Int, right: Int)] = []
            for row in 0..<3 {
                let panel = (x: left, y: top + row * Int(240 + ContactSheet.gap), width: 200, height: 240)
                gaps.append(try #require(Self.firstLineGaps(image, panel: panel), "row \(row) has text"))
            }
            #expect(gaps[0].left < 30 && gaps[0].right > gaps[0].left + 40, "de starts at the left: \(gaps[0])")
            for (row, name) in [(1, "he"), (2, "pseudo-rtl")] {
                #expect(gaps[row].right < 30 && gaps[row].left > gaps[row].right + 40, "\(name) ends at the right: \(gaps[row])")
            }
        }
    }

    /// Laid out on one thread or three, the PNG and the SVG are the same, byte for byte.
    @Test func theMatrixIsTheSameForAnyNumberOfJobs() throws {
        try Self.withScreen { path in
            let matrix = try Self.matrix(path, languages: ["de", "he", "ja", "pseudo-double"], categories: [.large, .extraExtraExtraLarge])
            let fonts = try Fixtures.fonts()
            let one = try matrix.displayList(heading: "settings", jobs: 1, fonts: fonts).list
            let three = try matrix.displayList(heading: "settings", jobs: 3, fonts: fonts).list
            #expect(try PNGRenderer(scale: 1).render(one) == PNGRenderer(scale: 1).render(three))
            #expect(SVGRenderer(title: nil).render(one) == SVGRenderer(title: nil).render(three))
        }
    }

    /// A row is labelled with the tag and the language's names, in English and its own; a
    /// pseudolanguage with what it does. The file name's languages: the tag, all, or the tags joined by +.
    @Test func rowsAreLabelledWithTheTagAndTheName() throws {
        #expect(LanguageMatrixPreview.name(of: "de") == "German · Deutsch")
        #expect(LanguageMatrixPreview.name(of: "he") == "Hebrew · עברית")
        #expect(LanguageMatrixPreview.name(of: "en") == "English")
        #expect(LanguageMatrixPreview.name(of: "pt-BR").hasPrefix("Portuguese"))
        #expect(LanguageMatrixPreview.name(of: "pseudo-rtl") == "pseudo: right to left")
        #expect(LanguageMatrixPreview.fileNamePart(try LanguageChoice(parsing: "de")) == "de")
        #expect(LanguageMatrixPreview.fileNamePart(try LanguageChoice(parsing: "de,fr,ja")) == "de+fr+ja")
        #expect(LanguageMatrixPreview.fileNamePart(try LanguageChoice(parsing: "all")) == "all")
        try Self.withScreen { path in
            let rows = try Self.matrix(path, languages: ["ja", "pseudo-bounded"], categories: [.large]).rows(jobs: 2).rows
            #expect(rows.map(\.title) == ["ja", "pseudo-bounded"])
            #expect(rows.map(\.subtitle) == ["Japanese · 日本語", "pseudo: bounded"])
        }
    }
}
