import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

@Suite struct CellSizerTests {
    @Test func aCellIsItsTextPlusScaledInsetsAndAtLeast44Tall() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .paragraph, style: .body, text: "A short line")
        for category in ContentSizeCategory.allCases {
            let measurement = try sizer.measure(cell, width: 390, category: category)
            let factor = FontMetrics(forTextStyle: .body).scaleFactor(for: category)
            #expect(measurement.insets == Cell.defaultInsets.scaledVertically(by: factor))
            #expect(measurement.insets.leading == 16 && measurement.insets.trailing == 16, "margins do not scale")
            let text = try #require(measurement.textLayout)
            let natural = measurement.insets.top + text.height + measurement.insets.bottom
            #expect(measurement.naturalHeight == natural)
            #expect(measurement.size.height == max(44, natural))
            #expect(measurement.size.width == 390)
            #expect(text.containerWidth == 390 - measurement.insets.horizontal)
        }
        // At L: 11 + 22 (one body line) + 11 = 44 exactly; at AX5 the insets alone are 3.12 × 22.
        #expect(try sizer.measure(cell, width: 390, category: .large).size.height == 44)
        #expect(try sizer.measure(cell, width: 390, category: .large).textFrame?.origin == Point(x: 16, y: 11))
    }

    @Test func atMostAWidthAWordCellIsItsAdvancePlusInsetsAndNeverWiderThanOffered() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .word, style: .body, text: "word")
        let advance = try sizer.typesetter.advance(of: "word", style: .body, category: .large)
        #expect(try sizer.size(of: cell, proposal: SizeProposal(width: .atMost(390)), category: .large)
                == Size(width: advance + 32, height: 44))
        // Unspecified: the natural width, whatever the container.
        #expect(try sizer.size(of: cell, proposal: SizeProposal(width: .unspecified), category: .large).width == advance + 32)
        let long = Cell(kind: .word, style: .body, text: StyledText(String(repeating: "m", count: 200)))
        let size = try sizer.size(of: long, proposal: SizeProposal(width: .atMost(300)), category: .large)
        #expect(size.width == 300)
        #expect(size.height > 44)
        // Unspecified, it stays one line as wide as it is.
        let natural = try sizer.measure(long, proposal: SizeProposal(width: .unspecified), category: .large)
        #expect(natural.lineCount == 1)
        #expect(natural.size.width > 300)
    }

    /// A text with a fixed point size is set at that size, with its style's weight and its
    /// leading's ratio at L, whatever the category; the cell's insets still scale.
    @Test func fixedSizeTextKeepsItsSizeAtEveryCategory() throws {
        let sizer = try Fixtures.sizer()
        let text = TextElement(style: .caption1, text: "Fine print that stays small", fixedPointSize: 12)
        let cell = Cell(kind: .item, elements: [.text(text)])
        let atL = DynamicType.spec(.caption1, .large)
        for category in ContentSizeCategory.allCases {
            let layout = try #require(try sizer.measure(cell, width: 390, category: category).textLayout)
            #expect(layout.pointSize == 12)
            #expect(layout.lineHeight == (12 * atL.leading / atL.pointSize).rounded())
        }
        // A line that does not fit in a column wraps the same at every category (no insets, so
        // the column is the same too).
        let bare = Cell(kind: .item, elements: [.text(text)], insets: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
        let narrow = try (ContentSizeCategory.allCases).map { try #require(try sizer.measure(bare, width: 100, category: $0).textLayout).lines.count }
        #expect(Set(narrow).count == 1 && narrow[0] > 1)
        // "atMost": the cell is as wide as the fixed-size text, not the Dynamic Type one.
        let hugging = try sizer.size(of: cell, proposal: SizeProposal(width: .atMost(390)), category: .accessibilityExtraExtraExtraLarge)
        let dynamic = try sizer.size(of: Cell(kind: .item, elements: [.text(TextElement(style: .caption1, text: "Fine print that stays small"))]),
                                     proposal: SizeProposal(width: .atMost(390)), category: .accessibilityExtraExtraExtraLarge)
        #expect(hugging.width < dynamic.width)
    }

    @Test func anExactHeightIsKeptAndSaysWhenTheContentNeedsMore() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .item, style: .body, text: "Two lines of body text that wrap in a narrow column of this width")
        let selfSized = try sizer.measure(cell, proposal: .width(200), category: .large)
        #expect(selfSized.lineCount > 1)
        let exact = try sizer.measure(cell, proposal: SizeProposal(width: .exact(200), height: .exact(60)), category: .large)
        #expect(exact.size == Size(width: 200, height: 60))
        #expect(exact.naturalHeight == selfSized.size.height)
        #expect(exact.isClipped)
        #expect(exact.textFrame?.minY == 11, "clipped content starts at the top inset")
        // At most a height: self-sized, capped.
        let capped = try sizer.measure(cell, proposal: SizeProposal(width: .exact(200), height: .atMost(1000)), category: .large)
        #expect(capped.size.height == selfSized.size.height)
        // A taller exact height centres the content.
        let tall = try sizer.measure(cell, proposal: SizeProposal(width: .exact(200), height: .exact(300)), category: .large)
        #expect(!tall.isClipped)
        #expect(tall.textFrame!.minY == 11 + (300 - tall.naturalHeight) / 2)
    }

    @Test func aStackPlacesItsElementsOneUnderTheOtherWithScaledSpacing() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .item, elements: [
            .image(Icon(size: Size(width: 40, height: 30), scalesWithText: true)),
            .text(TextElement(style: .headline, text: "Title")),
            .text(TextElement(style: .subheadline, text: "A subtitle long enough to take several lines at the largest size",
                              lineLimit: 1)),
        ])
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let measurement = try sizer.measure(cell, proposal: .width(320), category: category)
            let factor = cell.insetMetrics.scaleFactor(for: category)
            let frames = measurement.elements.map(\.frame)
            #expect(frames.count == 3)
            #expect(frames[0].size == Size(width: PointGrid.snap(40 * factor), height: PointGrid.snap(30 * factor)))
            let spacing = PointGrid.snap(Cell.defaultElementSpacing * factor)
            #expect(frames[1].minY == frames[0].maxY + spacing)
            #expect(frames[2].minY == frames[1].maxY + spacing)
            // The line limit keeps one line and says the rest was cut.
            guard case .text(let subtitle, _, let truncated) = measurement.elements[2].content else {
                Issue.record("the third element is text")
                continue
            }
            #expect(truncated, "a subtitle of several lines limited to one is truncated at \(category.shortName)")
            #expect(frames[2].height == subtitle.lineHeight)
            // The layout drawn is the shown line (its end fitted with an ellipsis when cut).
            #expect(subtitle.lines.count == 1)
            #expect(measurement.naturalHeight == measurement.insets.top + frames[2].maxY - frames[0].minY + measurement.insets.bottom)
        }
    }

    /// WCAG 1.4.12 text spacing in a list: rows at least 2 × the body size apart (more than the
    /// list's 8 pt), and each row's lines at least 1.5 × the size apart, so rows grow.
    @Test func wcagTextSpacingWidensTheGapsBetweenParagraphsAndTheLines() throws {
        let sizer = try Fixtures.sizer()
        let document = try Document(markdown: "First paragraph of a few words.\n\nSecond paragraph, as short.\n\nThird.\n")
        let content = CellMode.blocks.content(for: document)
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            var text = TextEnvironment(category: category)
            let plain = try ListLayout().layout(content, in: LayoutEnvironment(text: text), sizer: sizer)
            text.spacing = .wcag
            let spaced = try ListLayout().layout(content, in: LayoutEnvironment(text: text), sizer: sizer)
            let body = DynamicType.spec(.body, category)
            let plainCells = plain.elements.filter { $0.role == .cell }, spacedCells = spaced.elements.filter { $0.role == .cell }
            #expect(plainCells.count == 3 && spacedCells.count == 3)
            for index in 1..<3 {
                #expect(abs(plainCells[index].frame.minY - plainCells[index - 1].frame.maxY - ListLayout.defaultSpacing) < 1e-9)
                #expect(abs(spacedCells[index].frame.minY - spacedCells[index - 1].frame.maxY - 2 * body.pointSize) < 1e-9,
                        "\(category): gap of 2 × \(body.pointSize) pt")
            }
            // One line each: the body's leading is under 1.5 × its size, so the spaced line is taller.
            #expect(max(body.leading, 1.5 * body.pointSize) > body.leading)
            #expect(spacedCells[0].frame.height > plainCells[0].frame.height)
        }
    }

    @Test func theCacheKeyIsTheProposalAndTheTextEnvironment() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .paragraph, style: .body, text: "cached")
        _ = try sizer.measure(cell, proposal: .width(300), category: .large)
        _ = try sizer.measure(cell, proposal: .width(300), category: .large)
        #expect(sizer.measurementsComputed == 1)
        _ = try sizer.measure(cell, proposal: SizeProposal(width: .atMost(300)), category: .large)
        _ = try sizer.measure(cell, proposal: SizeProposal(width: .exact(300), height: .exact(80)), category: .large)
        _ = try sizer.measure(cell, proposal: .width(300), category: .small)
        #expect(sizer.measurementsComputed == 4)
        // The rest of the text environment is part of the key too: language, direction, spacing.
        _ = try sizer.measure(cell, proposal: .width(300), environment: TextEnvironment(language: try LanguageTag("de")))
        _ = try sizer.measure(cell, proposal: .width(300), environment: TextEnvironment(direction: .rightToLeft))
        _ = try sizer.measure(cell, proposal: .width(300), environment: TextEnvironment(spacing: .wcag))
        _ = try sizer.measure(cell, proposal: .width(300), environment: TextEnvironment())
        #expect(sizer.measurementsComputed == 7, "the default environment at L is the first measurement's")
    }

    @Test func aSecondPassMeasuresNothingAndANewWidthReBreaksWithoutReshaping() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let cellCount = sections.cellCount
        let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityLarge)
        let first = try ListLayout().layout(sections, in: environment, sizer: sizer)
        #expect(sizer.measurementsComputed == cellCount)

        let typesetter = sizer.typesetter
        let (shaped, shapes, layouts) = (typesetter.paragraphsShaped, typesetter.shapeCalls, typesetter.layoutsComputed)
        let again = try ListLayout().layout(sections, in: environment, sizer: sizer)
        #expect(sizer.measurementsComputed == cellCount, "the same width and category measure nothing")
        #expect(typesetter.layoutsComputed == layouts)
        #expect(typesetter.shapeCalls == shapes)
        #expect(again.contentSize == first.contentSize)

        _ = try ListLayout().layout(sections, in: LayoutEnvironment(containerWidth: 320, category: .accessibilityLarge), sizer: sizer)
        #expect(sizer.measurementsComputed == 2 * cellCount, "a new width measures every cell once")
        #expect(typesetter.layoutsComputed == layouts + cellCount, "…by breaking lines again")
        #expect(typesetter.paragraphsShaped == shaped, "…without shaping a paragraph again")
        #expect(typesetter.shapeCalls == shapes, "…or a word")
    }

    @Test func theCacheIsBounded() throws {
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try FontLibrary()), cacheLimit: 8)
        let cell = Cell(kind: .paragraph, style: .body, text: "bounded")
        for width in stride(from: 100.0, to: 200, by: 1) {
            _ = try sizer.measure(cell, width: width, category: .large)
            #expect(sizer.cachedCount <= 8)
        }
        #expect(sizer.measurementsComputed == 100)
    }

    /// A sweep's sizer keeps no measurements and its typesetter no laid-out texts (limits 0): each
    /// ask is computed again, equal to a caching sizer's answer, and shaping is still kept.
    @Test func aSizerWithoutCachesMeasuresEveryTimeAndAgrees() throws {
        let typesetter = try Typesetter(fonts: try FontLibrary(), layoutCacheLimit: 0)
        let uncached = CellSizer(typesetter: typesetter, cacheLimit: 0)
        let cached = CellSizer(typesetter: try Typesetter(fonts: try FontLibrary()))
        #expect(!uncached.cachesMeasurements && !typesetter.cachesLayouts)
        var cell = Cell(kind: .listItem(depth: 1), style: .body, text: "An item long enough to wrap at this width, twice over")
        cell.nesting = Nesting([.listItem(column: "9.\n10.", marker: "9.")])
        for _ in 0..<3 {
            let a = try uncached.measure(cell, width: 200, category: .large), b = try cached.measure(cell, width: 200, category: .large)
            #expect(a.size == b.size && a.textFrame == b.textFrame && a.lineCount == b.lineCount)
        }
        #expect(uncached.measurementsComputed == 3 && uncached.cachedCount == 0)
        #expect(cached.measurementsComputed == 1)
        #expect(typesetter.layoutsComputed == 3 + 2, "the text each time; the two column markers once (kept by the sizer)")
        #expect(typesetter.paragraphsShaped == 3, "shaped once: the text and the two markers")
    }

    @Test func aWidthBelowTheInsetsIsAClearError() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.blocks.content(for: Document(plainText: "text"))
        #expect(throws: ReflowError.self) {
            try ListLayout().layout(sections, in: LayoutEnvironment(containerWidth: 30, category: .accessibilityExtraExtraExtraLarge), sizer: sizer)
        }
        do {
            _ = try FlowLayout().layout(sections, in: LayoutEnvironment(containerWidth: 30), sizer: sizer)
            Issue.record("expected an error")
        } catch let error as ReflowError {
            guard case .containerTooNarrow(let width, let category, _) = error else {
                Issue.record("expected .containerTooNarrow, got \(error)")
                return
            }
            #expect(width == 30 && category == .large)
            #expect("\(error)".contains("container width 30 pt is too narrow"))
        }
    }

    @Test func aVeryLongUnbreakableWordIsBrokenBetweenGraphemesInLinearTime() throws {
        let sizer = try Fixtures.sizer()
        // 200 000 letters with no break opportunity: cut between grapheme clusters, every line
        // within the width. Emergency breaking is one pass over the word (a quadratic one would
        // not finish within the test's time).
        let cell = Cell(kind: .paragraph, style: .body, text: StyledText(String(repeating: "x", count: 200_000)))
        let measurement = try sizer.measure(cell, width: 390, category: .large)
        let layout = try #require(measurement.textLayout)
        #expect(layout.hasEmergencyBreaks)
        #expect(layout.lines.count > 1_000)
        #expect(layout.lines.allSatisfy { $0.width <= 390 - measurement.insets.horizontal + 1e-9 })
        #expect(layout.lines.reduce(0) { $0 + $1.range.count } == 200_000)
    }

    @Test func rightToLeftMirrorsFramesAndTextFrames() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.words.content(for: Document(plainText: "one two three four five six seven"))
        let ltr = try FlowLayout().layout(sections, in: LayoutEnvironment(containerWidth: 300), sizer: sizer)
        let rtl = try FlowLayout().layout(sections, in: LayoutEnvironment(containerWidth: 300, layoutDirection: .rightToLeft),
                                            sizer: sizer)
        #expect(ltr.cells.count == 7)
        for (a, b) in zip(ltr.cells, rtl.cells) {
            #expect(b.frame == Rect(x: 300 - a.frame.maxX, y: a.frame.minY, width: a.frame.width, height: a.frame.height))
            let (ta, tb) = (a.textFrame!, b.textFrame!)
            #expect(abs(tb.minX - (300 - ta.maxX)) < 1e-9 && tb.minY == ta.minY && tb.size == ta.size, "\(ta) mirrored is \(tb)")
        }
    }
}
