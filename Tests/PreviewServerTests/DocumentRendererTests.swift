import Foundation
import Preview
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// The document is read once and kept; each request is layout work on a warm worker, with the
/// same output as the library's own calls; audits are kept; a failed reading keeps the last good
/// version on show.
@Suite(.serialized) struct DocumentRendererTests {
    /// A copy of `example` in a folder of its own (removed by the caller).
    static func copy(_ example: String) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-renderer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(example).path
        try FileManager.default.copyItem(atPath: Fixtures.examplePath(example), toPath: path)
        return (folder, path)
    }

    static func renderer(_ path: String, maximumBytes: Int = DocumentReader.defaultMaximumBytes) throws -> DocumentRenderer {
        let source = try DocumentSource(path: path, reader: DocumentReader(maximumBytes: maximumBytes), describe: { "\($0)" })
        return DocumentRenderer(source: source, fonts: try Fixtures.fonts())
    }

    static let screen = Size(width: 390, height: 844)

    @Test func everySizeIsDrawnFromOneReadingAndSharedPlans() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        var pictures = Set<[UInt8]>()
        for category in ContentSizeCategory.allCases {
            let answer = try renderer.picture(.png, ScreenParameters(categories: [category], viewport: Self.screen))
            #expect(answer.contentType == "image/png")
            #expect(answer.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            pictures.insert(answer.body)
        }
        // Twelve different pictures, one reading of the file, one worker (one request at a time).
        #expect(pictures.count == 12)
        #expect(renderer.source.readCount == 1)
        #expect(renderer.workerCount == 1)
    }

    @Test func aScreenIsTheLibrarysScreenPixelForPixel() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        let parameters = ScreenParameters(categories: [.accessibilityExtraExtraExtraLarge], width: 390, viewport: Self.screen,
                                          position: .offset(600), scale: 1)
        // Drawn twice (warm the second time) and once by the library from scratch: the same pixels
        // (the server's PNG is encoded with libpng's fast setting), the same bytes each time.
        let first = try renderer.picture(.png, parameters), second = try renderer.picture(.png, parameters)
        let input = try DocumentReader().layoutInput(at: path)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390)
        let expected = try PNGRenderer(scale: 1).rasterize(preview.screen(category: .accessibilityExtraExtraExtraLarge,
                                                                           viewport: Self.screen, offset: 600))
        #expect(try PNGCodec.decode(Data(first.body)) == expected)
        #expect(second.body == first.body)
        let headers = Dictionary(uniqueKeysWithValues: first.headers.map { ($0.name, $0.value) })
        #expect(headers["X-Reflow-Screen-Top"] == "600")
        #expect(headers["X-Reflow-Version"] == "1")
        #expect(Double(headers["X-Reflow-Content-Height"] ?? "") ?? 0 > 600 + 844)
        // How long each step took, as Server-Timing says it: "layout;dur=0.2, draw;dur=3.1, encode;dur=4.0".
        let timing = try #require(headers["Server-Timing"]).split(separator: ", ")
        #expect(timing.map { $0.split(separator: ";")[0] } == ["layout", "draw", "encode"])
        #expect(timing.allSatisfy { Double($0.split(separator: "=")[1]) != nil })
    }

    @Test func anOffsetPastTheEndShowsTheLastScreen() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        let answer = try renderer.picture(.svg, ScreenParameters(viewport: Self.screen, position: .offset(1e6)))
        let headers = Dictionary(uniqueKeysWithValues: answer.headers.map { ($0.name, $0.value) })
        let top = Double(headers["X-Reflow-Screen-Top"] ?? "") ?? -1, height = Double(headers["X-Reflow-Content-Height"] ?? "") ?? -1
        #expect(top > 0 && abs(top + 844 - height) < 1)
        #expect(headers["X-Reflow-Content-Height-Estimated"] == "false")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("<svg"))
    }

    @Test func theAuditIsRunOncePerSizeAndKept() throws {
        let (folder, path) = try Self.copy("audit-demo.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        var parameters = ScreenParameters(categories: [.extraExtraExtraLarge], viewport: Self.screen, audit: true)
        let outlined = try renderer.picture(.png, parameters)
        parameters.position = .offset(100)
        _ = try renderer.picture(.png, parameters)
        let json = try renderer.auditJSON(parameters)
        #expect(renderer.auditCount == 1)
        #expect(String(decoding: json.body, as: UTF8.self).contains("\"summary\": {\"errors\": 6, \"warnings\": 4"))
        parameters.audit = false
        parameters.position = .offset(0)
        #expect(try renderer.picture(.png, parameters).body != outlined.body)
        parameters.categories = [.large]
        _ = try renderer.auditJSON(parameters)
        #expect(renderer.auditCount == 2)
    }

    @Test func aTooLargePictureIsRefusedBeforeDrawing() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        // The whole page at AX5, 4 pixels a point: over 16,384 px tall.
        #expect(throws: DocumentRenderer.PictureTooLarge.self) {
            try renderer.picture(.png, ScreenParameters(categories: [.accessibilityExtraExtraExtraLarge], scale: 4))
        }
        // Twelve screens side by side draw.
        let sheet = try renderer.picture(.png, ScreenParameters(categories: ContentSizeCategory.allCases, viewport: Self.screen, scale: 1))
        #expect(sheet.body.count > 1000)
    }

    @Test func theLayoutJSONIsTheLayoutCommandsDocument() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path)
        let text = String(decoding: try renderer.layoutJSON(ScreenParameters(categories: [.large, .accessibilityMedium])).body,
                          as: UTF8.self)
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(json?["document"] as? String == "welcome.md")
        #expect((json?["layouts"] as? [Any])?.count == 2)
    }

    @Test func aReadingThatFailsKeepsTheLastGoodVersion() throws {
        let (folder, path) = try Self.copy("welcome.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer(path, maximumBytes: 64 * 1024)
        let before = try renderer.picture(.png, ScreenParameters(viewport: Self.screen)).body

        try Data("# Changed\n\nA new first paragraph.\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(renderer.source.reload().number == 2)
        let changed = try renderer.picture(.png, ScreenParameters(viewport: Self.screen)).body
        #expect(changed != before)

        // Over the input limit: version 2 stays on show, with the reason.
        try Data(repeating: 0x61, count: 70 * 1024).write(to: URL(fileURLWithPath: path))
        let tooLarge = renderer.source.reload()
        #expect(tooLarge.number == 2)
        #expect(tooLarge.problem?.contains("65536") == true || tooLarge.problem?.contains("64") == true)
        #expect(try renderer.picture(.png, ScreenParameters(viewport: Self.screen)).body == changed)

        try FileManager.default.removeItem(atPath: path)
        #expect(renderer.source.reload().problem != nil)
        try Data("# Back\n".utf8).write(to: URL(fileURLWithPath: path))
        let back = renderer.source.reload()
        #expect(back.number == 3 && back.problem == nil)
        #expect(renderer.source.readCount == 5)
        let info = String(decoding: renderer.info().body, as: UTF8.self)
        #expect(info == #"{"document": "welcome.md", "version": 3, "problem": null, "warnings": [], "warningCount": 0}"#)
    }
}
