import Testing
import TextMetrics
@testable import Reflow

@Suite struct CellSizerTests {
    @Test func aCellIsItsTextPlusScaledInsetsAndAtLeast44Tall() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .paragraph, style: .body, text: "A short line")
        for category in ContentSizeCategory.allCases {
            let measurement = try sizer.measure(cell, width: 390, category: category)
            let factor = FontMetrics(forTextStyle: .body).scaleFactor(for: category)
            #expect(measurement.insets == Cell.defaultInsets.scaled(by: factor))
            let natural = measurement.insets.top + measurement.textLayout.height + measurement.insets.bottom
            #expect(measurement.size.height == max(44, natural))
            #expect(measurement.size.width == 390)
            #expect(measurement.textLayout.containerWidth == 390 - measurement.insets.horizontal)
        }
        // At L: 11 + 22 (one body line) + 11 = 44 exactly; at AX5 the insets alone are 3.12 × 22.
        #expect(try sizer.measure(cell, width: 390, category: .large).size.height == 44)
        #expect(try sizer.measure(cell, width: 390, category: .large).textOrigin == Point(x: 16, y: 11))
    }

    @Test func aWordCellIsItsAdvancePlusInsetsAndNeverWiderThanTheContainer() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .word, style: .body, text: "word", sizing: .fitText)
        let advance = try sizer.typesetter.advance(of: "word", style: .body, category: .large)
        #expect(try sizer.size(of: cell, width: 390, category: .large) == Size(width: advance + 32, height: 44))
        let long = Cell(kind: .word, style: .body, text: StyledText(String(repeating: "m", count: 200)), sizing: .fitText)
        let size = try sizer.size(of: long, width: 300, category: .large)
        #expect(size.width == 300)
        #expect(size.height > 44)
    }

    @Test func aSecondPassMeasuresNothingAndANewWidthReBreaksWithoutReshaping() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.blocks.cells(for: try Fixtures.example("welcome.md"))
        let cellCount = sections.reduce(0) { $0 + $1.count }
        let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityLarge)
        let first = try ListLayout().prepared(sections, in: environment, sizer: sizer)
        #expect(sizer.measurementsComputed == cellCount)

        let typesetter = sizer.typesetter
        let (shaped, shapes, layouts) = (typesetter.paragraphsShaped, typesetter.shapeCalls, typesetter.layoutsComputed)
        let again = try ListLayout().prepared(sections, in: environment, sizer: sizer)
        #expect(sizer.measurementsComputed == cellCount, "the same width and category measure nothing")
        #expect(typesetter.layoutsComputed == layouts)
        #expect(typesetter.shapeCalls == shapes)
        #expect(again.contentSize == first.contentSize)

        _ = try ListLayout().prepared(sections, in: LayoutEnvironment(containerWidth: 320, category: .accessibilityLarge), sizer: sizer)
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

    @Test func aWidthBelowTheInsetsIsAClearError() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.blocks.cells(for: Document(plainText: "text"))
        #expect(throws: ReflowError.self) {
            try ListLayout().prepared(sections, in: LayoutEnvironment(containerWidth: 60, category: .accessibilityExtraExtraExtraLarge), sizer: sizer)
        }
        do {
            _ = try FlowLayout().prepared(sections, in: LayoutEnvironment(containerWidth: 30), sizer: sizer)
            Issue.record("expected an error")
        } catch let error as ReflowError {
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
        let layout = measurement.textLayout
        #expect(layout.hasEmergencyBreaks)
        #expect(layout.lines.count > 1_000)
        #expect(layout.lines.allSatisfy { $0.width <= 390 - measurement.insets.horizontal + 1e-9 })
        #expect(layout.lines.reduce(0) { $0 + $1.range.count } == 200_000)
    }

    @Test func layoutsAreValuesAndRightToLeftMirrorsFrames() throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.words.cells(for: Document(plainText: "one two three four five six seven"))
        let ltr = try FlowLayout().prepared(sections, in: LayoutEnvironment(containerWidth: 300), sizer: sizer)
        let rtl = try FlowLayout().prepared(sections, in: LayoutEnvironment(containerWidth: 300, layoutDirection: .rightToLeft),
                                            sizer: sizer)
        for (a, b) in zip(ltr.allLayoutAttributes, rtl.allLayoutAttributes) {
            #expect(b.frame == Rect(x: 300 - a.frame.maxX, y: a.frame.minY, width: a.frame.width, height: a.frame.height))
        }
        #expect(sections == CellMode.words.cells(for: Document(plainText: "one two three four five six seven")))
    }
}
