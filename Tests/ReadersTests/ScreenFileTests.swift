import Foundation
import Testing
import TextMetrics
@testable import Reflow
@testable import Readers
import TestSupport

/// Screen files: the documented shape reads into a compositional layout, variants follow the
/// environment, and a bad file is one error naming its JSON path and what was expected.
@Suite struct ScreenFileTests {
    /// The screen of the issue that specified the format, verbatim.
    static let contract = """
        {"interSectionSpacing": 20,
         "sections": [
          {"variants": [
            {"when": {"accessibility": true},
             "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}},
                       "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}}}]}},
            {"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}},
                       "count": 3, "interItemSpacing": {"fixed": 8},
                       "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}}}]}}],
           "interGroupSpacing": 8,
           "contentInsets": {"top": 8, "leading": 16, "bottom": 8, "trailing": 16},
           "orthogonalScrollingBehavior": "none",
           "header": {"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                      "text": "Categories", "style": "title2", "pinToVisibleBounds": true},
           "background": {"contentInsets": {"top": 0, "leading": 8, "bottom": 0, "trailing": 8}},
           "cells": [{"text": "Travel", "style": "headline"},
                     {"stack": [{"text": "Food", "style": "headline"}, {"text": "42 places", "style": "subheadline", "lines": 1}],
                      "badge": "3"}]}]}
        """

    static func screen(_ json: String) throws -> ScreenFile { try ScreenFile(json: Array(json.utf8)) }

    /// A screen of more cells than are read whole is read lazily: its cells are found but not
    /// parsed, and drawing the first screen parses the block of cells it shows, not the file.
    @Test func theFirstScreenOfALargeScreenFileReadsOnlyTheCellsItShows() throws {
        let count = ScreenFile.eagerCellLimit + 10_000
        let cells = (0..<count).map { "{\"text\": \"Row \($0)\"}" }.joined(separator: ",")
        let json = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [\(cells)]}]}
            """
        let input = try LayoutInput(bytes: Array(json.utf8), format: .screen)
        guard case .lazy(let lazyCells) = input.content.sections[0].storage else {
            Issue.record("a screen of \(count) cells was read whole")
            return
        }
        #expect(input.content.cellCount == count)
        #expect(lazyCells.blocksRead == 0, "reading the file parses no cell")
        let planned = try MeasuringPlan(layout: input.layout, content: input.content,
                                        environment: LayoutEnvironment(containerWidth: 390, category: .large), sizer: try Fixtures.sizer())
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                prefetcher: Prefetcher(margin: 0, unitsPerFrame: 0), source: planned.source)
        viewport.scroll(to: 0)
        var lazy = viewport.layout
        let shown = try planned.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844), lazy: &lazy)
        #expect(shown.count > 10 && shown.count < LazyCells.blockSize)
        #expect(lazyCells.blocksRead == 1, "the first screen parses one block of \(LazyCells.blockSize) cells")
    }

    @Test func theContractReadsIntoSectionsCellsAndVariants() throws {
        let screen = try Self.screen(Self.contract)
        #expect(screen.content.sections.count == 1)
        let section = screen.content.sections[0]
        let cells = try section.cells
        #expect(cells.count == 2)
        #expect(cells[1].texts.map(\.text.string) == ["Food", "42 places"])
        #expect(cells[1].texts[1].lineLimit == 1)
        #expect(cells[1].supplementary["badge"]?.text.string == "3")
        #expect(section.supplementary["header"]?.text.string == "Categories")
        #expect(ScreenFile.path(of: IndexPath(item: 1, section: 0)) == "sections[0].cells[1]")
        let large = screen.layout.sectionProvider(0, LayoutEnvironment(category: .extraExtraExtraLarge))
        let accessible = screen.layout.sectionProvider(0, LayoutEnvironment(category: .accessibilityMedium))
        #expect(large.group.count == 3)
        #expect(accessible.group.count == nil)
        #expect(large.boundarySupplementaryItems.first?.pinToVisibleBounds == true)
        #expect(large.decorationItems.first?.contentInsets == EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8))
        // Laid out: three columns up to xxxL, one from AX1.
        for (category, columns) in [(ContentSizeCategory.extraExtraExtraLarge, 2), (.accessibilityMedium, 1)] {
            let snapshot = try screen.layout.layout(screen.content, in: LayoutEnvironment(category: category), sizer: try Fixtures.sizer())
            #expect(Set(snapshot.cells.map(\.frame.minY)).count == 3 - columns, "\(category.shortName)")
            #expect(snapshot.elements.contains { $0.role == .background })
            // The cell has badge text, but no item declares a badge: nothing to draw it in.
            #expect(!snapshot.elements.contains { $0.role == .badge })
        }
    }

    @Test func conditionsMatchCategoriesAndWidths() throws {
        let json = """
            {"sections": [{"variants": [
              {"when": {"categories": ["xs", "s"]}, "group": \(Self.group(count: 4))},
              {"when": {"maxWidth": 400}, "group": \(Self.group(count: 2))},
              {"when": {"minWidth": 400.5}, "group": \(Self.group(count: 3))}],
             "cells": [{"text": "a"}]}]}
            """
        let provider = try Self.screen(json).layout.sectionProvider
        #expect(provider(0, LayoutEnvironment(containerWidth: 390, category: .small)).group.count == 4)
        #expect(provider(0, LayoutEnvironment(containerWidth: 390)).group.count == 2)
        #expect(provider(0, LayoutEnvironment(containerWidth: 800)).group.count == 3)
    }

    static func group(count: Int) -> String {
        """
        {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 50}}, "count": \(count),
         "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 50}}}]}
        """
    }

    static let minimalGroup = """
        {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
         "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}
        """

    /// Bad files and the one error each must give: its JSON path and what was expected.
    static let badFiles: [(String, String)] = [
        ("", "not valid JSON"),
        ("{\"sections\": [", "not valid JSON"),
        ("[]", "expected an object with \"sections\", got an array"),
        ("{}", "missing \"sections\""),
        ("{\"sections\": [], \"colour\": 1}", "colour: unknown key; expected one of interSectionSpacing, sections, title"),
        ("{\"sections\": {}}", "sections: expected an array of sections, got an object"),
        ("{\"sections\": [{}]}", "sections[0]: missing \"group\""),
        ("{\"sections\": [{\"group\": 3}]}", "sections[0].group: expected a group such as"),
        ("{\"sections\": [{\"group\": {\"axis\": \"diagonal\", \"size\": {}, \"subitems\": []}}]}",
         "sections[0].group.axis: expected \"horizontal\" or \"vertical\", got \"diagonal\""),
        ("{\"sections\": [{\"group\": {\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": 5}, \"subitems\": [{}]}}]}",
         "sections[0].group.size.height: expected a dimension such as {\"fractionalWidth\": 0.5}"),
        ("{\"sections\": [{\"group\": {\"axis\": \"vertical\", \"size\": {\"width\": {\"percent\": 1}, \"height\": {\"absolute\": 5}}, \"subitems\": [{}]}}]}",
         "sections[0].group.size.width: expected a dimension such as {\"fractionalWidth\": 0.5}, {\"absolute\": 44}, {\"estimated\": 80} or {\"uniformAcrossSiblings\": 80}, got \"percent\""),
        ("{\"sections\": [{\"group\": {\"axis\": \"horizontal\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"uniformAcrossSiblings\": 44}}, \"subitems\": [{}]}}]}",
         "sections[0].group.size: uniformAcrossSiblings sizes items, not groups (a section-wide uniform height is not supported): give the group an estimated length and its items uniformAcrossSiblings"),
        ("{\"sections\": [{\"group\": {\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": -1}, \"height\": {\"absolute\": 5}}, \"subitems\": [{}]}}]}",
         "sections[0].group.size.width.fractionalWidth: expected a fraction above 0, got -1"),
        ("{\"sections\": [{\"group\": {\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 5}}, \"subitems\": []}}]}",
         "sections[0].group.subitems: expected at least one item or group"),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"cells\": [{\"text\": \"a\", \"style\": \"huge\"}]}]}",
         "sections[0].cells[0].style: unknown text style \"huge\"; expected one of largeTitle"),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"cells\": [{\"style\": \"body\"}]}]}",
         "sections[0].cells[0]: missing \"text\" or \"stack\""),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"cells\": [{\"text\": \"a\", \"lines\": -1}]}]}",
         "sections[0].cells[0].lines: expected a number of lines, 1 or more (0: no limit), got -1"),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"orthogonalScrollingBehavior\": \"sideways\"}]}",
         "sections[0].orthogonalScrollingBehavior: unknown behaviour \"sideways\"; expected one of none, continuous"),
        ("{\"sections\": [{\"variants\": [{\"when\": {\"categories\": [\"huge\"]}, \"group\": \(minimalGroup)}]}]}",
         "sections[0].variants[0].when.categories[0]: unknown category \"huge\"; expected one of xs s m l"),
        ("{\"sections\": [{\"variants\": []}]}", "sections[0].variants: expected at least one variant"),
        ("{\"sections\": [{\"group\": {\"axis\": \"horizontal\", \"count\": 0, \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 5}}, \"subitems\": [{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 5}}}]}}]}",
         "sections[0].group.count: expected a count from 1 to 1000, got 0"),
        ("{\"sections\": [{\"group\": {\"axis\": \"horizontal\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 20}}, \"subitems\": [{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 20}}, \"badge\": {\"size\": {\"width\": {\"absolute\": 20}, \"height\": {\"absolute\": 20}}, \"anchor\": {\"edges\": [\"top\", \"bottom\"]}}}]}}]}",
         "sections[0].group.subitems[0].badge.anchor.edges: opposite edges cannot both anchor a badge"),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"header\": {\"style\": \"title2\"}}]}",
         "sections[0].header: missing \"text\""),
        ("{\"sections\": [{\"group\": \(minimalGroup), \"cells\": [{\"layout\": \"row\", \"text\": \"a\"}]}]}",
         "sections[0].cells[0].layout: a \"row\" cell starts with an image"),
    ]

    @Test(arguments: Self.badFiles)
    func aBadFileIsOneErrorNamingItsPlace(_ json: String, _ expected: String) {
        do {
            _ = try Self.screen(json)
            Issue.record("expected an error for \(json)")
        } catch let error as ScreenFileError {
            #expect(error.description.hasPrefix(expected), "got: \(error)")
        } catch {
            Issue.record("expected a ScreenFileError, got \(error)")
        }
    }

    @Test(arguments: ["store.json", "settings.json", "grid.json"])
    func theExampleScreensLayOutAtEverySize(_ name: String) throws {
        let input = try Fixtures.input(name)
        #expect(input.format == .screen)
        let sizer = try Fixtures.sizer()
        for category in ContentSizeCategory.allCases {
            let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(category: category), sizer: sizer)
            #expect(snapshot.cells.count == input.content.cellCount)
            #expect(snapshot.cells.allSatisfy { $0.frame.height >= 44 }, "\(name) \(category.shortName): every cell self-sizes to 44 pt or more")
        }
    }

    @Test func aRowCellPutsItsImageBesideItsTextAndAboveItAtAccessibilitySizes() throws {
        let json = """
            {"sections": [{"group": \(Self.minimalGroup), "cells": [
              {"layout": "row", "stack": [{"image": {"width": 30, "height": 30}}, {"text": "Weather", "style": "body"}]}]}]}
            """
        let screen = try Self.screen(json)
        for (category, beside) in [(ContentSizeCategory.extraExtraExtraLarge, true), (.accessibilityMedium, false)] {
            let snapshot = try screen.layout.layout(screen.content, in: LayoutEnvironment(category: category), sizer: try Fixtures.sizer())
            let cell = try #require(snapshot.cells.first)
            guard case .image(let image) = cell.content[0], case .text(_, _, let text, _) = cell.content[1] else {
                Issue.record("an image then a text")
                continue
            }
            if beside {
                #expect(text.minX >= image.maxX, "the text beside the image")
            } else {
                #expect(text.minY >= image.maxY, "the text under the image")
                #expect(text.minX == image.minX)
            }
        }
    }
}
