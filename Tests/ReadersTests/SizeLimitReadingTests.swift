import Readers
import Reflow
import TextMetrics
import Testing

/// Content-size limits, `maximumPointSize` and Bold Text as screen files and front matter say them.
@Suite struct SizeLimitReadingTests {
    static let screen = """
        {"maximumContentSizeCategory": "ax2", "sections": [
          {"maximumContentSizeCategory": "xxxl", "header": {"text": "Limited"},
           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
           "cells": [{"text": "Section's limit"}, {"text": "Narrower", "minimumContentSizeCategory": "m", "maximumContentSizeCategory": "xl"},
                     {"text": "Capped", "maximumPointSize": 24}]},
          {"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
           "cells": [{"text": "Screen's limit"}]}]}
        """

    @Test func screenSectionAndCellLimitsNarrowEachOther() throws {
        let input = try LayoutInput(bytes: Array(Self.screen.utf8), format: .screen)
        let first = input.content.sections[0], second = input.content.sections[1]
        #expect(try first.cell(0).contentSizeCategoryLimits == .extraSmall ... .extraExtraExtraLarge)
        #expect(try first.cell(1).contentSizeCategoryLimits == .medium ... .extraLarge)
        #expect(first.supplementary["header"]?.contentSizeCategoryLimits == .extraSmall ... .extraExtraExtraLarge)
        #expect(try second.cell(0).contentSizeCategoryLimits == .extraSmall ... .accessibilityLarge)
        guard case .text(let capped)? = try first.cell(2).elements.first else { Issue.record("a text"); return }
        #expect(capped.maximumPointSize == 24)
    }

    @Test func limitsThatLeaveNoSizeAreAnError() throws {
        let json = """
            {"sections": [{"maximumContentSizeCategory": "m", "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
             "cells": [{"text": "x", "minimumContentSizeCategory": "ax1"}]}]}
            """
        #expect { try LayoutInput(bytes: Array(json.utf8), format: .screen) } throws: { error in
            "\(error)".contains("sections[0].cells[0]: the content-size limits leave no size: ax1 is above m")
        }
        let unknown = #"{"maximumContentSizeCategory": "huge", "sections": []}"#
        #expect { try LayoutInput(bytes: Array(unknown.utf8), format: .screen) } throws: { error in
            "\(error)".contains("expected a content-size category (xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5), got \"huge\"")
        }
    }

    @Test func frontMatterLimitsADocumentAndTurnsOnBoldText() throws {
        let text = "---\nmaximumContentSizeCategory: xxxl\nminimumContentSizeCategory: s\nbold-text: true\n---\n# Title\n\nBody text.\n"
        let input = try LayoutInput(bytes: Array(text.utf8), format: .commonMark)
        let settings = try #require(input.documentSettings)
        #expect(settings.maximumCategory == .extraExtraExtraLarge && settings.minimumCategory == .small && settings.boldText == true)
        let environment = settings.textEnvironment(category: .accessibilityExtraExtraExtraLarge)
        #expect(environment.category == .extraExtraExtraLarge && environment.boldText)
        #expect(settings.textEnvironment(category: .extraSmall).category == .small)
        let wrong = "---\nminimumContentSizeCategory: ax1\nmaximumContentSizeCategory: m\n---\nText\n"
        #expect { try LayoutInput(bytes: Array(wrong.utf8), format: .commonMark) } throws: { error in
            "\(error)".contains("minimumContentSizeCategory at most maximumContentSizeCategory (ax1 > m)")
        }
    }
}
