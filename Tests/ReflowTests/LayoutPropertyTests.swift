import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// Layout invariants on generated documents and widths.
@Suite struct LayoutPropertyTests {
    static let vocabulary = [
        "a", "of", "the", "text", "reflow", "layout", "cells", "*emphasis*", "**strong**", "`code`",
        "accessibility", "internationalization", "self-sizing", "Dynamic", "Type", "44", "points",
        "supercalifragilisticexpialidocious", "https://example.com/a/long/path",
    ]

    /// A CommonMark document from generated numbers: each number picks a block kind and the
    /// words of the block, so shrinking the array shrinks the document.
    static func markdown(_ seeds: [Int]) -> String {
        seeds.map { seed in
            let wordCount = 1 + (seed / 7) % 70
            let words = (0..<wordCount).map { vocabulary[(seed / 11 + $0 * 7 + $0 * $0) % vocabulary.count] }
                .joined(separator: " ")
            switch seed % 7 {
            case 0: return String(repeating: "#", count: 1 + (seed / 3) % 6) + " " + words
            case 1: return "- " + words
            case 2: return "1. " + words
            case 3: return "> " + words
            case 4: return "[^n\(seed % 10)]: " + words
            default: return words
            }
        }.joined(separator: "\n\n")
    }

    static let documents = Gen.int(in: 0...1_000_000).array(of: 0...25)
    static let widths = Gen.double(in: 220...900)

    static func layouts() -> [(String, any CollectionLayout)] {
        [("list", ListLayout()), ("flow", FlowLayout()),
         ("list-insets", ListLayout(spacing: 3, sectionInsets: EdgeInsets(top: 5, leading: 12, bottom: 7, trailing: 20)))]
    }

    @Test func framesDoNotOverlapAreAtLeast44TallAndLieInsideTheContentSize() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 30, input: Self.documents, Self.widths) { seeds, width in
            let document = try Document(markdown: Self.markdown(seeds))
            for mode in CellMode.allCases {
                let sections = mode.content(for: document)
                for (name, layout) in Self.layouts() {
                    for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
                        let environment = LayoutEnvironment(containerWidth: width, category: category)
                        guard let prepared = attempt({ try layout.layout(sections, in: environment, sizer: sizer) }) else { return }
                        let attributes = prepared.cells
                        #expect(attributes.count == sections.cellCount)
                        let content = Rect(origin: .zero, size: prepared.contentSize)
                        for item in attributes {
                            #expect(item.frame.height >= 44, "\(name) \(mode) \(category.shortName) \(item.indexPath)")
                            #expect(content.contains(item.frame), "\(name) \(mode) \(category.shortName) \(item.frame) in \(content)")
                            let text = item.textFrame ?? .zero
                            #expect(item.frame.contains(text) || mode == .words, "text inside its cell: \(text) in \(item.frame)")
                        }
                        let overlaps = LayoutContract.overlaps(attributes)
                        #expect(overlaps.isEmpty, "\(name) \(mode) \(category.shortName): \(overlaps)")
                    }
                }
            }
        }
    }

    @Test func listCellsFillTheWidthLessTheSectionInsets() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 30, input: Self.documents, Self.widths, Gen.double(in: 0...40)) { seeds, width, inset in
            let sections = CellMode.blocks.content(for: try Document(markdown: Self.markdown(seeds)))
            let insets = EdgeInsets(top: inset, leading: inset, bottom: inset / 2, trailing: inset * 1.5)
            for direction in LayoutDirection.allCases {
                let environment = LayoutEnvironment(containerWidth: width, category: .accessibilityMedium, layoutDirection: direction)
                guard let layout = attempt({ try ListLayout(spacing: 4, sectionInsets: insets).layout(sections, in: environment, sizer: sizer) }) else { return }
                for item in layout.cells {
                    #expect(abs(item.frame.width - (width - insets.horizontal)) < 1e-6)
                    let leadingEdge = direction == .leftToRight ? item.frame.minX : width - item.frame.maxX
                    #expect(abs(leadingEdge - insets.leading) < 1e-6)
                }
            }
        }
    }

    /// Content height never decreases from one category to the next, with one measured
    /// exception: where a style in the document switches from the Text cut (Inter) to the tighter
    /// Display cut (at 20 pt, as San Francisco does), text can take fewer lines one size up
    /// (found by this test: a title2 heading, 41 lines at xS/19 pt, 38 at S/20 pt, width 220; and
    /// a long title2 word that needs two lines at xS and fits one at S; and a flow of words whose
    /// narrower Display words fit more to a row). There the height may drop only if the text takes
    /// fewer lines or the cells fewer rows; and AX5 is never shorter than xS.
    @Test func contentHeightNeverDecreasesFromExtraSmallToAX5() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 25, input: Self.documents, Self.widths) { seeds, width in
            let document = try Document(markdown: Self.markdown(seeds))
            let styles = Set(document.blocks.map(\.style))
            for (mode, layout) in [(CellMode.blocks, ListLayout() as any CollectionLayout), (.words, FlowLayout()),
                                   (.blocks, FlowLayout())] {
                let sections = mode.content(for: document)
                var sizes: [LayoutContract.Sized] = []
                for category in ContentSizeCategory.allCases {
                    let environment = LayoutEnvironment(containerWidth: width, category: category)
                    guard let prepared = attempt({ try layout.layout(sections, in: environment, sizer: sizer) }) else { return }
                    sizes.append(LayoutContract.Sized(prepared))
                }
                let drops = LayoutContract.heightDrops(sizes, styles: styles)
                #expect(drops.isEmpty, "\(mode), width \(width): \(drops)")
            }
        }
    }

    @Test func attributesInARectAreExactlyTheFramesThatIntersectIt() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 30, input: Self.documents, Gen.double(in: -100...3000), Gen.double(in: 0...900)) { seeds, top, height in
            let sections = CellMode.words.content(for: try Document(markdown: Self.markdown(seeds)))
            guard let layout = attempt({ try FlowLayout().layout(sections, in: LayoutEnvironment(), sizer: sizer) }) else { return }
            let rect = Rect(x: 0, y: top, width: 390, height: height)
            let expected = layout.cells.filter { $0.frame.intersects(rect) }.map(\.indexPath)
            #expect(layout.attributes(in: rect).map(\.indexPath) == expected)
            for item in layout.cells {
                #expect(layout.attributes(at: item.indexPath)?.frame == item.frame)
            }
        }
    }
}
