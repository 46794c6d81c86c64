import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The differential check of DESIGN.md: word cells in a flow layout, the style's space advance
/// as spacing, no insets and no minimum height, break into exactly the paragraph line breaker's
/// lines.
@Suite struct FlowLineBreakingTests {
    static let words = Gen.lowercaseLetter.string(of: 1...14).array(of: 1...120)

    @Test func wordCellsWrapExactlyAsTheParagraphBreaks() async throws {
        let sizer = try Fixtures.sizer()
        let typesetter = sizer.typesetter
        await propertyCheck(count: 60, input: Self.words, Gen.double(in: 0...400),
                            Gen.element(of: [TextStyle.body, .largeTitle, .footnote, .headline])) { words, extra, style in
            let style = style ?? .body
            for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
                do {
                    let space = try typesetter.spaceAdvance(style: style, category: category)
                    // The same gap the paragraph measures between two words.
                    #expect(abs(space - (try typesetter.advance(of: "a a", style: style, category: category)
                        - 2 * typesetter.advance(of: "a", style: style, category: category))) < 1e-9)
                    let widest = try words.map { try typesetter.advance(of: StyledText($0), style: style, category: category) }.max() ?? 0
                    // Wider than the widest word, so no word needs an emergency break.
                    let width = (widest + 1 + extra).rounded(.down) + 0.5
                    let cells = words.map {
                        Cell(kind: .word, style: style, text: StyledText($0), insets: .zero, minimumHeight: 0)
                    }
                    let layout = try FlowLayout(interItemSpacing: space, lineSpacing: 0, sectionInsets: .zero)
                        .layout([cells], in: LayoutEnvironment(containerWidth: width, category: category), sizer: sizer)
                    var flowLines: [[String]] = []
                    var lastTop = -1.0
                    for item in layout.cells {
                        if item.frame.minY != lastTop {
                            flowLines.append([])
                            lastTop = item.frame.minY
                        }
                        flowLines[flowLines.count - 1].append(words[item.indexPath.item])
                    }
                    let paragraph = try typesetter.layout(StyledText(words.joined(separator: " ")), style: style,
                                                          category: category, width: width)
                    let paragraphLines = paragraph.lines.indices.map {
                        paragraph.text(ofLine: $0).split(separator: " ").map(String.init)
                    }
                    #expect(flowLines == paragraphLines, "\(style) \(category.shortName) width \(width)")
                    #expect(layout.contentSize.height == Double(paragraph.lines.count) * paragraph.lineHeight)
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
    }
}
