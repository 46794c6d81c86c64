import Foundation
import Synchronization
import Preview
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct PreviewFilesTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func aPageIsWrittenAsOnePNG() throws {
        let folder = try OutputFileTests.scratch()
        let path = folder.appendingPathComponent("welcome-l.png").path
        let preview = DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 390)
        let files = PreviewFiles(format: .png, categories: [.large], isSheet: false, path: path)
        let said = try files.write(preview, to: try OutputFile(path: path), document: "welcome.md")
        #expect(said == "wrote \(path)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(8)) == Self.signature)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["welcome-l.png"])
    }

    /// At AX5 the page is taller than one part (16,384 px at 2x): numbered parts, said before
    /// they are drawn; without parts allowed, one file, as a PNG can hold it.
    @Test func aTallPageIsWrittenInPartsWhenAllowed() throws {
        let folder = try OutputFileTests.scratch()
        let path = folder.appendingPathComponent("welcome-ax5.png").path
        let preview = DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 390)
        var files = PreviewFiles(format: .png, categories: [.accessibilityExtraExtraExtraLarge], isSheet: false, path: path)
        var announced: [String] = []
        _ = try files.write(preview, to: try OutputFile(path: path), document: "welcome.md", announce: { announced.append($0) })
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(parts == ["welcome-ax5-001.png", "welcome-ax5-002.png"])
        #expect(announced.count == 1 && announced[0].contains("writing 2 parts"))

        files.allowsParts = false
        _ = try files.write(preview, to: try OutputFile(path: path), document: "welcome.md", announce: { announced.append($0) })
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(announced.count == 1)
    }

    /// The layout JSON of a sheet is an array, one layout per size.
    @Test func theJSONOfASheetIsAnArrayOfLayouts() throws {
        let path = try OutputFileTests.scratch().appendingPathComponent("all.json").path
        let preview = DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 320)
        let files = PreviewFiles(format: .json, categories: [.small, .large], isSheet: true, path: path)
        _ = try files.write(preview, to: try OutputFile(path: path), document: "welcome.md")
        let layouts = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]]
        #expect(layouts?.count == 2)
    }

    /// An SVG is titled with the document and its size.
    @Test func anSVGIsTitledWithTheDocumentAndSize() throws {
        let path = try OutputFileTests.scratch().appendingPathComponent("w.svg").path
        let preview = DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 390)
        var files = PreviewFiles(format: .svg, categories: [.large], isSheet: false, path: path)
        files.viewport = Size(width: 390, height: 500)
        _ = try files.write(preview, to: try OutputFile(path: path), document: "welcome.md")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("welcome.md at L"))
    }

    /// A page no PNG can hold, asked for as one file, fails with its size before any progress
    /// is reported (so the error is the first thing a person reads) and writes nothing.
    @Test func aPageTooLargeForOnePNGFailsBeforeAnyProgress() throws {
        let folder = try OutputFileTests.scratch()
        let document = folder.appendingPathComponent("many.txt").path
        try Array(repeating: "word", count: 30_000).joined(separator: "\n\n").write(toFile: document, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("many.png").path
        let preview = DocumentPreview(input: try DocumentReader().layoutInput(at: document), fonts: try Fixtures.fonts(), width: 100)
        var files = PreviewFiles(format: .png, categories: [.large], isSheet: false, path: path)
        (files.scale, files.allowsParts) = (1, false)
        let reported = Mutex<[Double]>([])
        #expect {
            _ = try files.write(preview, to: try OutputFile(path: path), document: "many.txt",
                                progress: { fraction in reported.withLock { $0.append(fraction) } })
        } throws: { error in
            guard let error = error as? PreviewFiles.TooLarge else { return false }
            return error.width == 100 && error.height > 1_000_000
        }
        #expect(reported.withLock { $0 }.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["many.txt"])
    }
}
