import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// Separators between rows run from the text's leading edge to the cell's trailing edge: in a
/// right-to-left document, from the right (where the text starts) to the left edge, as UIKit
/// mirrors a list's separator insets.
@Suite struct RightToLeftSeparatorTests {
    static func separators(_ markdown: String) throws -> [Rect] { try fills(markdown, Theme.light.separator) }

    static func fills(_ text: String, _ color: Color, format: DocumentFormat = .commonMark, language: String? = nil) throws -> [Rect] {
        let input = try LayoutInput(bytes: Array(text.utf8), format: format)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390,
                                      settings: TextSettings(language: try language.map { try LanguageTag($0) }).over(input.documentSettings))
        return try preview.page(category: .large).displayList().items.compactMap { item -> Rect? in
            guard case .fill(let rect, let fill, _) = item, fill == color else { return nil }
            return rect
        }
    }

    @Test func separatorsMirrorInRightToLeftDocuments() throws {
        let ltr = try Self.separators("First paragraph.\n\nSecond paragraph.\n\nThird.\n")
        let rtl = try Self.separators("---\nlang: ar\n---\nفقرة أولى.\n\nفقرة ثانية.\n\nفقرة ثالثة.\n")
        try #require(ltr.count == 2 && rtl.count == 2)
        for rect in ltr { #expect(rect.minX == 16 && rect.maxX == 390, "\(rect)") }
        for rect in rtl { #expect(rect.minX == 0 && rect.maxX == 374, "\(rect)") }
    }

    /// A screen in a right-to-left language whose strings are English (untranslated, or names):
    /// UIKit's natural alignment puts them at the right, as the interface runs, and the list's
    /// separators hang from the right with them (KeePassium's database list in Arabic drew them
    /// from the left). A document's English paragraphs stand at the left in a right-to-left
    /// document, and their separators with them.
    @Test func aScreensSeparatorsFollowItsLayoutDirection() throws {
        let item = #"{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}"#
        let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [\#(item)]}"#
        let screen = #"{"sections": [{"group": \#(group), "cells": [{"text": "Databases"}, {"text": "Personal.kdbx"}, {"text": "Work.kdbx"}]}]}"#
        let english = try Self.fills(screen, Theme.light.separator, format: .screen)
        let arabic = try Self.fills(screen, Theme.light.separator, format: .screen, language: "ar")
        try #require(english.count == 2 && arabic.count == 2, "\(english) \(arabic)")
        for (left, right) in zip(english, arabic) {
            #expect(left.maxX == 390 && left.minX > 0, "left to right: from the text's left edge to the right: \(left)")
            #expect(right.minX == 0 && right.maxX < 390, "right to left: from the text's right edge to the left: \(right)")
            #expect(abs((390 - right.maxX) - left.minX) < 1e-9, "mirror images of each other: \(left) \(right)")
        }
        let document = try Self.separators("---\nlang: ar\n---\nFirst paragraph.\n\nSecond paragraph.\n\nThird.\n")
        try #require(document.count == 2)
        for rect in document { #expect(rect.minX == 16 && rect.maxX == 390, "English in an Arabic document hangs from the left: \(rect)") }
    }

    /// A quote's bar stands on the leading side: the right in a right-to-left document.
    @Test func quoteBarsMirrorInRightToLeftDocuments() throws {
        let ltr = try Self.fills("> A quotation.\n", Theme.light.quoteBar)
        let rtl = try Self.fills("---\nlang: ar\n---\n> اقتباس من كتاب.\n", Theme.light.quoteBar)
        try #require(ltr.count == 1 && rtl.count == 1)
        #expect(ltr[0].minX < 40 && rtl[0].maxX > 350)
        #expect(abs((390 - rtl[0].maxX) - ltr[0].minX) < 1e-9, "mirror images of each other")
    }
}
