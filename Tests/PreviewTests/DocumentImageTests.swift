import Foundation
import Images
import Preview
import Readers
import Reflow
import Testing
import TestSupport
import TextMetrics

/// Images of a Markdown document read from a file, end to end: found beside it, probed, laid out
/// at their size fitted to the width, drawn from their pixels; everything else a placeholder with
/// a warning.
@Suite struct DocumentImageTests {
    static let red = Color(hex: 0xD02020)
    static let blue = Color(hex: 0x2040C0)

    /// `markdown` read from `doc.md` in `folder` (or the `document` path below it), its images
    /// looked for as the commands look for them.
    func read(_ markdown: String, in folder: TestImages.Folder, document: String = "doc.md",
              allowOutside: Bool = false) throws -> LayoutInput {
        let path = try folder.write(document, markdown)
        return try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark,
                               images: DocumentImages(documentPath: path, allowOutside: allowOutside))
    }

    func pictures(_ input: LayoutInput) -> [Picture] {
        input.content.sections.flatMap { (try? $0.cells(0..<$0.cellCount)) ?? [] }.flatMap(\.elements).compactMap {
            if case .picture(let picture) = $0 { picture } else { nil }
        }
    }

    /// The frames of the pictures of a layout at `category`, in order.
    func pictureFrames(_ input: LayoutInput, category: ContentSizeCategory, width: Double = 390) throws -> [(Picture, Rect)] {
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: width, category: category),
                                               sizer: try Fixtures.sizer())
        return snapshot.allAttributes.flatMap { element in
            element.content.compactMap { if case .picture(let picture, let frame, _, _) = $0 { (picture, frame) } else { nil } }
        }
    }

    @Test func picturesBesideTheDocumentKeepTheirAspectFittedToTheWidth() throws {
        let folder = try TestImages.Folder()
        try folder.write("wide.png", try TestImages.png(width: 800, height: 400, color: Self.red))
        try folder.write("small.jpg", try TestImages.jpeg(width: 120, height: 90, color: Self.blue))
        let input = try read("![wide](wide.png)\n\n![small](small.jpg)\n", in: folder)
        #expect(input.imageWarnings.isEmpty)
        let found = pictures(input)
        #expect(found.map(\.naturalSize) == [Size(width: 800, height: 400), Size(width: 120, height: 90)])
        #expect(found.allSatisfy { $0.file != nil })
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let frames = try pictureFrames(input, category: category)
            try #require(frames.count == 2)
            let wide = frames[0].1, small = frames[1].1
            // Wider than the column: as wide as it (390 less the 16 pt margins), half as tall.
            #expect(wide.width == 390 - 2 * 16, "\(category): \(wide)")
            #expect(abs(wide.height - wide.width / 2) <= 1.0 / 64, "\(category): \(wide)")
            #expect(small.size == Size(width: 120, height: 90), "\(category)")
        }
        let l = try pictureFrames(input, category: .large)[0].1.width
        let ax5 = try pictureFrames(input, category: .accessibilityExtraExtraExtraLarge)[0].1.width
        #expect(ax5 == l, "the margins are layout margins: the column is as wide at AX5 as at L")
    }

    /// Reads `markdown`, lays it out at L and draws it through `store` at scale 1: the bitmap and
    /// the picture frames.
    func render(_ input: LayoutInput, store: PictureStore?, category: ContentSizeCategory = .large) throws -> (RGBAImage, [Rect]) {
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: category),
                                               sizer: try Fixtures.sizer())
        let list = DisplayListBuilder(pictures: store).displayList(elements: snapshot.allAttributes,
                                                                   visibleRect: Rect(origin: .zero, size: snapshot.contentSize))
        let frames = snapshot.allAttributes.flatMap { element in
            element.content.compactMap { if case .picture(_, let frame, _, _) = $0 { frame } else { nil } }
        }
        return (try PNGRenderer(scale: 1).rasterize(list), frames)
    }

    @Test func aPictureIsDrawnFromItsPixels() throws {
        let folder = try TestImages.Folder()
        try folder.write("red.png", try TestImages.png(width: 200, height: 100, color: Self.red))
        try folder.write("blue.jpg", try TestImages.jpeg(width: 100, height: 100, color: Self.blue))
        let input = try read("![red](red.png)\n\n![blue](blue.jpg)\n", in: folder)
        let (image, frames) = try render(input, store: PictureStore())
        try #require(frames.count == 2)
        func middle(_ frame: Rect) -> Color { image.pixel(x: Int(frame.midX), y: Int(frame.midY)) }
        #expect(middle(frames[0]) == Self.red)
        let blue = middle(frames[1])
        // JPEG is lossy: close to the colour written.
        #expect(abs(Int(blue.red) - Int(Self.blue.red)) <= 4 && abs(Int(blue.green) - Int(Self.blue.green)) <= 4
                && abs(Int(blue.blue) - Int(Self.blue.blue)) <= 4, "\(blue)")
        // Without a store to decode through, the same layout draws the placeholder there.
        let (placeholder, _) = try render(input, store: nil)
        #expect(placeholder.pixel(x: Int(frames[0].midX), y: Int(frames[0].midY)) != Self.red)
    }

    @Test func eachFileIsProbedOnceAndDecodedOncePerRun() throws {
        let folder = try TestImages.Folder()
        try folder.write("red.png", try TestImages.png(width: 40, height: 30, color: Self.red))
        let reading = ImageIOCounter()
        let input = try ImageIOCounter.$current.withValue(reading) {
            try read("![one](red.png)\n\n![two](red.png) ![three](./red.png)\n", in: folder)
        }
        // Three references in two spellings, one file: probed once.
        #expect(reading.counts.filesOpened == 1)
        #expect(reading.counts.pixelBuffers == 0, "probing reads the header only")
        let store = PictureStore()
        let drawing = ImageIOCounter()
        try ImageIOCounter.$current.withValue(drawing) {
            for category in ContentSizeCategory.allCases { _ = try render(input, store: store, category: category) }
        }
        #expect(store.decodes == 1)
        #expect(drawing.counts.filesOpened == 1, "twelve sizes drawn, the file decoded once")
        #expect(store.warnings.isEmpty)
    }

    @Test func aWideImageIsKeptNoWiderThanItIsDrawn() throws {
        let folder = try TestImages.Folder()
        try folder.write("wide.png", try TestImages.png(width: 3_000, height: 300, color: Self.red))
        let input = try read("![wide](wide.png)\n", in: folder)
        let store = PictureStore(maximumWidth: 780)
        let (image, frames) = try render(input, store: store)
        #expect(store.heldBytes == 780 * 78 * 4, "resampled to 780 x 78 once decoded, not kept at 3,000 x 300")
        #expect(image.pixel(x: Int(frames[0].midX), y: Int(frames[0].midY)) == Self.red)
    }

    @Test func anImageOutsideTheFolderIsAPlaceholderUnlessAllowed() throws {
        let folder = try TestImages.Folder()
        try folder.write("shared/red.png", try TestImages.png(width: 40, height: 30, color: Self.red))
        let markdown = "Text.\n\n![shared](../shared/red.png)\n"
        let refused = try read(markdown, in: folder, document: "docs/doc.md")
        #expect(pictures(refused).map(\.isDecodable) == [false])
        try #require(refused.imageWarnings.count == 1)
        let warning = refused.imageWarnings[0]
        #expect(warning.contains("'../shared/red.png' (line 3)") && warning.contains("--allow-images-outside"), "\(warning)")
        let allowed = try read(markdown, in: folder, document: "docs/doc.md", allowOutside: true)
        #expect(allowed.imageWarnings.isEmpty)
        #expect(pictures(allowed).map(\.naturalSize) == [Size(width: 40, height: 30)])
    }

    @Test func hostileFilesArePlaceholdersWithWarnings() throws {
        let folder = try TestImages.Folder()
        try folder.write("x.png", "this is text, not a picture\n")
        let whole = try TestImages.png(width: 64, height: 64, color: Self.red)
        // The header intact (it probes), the image data cut off (it does not decode).
        try folder.write("truncated.png", Array(whole.prefix(60)))
        try folder.write("strip.png", TestImages.pngHeader(width: 100_000, height: 10))
        let input = try read("![text](x.png)\n\n![cut](truncated.png)\n\n![strip](strip.png)\n", in: folder)
        let found = pictures(input)
        #expect(found.map(\.isDecodable) == [false, true, false])
        try #require(input.imageWarnings.count == 2, "\(input.imageWarnings)")
        #expect(input.imageWarnings[0].hasPrefix("image 'x.png' (line 1) is drawn as a placeholder: the file is not a PNG or JPEG"))
        #expect(input.imageWarnings[1].contains("'strip.png' (line 5)") && input.imageWarnings[1].contains("100000 x 10")
                && input.imageWarnings[1].contains("32768"), "\(input.imageWarnings[1])")
        // The strip is sized as a placeholder for its alt text, not 100,000 pt wide.
        let frames = try pictureFrames(input, category: .large)
        #expect(frames.allSatisfy { $0.1.width <= 390 })
        // The truncated one fails when drawn: a placeholder there, and a warning naming its line.
        let store = PictureStore()
        let (image, drawn) = try render(input, store: store)
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.hasPrefix("image 'truncated.png' (line 3) is drawn as a placeholder: the PNG data") == true,
                "\(store.warnings)")
        #expect(image.pixel(x: Int(drawn[1].midX), y: Int(drawn[1].midY)) != Self.red)
        // Drawn again (another size): no second decode, no second warning.
        _ = try render(input, store: store, category: .accessibilityMedium)
        #expect(store.decodes == 1 && store.warnings.count == 1)
    }

    @Test func aRemoteImageIsNeverOpened() throws {
        let folder = try TestImages.Folder()
        let counter = ImageIOCounter()
        let input = try ImageIOCounter.$current.withValue(counter) {
            try read("[![build](https://example.com/badge.png)](https://example.com) ![logo](//cdn.example.com/logo.png)\n", in: folder)
        }
        #expect(counter.counts.filesOpened == 0 && counter.counts.bytesRead == 0)
        #expect(input.imageWarnings.isEmpty, "a remote image is a placeholder by design")
        #expect(pictures(input).map(\.isDecodable) == [false, false])
        #expect(pictures(input).allSatisfy { $0.file == nil })
    }

    @Test func theLayoutJSONNamesEachImageAndWhetherItIsDrawn() throws {
        let folder = try TestImages.Folder()
        try folder.write("red.png", try TestImages.png(width: 40, height: 30, color: Self.red))
        let input = try read("[![ci](red.png)](https://ci) ![gone](missing.png)\n", in: folder)
        #expect(input.imageWarnings.count == 1 && input.imageWarnings[0].contains("'missing.png' (line 1)"))
        let report = try LayoutReport(input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                                          sizer: try Fixtures.sizer()))
        let json = report.jsonText()
        #expect(json.contains("\"cell\": \"image\""))
        #expect(json.contains("\"alt\": \"ci gone\""))
        let frames = try pictureFrames(input, category: .large).map { LayoutReportFrame($0.1) }
        #expect(json.contains("\"images\": [{\"source\": \"red.png\", \"frame\": \(frames[0]), \"pixelWidth\": 40, \"pixelHeight\": 30}, "
                              + "{\"source\": \"missing.png\", \"frame\": \(frames[1]), \"placeholder\": true}]"), "\(json)")
        // And it reads back.
        let decoded = try JSONDecoder().decode(LayoutReport.self, from: Data(json.utf8))
        #expect(decoded == report)
    }

    @Test func svgEmbedsTheDecodedImage() throws {
        let folder = try TestImages.Folder()
        try folder.write("red.png", try TestImages.png(width: 40, height: 30, color: Self.red))
        let input = try read("![a red box](red.png)\n", in: folder)
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                               sizer: try Fixtures.sizer())
        let list = DisplayListBuilder(pictures: PictureStore()).displayList(elements: snapshot.allAttributes,
                                                                            visibleRect: Rect(origin: .zero, size: snapshot.contentSize))
        let svg = SVGRenderer().render(list)
        #expect(svg.contains("<image ") && svg.contains("width=\"40\" height=\"30\"") && svg.contains("aria-label=\"a red box\""))
        #expect(svg.contains("href=\"data:image/png;base64,"))
    }
}

/// A frame as the layout JSON writes it: to 1/1000 pt, whole numbers without a point.
private func LayoutReportFrame(_ rect: Rect) -> String {
    func n(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    return "{\"x\": \(n(rect.minX)), \"y\": \(n(rect.minY)), \"width\": \(n(rect.width)), \"height\": \(n(rect.height))}"
}
