import Foundation
import Preview
import Reflow
import Testing
import TestSupport

/// A document with images through the built binary: drawn from its pixels beside it, a
/// placeholder and a warning naming the option for one outside its folder, drawn with it.
@Suite struct DocumentImageCommandTests {
    static let green = Color(hex: 0x20A040)

    @Test func previewDrawsImagesBesideTheDocumentAndWarnsAboutOthers() throws {
        let folder = try TestImages.Folder()
        try folder.write("shared/green.png", try TestImages.png(width: 300, height: 150, color: Self.green))
        try folder.write("docs/photo.png", try TestImages.png(width: 1000, height: 500, color: Self.green))
        try folder.write("docs/x.png", "not a picture")
        try folder.write("docs/strip.png", TestImages.pngHeader(width: 100_000, height: 10))
        let document = try folder.write("docs/doc.md", """
            # Pictures

            ![photo](photo.png)

            ![shared](../shared/green.png)

            ![fake](x.png)

            ![strip](strip.png)
            """)
        let output = (folder.path as NSString).appendingPathComponent("out.png")
        let run = try CLI.run([document, "--category", "ax5", "-o", output, "--scale", "1", "--quiet"])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect(run.messageLines == [
            "reflow-cli: warning: image '../shared/green.png' (line 5) is drawn as a placeholder: the image ../shared/green.png is outside the document's folder; move it beside the document, or pass --allow-images-outside",
            "reflow-cli: warning: image 'x.png' (line 7) is drawn as a placeholder: the file is not a PNG or JPEG image (its first bytes are neither signature); check that the file is the image meant, or convert it to PNG",
            "reflow-cli: warning: image 'strip.png' (line 9) is drawn as a placeholder: the image is 100000 x 10 pixels, a side longer than the 32768-pixel limit; scale the image down",
        ])
        let layout = try CLI.run(["layout", document, "--category", "ax5", "--quiet"])
        let allowed = try CLI.run(["layout", document, "--category", "ax5", "--quiet", "--allow-images-outside"])
        #expect(layout.status == 0 && allowed.status == 0)
        #expect(layout.output.contains("\"pixelWidth\": 1000, \"pixelHeight\": 500}"))
        #expect(layout.output.contains("\"placeholder\": true}"))
        #expect(allowed.output.contains("\"pixelWidth\": 300, \"pixelHeight\": 150}"))
        #expect(allowed.messageLines.count == 2, "x.png and strip.png are left to warn about: \(allowed.stderr)")

        // The photo, fitted to the column, is green in its middle.
        let image = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output)))
        let frame = try #require(Self.frame(of: "photo.png", in: layout.output))
        #expect(frame.width < 390 && abs(frame.height - frame.width / 2) < 0.02, "\(frame)")
        #expect(image.pixel(x: Int(frame.midX), y: Int(frame.midY)) == Self.green)
    }

    /// The frame of the image `source` from layout JSON lines (its entry in its cell's `images`).
    static func frame(of source: String, in json: String) -> (width: Double, height: Double, midX: Double, midY: Double)? {
        for line in json.split(separator: "\n") where line.contains("\"source\": \"\(source)\"") {
            guard let data = line.drop(while: { $0 == " " }).trimmingSuffix(",").data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let images = object["images"] as? [[String: Any]],
                  let image = images.first(where: { $0["source"] as? String == source }),
                  let frame = image["frame"] as? [String: Double],
                  let x = frame["x"], let y = frame["y"], let width = frame["width"], let height = frame["height"] else { continue }
            return (width, height, x + width / 2, y + height / 2)
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : String(self) }
}
