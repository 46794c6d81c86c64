import Foundation
import Testing

/// Issue 38, row 6: `reflow-cli FILE --category all` without `--viewport` draws a contact sheet a
/// person can open, the first screen of each size, and says so; `--whole-pages` draws the whole
/// pages, in parts when the sheet is taller than one image should be.
@Suite struct ContactSheetCommandTests {
    static let snapKit = CLI.repository.appendingPathComponent("Tests/Corpus/markdown/SnapKit--SnapKit--README.md")
    static let said = "no --viewport: the contact sheet shows the first 390x844 screen of each size; --whole-pages shows the whole pages"

    /// A PNG's width and height, from its header.
    static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        try #require(header.count == 24)
        return (header[16..<20].reduce(0) { $0 << 8 | Int($1) }, header[20..<24].reduce(0) { $0 << 8 | Int($1) })
    }

    /// SnapKit's README (155 lines; its twelve pages side by side are 10,016 × 40,181 px, which
    /// was refused): one PNG of the twelve first screens, as tall as a screen and its labels.
    @Test func aReadmesContactSheetShowsTheFirstScreenOfEachSize() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("README.md").path
        try FileManager.default.copyItem(atPath: Self.snapKit.path, toPath: document)
        let result = try CLI.run([document, "--category", "all"])
        #expect(result.status == 0, "\(result)")
        #expect(result.messageLines.first.map(String.init) == Self.said, "\(result)")
        #expect(result.messageLines.last.map(String.init) == "wrote \(folder.path)/README-all.png")
        let size = try Self.pngSize(folder.appendingPathComponent("README-all.png").path)
        #expect(size.width == 10_016, "twelve 390 pt screens, 24 pt apart, 32 pt margins, at scale 2")
        #expect(size.height > 2 * 844 && size.height < 2 * (844 + 200), "one screen tall: \(size.height)")
    }

    /// `--category` takes a list, as `--lang` does: the sizes named, in the order given, each once.
    /// `layout` writes a layout for each; the preview draws them side by side, named and titled
    /// after them; a name that is no size is refused with the sizes there are.
    @Test func aListOfSizesIsLaidOutAndDrawnSideBySide() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("# Settings\n\nText size changes everything.\n", to: "doc.md", in: folder)
        let layout = try CLI.run(["layout", document, "--category", "ax5,l,AX5"])
        try #require(layout.status == 0, "\(layout)")
        let json = try #require(try JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        #expect(layouts.compactMap { ($0["environment"] as? [String: Any])?["category"] as? String } == ["ax5", "l"])

        let sheet = try CLI.run([document, "--category", "l,xxxl,ax5", "--format", "svg", "--quiet"])
        #expect(sheet.status == 0, "\(sheet)")
        let svg = try String(contentsOfFile: folder.appendingPathComponent("doc-l+xxxl+ax5.svg").path, encoding: .utf8)
        #expect(svg.contains("<title>doc.md at L, xxxL and AX5</title>"), "\(svg.prefix(400))")

        let wrong = try CLI.run([document, "--category", "l,ax9"])
        #expect(wrong.status == 64 && wrong.stderr.contains("'l,ax9' is invalid for '--category"), "\(wrong)")
    }

    /// A one-line document: the first screen is still a whole screen (as a phone shows it);
    /// --width sets its width; --quiet says nothing; the JSON of every size is still whole layouts.
    @Test func aShortDocumentsSheetIsOfScreensToo() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("Hello\n", to: "hello.md", in: folder)
        let result = try CLI.run([document, "--category", "all", "--width", "320", "--scale", "1", "--quiet"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let size = try Self.pngSize(folder.appendingPathComponent("hello-all.png").path)
        #expect(size.width == 2 * 32 + 12 * 320 + 11 * 24 && size.height > 844, "\(size)")
        let whole = try CLI.run([document, "--category", "all", "--whole-pages", "--scale", "1", "-o", "\(folder.path)/w.png"])
        #expect(whole.status == 0 && !whole.stderr.contains("no --viewport"), "\(whole)")
        #expect(try Self.pngSize(folder.appendingPathComponent("w.png").path).height < 844, "whole pages as tall as the page")
        let json = try CLI.run([document, "--category", "all", "--format", "json", "-o", "\(folder.path)/all.json"])
        #expect(json.status == 0 && !json.stderr.contains("no --viewport"), "\(json)")
    }

    /// --whole-pages: a sheet taller than 16,384 px is written in numbered parts beside the
    /// document, as a tall page is, and the command says so; -o with --parts names them after it.
    @Test func aTallSheetOfWholePagesIsWrittenInParts() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Array(repeating: "WWW MMM", count: 150).joined(separator: "\n\n") + "\n"
        let document = try CLI.write(text, to: "book.md", in: folder)
        let result = try CLI.run([document, "--category", "all", "--whole-pages", "--width", "100", "--scale", "1"])
        #expect(result.status == 0, "\(result)")
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("book-all-") }.sorted()
        #expect(parts.count >= 2 && parts == (1...parts.count).map { "book-all-00\($0).png" }, "\(parts)")
        #expect(result.messageLines.first?.hasPrefix("the contact sheet is ") == true, "\(result)")
        for part in parts {
            let size = try Self.pngSize(folder.appendingPathComponent(part).path)
            #expect(size.height <= 16_384 && size.width == 2 * 32 + 12 * 100 + 11 * 24, "\(part): \(size)")
        }
        let named = try CLI.run([document, "--category", "all", "--whole-pages", "--width", "100", "--scale", "1", "--parts",
                                 "-o", "\(folder.path)/sheet.png", "--quiet"])
        #expect(named.status == 0, "\(named)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet-001.png").path))
        // -o without --parts: one file, as long as a PNG can hold it (as for a page).
        let one = try CLI.run([document, "--category", "all", "--whole-pages", "--width", "100", "--scale", "1",
                               "-o", "\(folder.path)/one.png", "--quiet"])
        #expect(one.status == 0, "\(one)")
        #expect(try Self.pngSize(folder.appendingPathComponent("one.png").path).height > 16_384)
    }

    @Test func wholePagesAndAViewportAreOneTooMany() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("Hello\n", to: "hello.md", in: folder)
        let result = try CLI.run([document, "--category", "all", "--whole-pages", "--viewport", "390x844"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--whole-pages and --viewport each say what the contact sheet shows of a size; give one"))
    }
}
