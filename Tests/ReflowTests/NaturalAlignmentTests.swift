import Reflow
import Testing
import TextMetrics

/// A screen's labels align as UIKit's `NSTextAlignment.natural` does: to the app's layout
/// direction, whatever their text's own direction; a document's paragraphs keep their own.
@Suite struct NaturalAlignmentTests {
    /// A sizer of each test's own: Swift Testing runs the tests side by side, and a typesetter
    /// belongs to one thread (a sizer shared by all three was a double free under AddressSanitizer).
    let sizer: CellSizer

    init() throws { sizer = try CellSizer(typesetter: Typesetter(fonts: FontLibrary()), cacheLimit: 0) }

    /// Where the first line of the cell's text starts inside its text frame, and the free width.
    func firstLine(_ text: String, language: String, natural: Bool) throws -> (x: Double, free: Double) {
        var cell = Cell(kind: .item, style: .body, text: StyledText(text))
        cell.alignsToLayoutDirection = natural
        let environment = TextEnvironment(category: .large, language: try LanguageTag(language))
        let measurement = try sizer.measure(cell, proposal: .width(390), environment: environment)
        let layout = try #require(measurement.textLayout)
        return (layout.lines[0].x, layout.containerWidth - layout.lines[0].width)
    }

    @Test func latinTextInARightToLeftAppStandsAtTheRight() throws {
        let screen = try firstLine("Windows 10", language: "ar", natural: true)
        #expect(screen.free > 100)
        #expect(abs(screen.x - screen.free) < 0.01, "right-aligned: x \(screen.x), free \(screen.free)")
        let document = try firstLine("Windows 10", language: "ar", natural: false)
        #expect(document.x == 0, "a document's Latin paragraph keeps its own direction's leading side")
    }

    @Test func hebrewTextInALeftToRightAppStandsAtTheLeft() throws {
        let screen = try firstLine("שלום עולם", language: "en", natural: true)
        #expect(screen.x == 0, "left-aligned in an English app: x \(screen.x)")
        let document = try firstLine("שלום עולם", language: "en", natural: false)
        #expect(abs(document.x - document.free) < 0.01, "a document's Hebrew paragraph stands at the right")
    }

    @Test func textInItsAppsDirectionIsUnchanged() throws {
        #expect(try firstLine("Windows 10", language: "en", natural: true).x == 0)
        let hebrew = try firstLine("שלום עולם", language: "he", natural: true)
        #expect(abs(hebrew.x - hebrew.free) < 0.01)
    }
}
