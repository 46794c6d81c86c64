import Foundation
import Testing

/// Issue 24, row 10: the parts of a tall page are one set. A run draws them aside and moves them
/// in together, removes the earlier run's parts the new set does not replace, leaves the earlier
/// set whole when it is stopped, and cuts no part into a thin strip.
@Suite struct PreviewPartsCommandTests {
    /// `count` paragraphs of `text`: at --width 100, --scale 1, about 52 px each.
    static func paragraphs(_ text: String, _ count: Int) -> String {
        Array(repeating: text, count: count).joined(separator: "\n\n") + "\n"
    }

    /// The folder's names, sorted.
    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A PNG's height, from its header.
    static func pngHeight(_ path: String) throws -> Int {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        try #require(header.count == 24)
        return header[20..<24].reduce(0) { $0 << 8 | Int($1) }
    }

    static let preview = ["--category", "l", "--scale", "1", "--width", "100", "--quiet"]

    /// A re-run of a shorter document replaces the earlier run's whole set: the parts it does not
    /// number are removed, and nothing else is (files that only look like parts stay).
    @Test func aShorterRerunLeavesNoPartOfTheEarlierSet() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write(Self.paragraphs("WWW MMM", 1_400), to: "book.md", in: folder)
        let long = try CLI.run([document] + Self.preview)
        try #require(long.status == 0, "\(long)")
        let earlier = try Self.names(folder).filter { $0.hasPrefix("book-l-") }
        try #require(earlier.count >= 5, "\(earlier)")
        let unrelated = ["book-l-01.png", "book-l-notes.png", "book-l-003.png.bak", "book-l-000.png", "other-l-004.png"]
        for name in unrelated { _ = try CLI.write("keep", to: name, in: folder) }

        _ = try CLI.write(Self.paragraphs("WWW MMM", 500), to: "book.md", in: folder)
        let short = try CLI.run([document] + Self.preview)
        #expect(short.status == 0, "\(short)")
        let parts = try Self.names(folder).filter { $0.hasPrefix("book-l-") && !unrelated.contains($0) }
        #expect(parts.count < earlier.count && parts == (1...parts.count).map { "book-l-00\($0).png" },
                "the earlier run's parts from \(parts.count + 1) on are gone: \(parts)")
        #expect(try Self.names(folder).filter { $0.hasPrefix(".") } == [], "no hidden folder is left")
        for name in unrelated {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "keep", "\(name) is kept")
        }

        // Short enough for one file: the parts it replaces go too.
        _ = try CLI.write(Self.paragraphs("WWW MMM", 20), to: "book.md", in: folder)
        let one = try CLI.run([document, "--category", "l", "--scale", "1", "--width", "100"])
        #expect(one.status == 0, "\(one)")
        #expect(one.messageLines.last.map(String.init) == "wrote \(folder.path)/book-l.png (removed \(parts.count) parts of an earlier run)",
                "\(one)")
        #expect(try Self.names(folder).filter { $0.hasPrefix("book-l") && !unrelated.contains($0) } == ["book-l.png"])
    }

    /// A run killed while it draws its parts (here by the file size limit, as a full disk stops
    /// it) leaves the earlier set whole; the next run removes what the killed one left.
    @Test func aRunKilledWhileDrawingPartsLeavesTheEarlierSetWhole() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Light parts first, dense ones after: a file size limit between the two lets the first
        // part be written and kills the run at the second.
        let light = Self.paragraphs(".", 330) + "\n" + Self.paragraphs("WWW MMM @@@ ###", 330)
        let probe = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: probe) }
        let probed = try CLI.run([try CLI.write(light, to: "book.md", in: probe)] + Self.preview)
        try #require(probed.status == 0, "\(probed)")
        let sizes = try ["book-l-001.png", "book-l-002.png"].map {
            try FileManager.default.attributesOfItem(atPath: probe.appendingPathComponent($0).path)[.size] as! Int
        }
        try #require(sizes[0] < sizes[1], "\(sizes)")

        let document = try CLI.write(Self.paragraphs("x y z", 1_200), to: "book.md", in: folder)
        let earlier = try CLI.run([document] + Self.preview)
        try #require(earlier.status == 0, "\(earlier)")
        let names = try Self.names(folder).filter { $0.hasPrefix("book-l-") }
        let before = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        // What a run killed while drawing left, for the next run to remove.
        let abandoned = folder.appendingPathComponent(".book-l.png.parts-Ab1234")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: false)
        _ = try CLI.write("half", to: "book-l-001.png", in: abandoned)

        _ = try CLI.write(light, to: "book.md", in: folder)
        let stopped = Process()
        stopped.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        stopped.arguments = ["--fsize=\((sizes[0] + sizes[1]) / 2)", try CLI.executable().path, document] + Self.preview
        stopped.standardError = FileHandle.nullDevice
        try stopped.run()
        stopped.waitUntilExit()
        // Killed by SIGXFSZ, or (where the signal is ignored) failing to write with EFBIG.
        #expect(stopped.terminationReason == .uncaughtSignal || stopped.terminationStatus == 1, "the limit stops the run at its second part")
        #expect(try Self.names(folder).filter { $0.hasPrefix("book-l-") } == names)
        for (name, bytes) in zip(names, before) {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == bytes, "\(name) is the earlier run's")
        }

        let next = try CLI.run([document] + Self.preview)
        #expect(next.status == 0, "\(next)")
        #expect(try Self.names(folder) == ["book-l-001.png", "book-l-002.png", "book-l-003.png", "book-l-004.png", "book.md"],
                "the new set, and nothing a stopped or killed run left")
    }

    /// A short cell above one taller than a part: no part is a strip; every part holds at least
    /// a quarter of the limit (4,096 px).
    @Test func noPartIsAThinStrip() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tall = Array(repeating: "word", count: 3_000).joined(separator: " ")
        let document = try CLI.write("a\n\n" + tall + "\n", to: "strip.md", in: folder)
        let result = try CLI.run([document] + Self.preview)
        #expect(result.status == 0, "\(result)")
        let parts = try Self.names(folder).filter { $0.hasSuffix(".png") }
        try #require(parts.count >= 2, "\(parts)")
        for part in parts {
            let height = try Self.pngHeight(folder.appendingPathComponent(part).path)
            #expect(height >= 4_096 && height <= 16_384, "\(part) is \(height) px tall")
        }
    }
}
