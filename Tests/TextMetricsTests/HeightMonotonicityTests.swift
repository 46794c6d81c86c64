import Foundation
import PropertyBased
import Testing
import TextMetrics
import TestSupport

/// A bigger text size never makes text shorter: for every style, the height of the same text at
/// the same width never decreases from one category to the next (DESIGN.md, Tests), with one
/// exception that is real typography, not a bug.
///
/// Where a style crosses 20 pt it switches from Inter (the Text cut) to Inter Display, as San
/// Francisco switches from Text to Display (DYNAMIC_TYPE.md). Display glyphs are narrower per em
/// ("Hello" is 45.5 pt wide in Inter at 19 pt and 42.5 pt in Inter Display at 20 pt), so a text
/// can take fewer lines, and be shorter, one size up: title2 xS→S, title3 M→L, body/callout
/// xL→xxL and so on (found first with title2 at 220 pt). So heights are checked to never decrease
/// between neighbouring categories that share a cut, and AX5 is never shorter than xS; the step
/// across the cut is allowed to go down, and `theSwitchToTheDisplayCutCanMakeTextShorter` pins
/// that effect so this exception is revisited if the switch ever changes.
@Suite struct HeightMonotonicityTests {
    static let vocabulary = [
        "a", "of", "the", "text", "reflow", "Typography", "AVAWAY", "office", "well-known", "—", "accessibility",
        "internationalization", "44", "points", "日本語", "e\u{301}te\u{301}", "👩‍👩‍👧‍👦", "WWW", "illicit", "Dynamic",
        "Type", "https://example.com/a/long/path", "supercalifragilisticexpialidocious", "x", "Ω", "mmmmmm",
    ]

    static func text(_ seeds: [Int]) -> String {
        seeds.map { vocabulary[$0 % vocabulary.count] }.joined(separator: " ")
    }

    /// The steps from one category to the next where the height went down: those within one
    /// optical cut, and those across the Text→Display switch.
    static func decreases(_ text: String, style: TextStyle, width: Double, typesetter: Typesetter)
        throws -> (withinCut: [String], acrossCut: [String]) {
        var previous: (category: ContentSizeCategory, height: Double, lines: Int)?
        var within: [String] = [], across: [String] = []
        for category in ContentSizeCategory.allCases {
            let layout = try typesetter.layout(StyledText(text), style: style, category: category, width: width)
            if let previous, layout.height < previous.height {
                let step = "\(style) \(previous.category.shortName)→\(category.shortName): \(previous.height) pt "
                    + "(\(previous.lines) lines) → \(layout.height) pt (\(layout.lines.count) lines)"
                let crosses = DynamicType.spec(style, previous.category).typeface().opticalSize
                    != DynamicType.spec(style, category).typeface().opticalSize
                if crosses { across.append(step) } else { within.append(step) }
            }
            previous = (category, layout.height, layout.lines.count)
        }
        return (within, across)
    }

    static let texts = [
        "Hello",
        "The quick brown fox jumps over the lazy dog.",
        "Reflow measures every word with HarfBuzz at the iOS Dynamic Type text styles, well-known—or not.",
        "supercalifragilisticexpialidocious internationalization",
        "日本語の文章は文字ごとに改行できます。",
    ]

    @Test(arguments: TextStyle.allCases)
    func heightsNeverDecreaseOnFixedTextsAndWidths(_ style: TextStyle) throws {
        let typesetter = try Support.typesetter()
        for text in Self.texts {
            for width in [44.0, 120, 200, 320, 390, 768] {
                let found = try Self.decreases(text, style: style, width: width, typesetter: typesetter)
                #expect(found.withinCut.isEmpty, "'\(text)' at \(width) pt: \(found.withinCut)")
                #expect(try Self.ax5IsNotShorterThanXS(text, style: style, width: width, typesetter: typesetter),
                        "'\(text)' in \(style) at \(width) pt is shorter at AX5 than at xS")
            }
        }
    }

    @Test func heightsNeverDecreaseForAnyTextAndWidth() async throws {
        let typesetter = try Support.typesetter()
        await propertyCheck(count: 150, input: Gen.int(in: 0...10_000).array(of: 1...40), Gen.double(in: 30...800),
                            Gen<TextStyle>.case) { seeds, width, style in
            guard let found = attempt({ try Self.decreases(Self.text(seeds), style: style, width: width, typesetter: typesetter) })
            else { return }
            #expect(found.withinCut.isEmpty, "'\(Self.text(seeds))' at \(width) pt: \(found.withinCut)")
            #expect(attempt({ try Self.ax5IsNotShorterThanXS(Self.text(seeds), style: style, width: width, typesetter: typesetter) })
                    != false, "'\(Self.text(seeds))' in \(style) at \(width) pt is shorter at AX5 than at xS")
        }
    }

    static func ax5IsNotShorterThanXS(_ text: String, style: TextStyle, width: Double, typesetter: Typesetter) throws -> Bool {
        let xs = try typesetter.layout(StyledText(text), style: style, category: .extraSmall, width: width)
        let ax5 = try typesetter.layout(StyledText(text), style: style, category: .accessibilityExtraExtraExtraLarge, width: width)
        return ax5.height >= xs.height
    }

    /// The effect that limits the check to one cut at a time, at its smallest: title2 is 19/24 at
    /// xS (Inter) and 20/25 at S (Inter Display), and "Hello" fits a 44 pt column only in Inter
    /// Display. If this starts failing, the switch changed: tighten the checks above to every step.
    @Test func theSwitchToTheDisplayCutCanMakeTextShorter() throws {
        let typesetter = try Support.typesetter()
        let inText = try typesetter.advance(of: "Hello", style: .title2, category: .extraSmall)
        let inDisplay = try typesetter.advance(of: "Hello", style: .title2, category: .small)
        #expect(inDisplay < inText, "Inter Display at 20 pt is narrower than Inter at 19 pt: \(inDisplay) vs \(inText)")
        #expect(inDisplay < 44 && inText > 44)
        let xs = try typesetter.layout("Hello", style: .title2, category: .extraSmall, width: 44)
        let s = try typesetter.layout("Hello", style: .title2, category: .small, width: 44)
        #expect(xs.lines.count == 2 && s.lines.count == 1)
        #expect(s.height < xs.height, "title2 'Hello' at 44 pt: \(xs.height) pt at xS, \(s.height) pt at S")
    }
}
