import Foundation
import Testing

/// Issue 36, row 9: a height-cache file with the right name but heights the engine did not
/// measure for that key (every height 1 pt, 10^15 or NaN, one height edited, the key edited) is
/// ignored and rewritten: the screen at `--offset 20000` is exactly the screen without a cache,
/// exit 0, and `--debug` says so. The cache lives in a scratch folder (`REFLOW_CACHE_DIR`).
@Suite struct HeightCachePoisonTests {
    /// About 38,000 pt at L, 390 pt wide: paragraphs of one to five lines, a heading now and then.
    static func document() -> String {
        let sentence = "The quick brown fox jumps over the lazy dog."
        return (0..<400).map { index in
            index % 25 == 0 ? "## Part \(index / 25)"
                : "Paragraph \(index). " + Array(repeating: sentence, count: index % 5 + 1).joined(separator: " ")
        }.joined(separator: "\n\n") + "\n"
    }

    static let screen = ["--viewport", "390x844", "--offset", "20000", "--category", "l"]

    /// The cache folder's one file.
    static func cacheFile(_ cache: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".heights") }
        try #require(names.count == 1, "one cache file: \(names)")
        return cache.appendingPathComponent(names[0])
    }

    static func word(_ data: Data, at offset: Int) -> UInt64 {
        data.subdata(in: offset..<offset + 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    static func setting(_ data: Data, at offset: Int, to value: UInt64) -> Data {
        var data = data
        withUnsafeBytes(of: value) { data.replaceSubrange(offset..<offset + 8, with: $0) }
        return data
    }

    /// Where the heights start (`HeightCache`'s format: magic, checksum, key, unit count, then a
    /// height per unit; format 1 had the magic and the count only).
    static func heightsStart(_ data: Data) -> Int {
        data.prefix(8).elementsEqual(Array("RFLHGT01".utf8)) ? 16 : 32
    }

    /// `valid` with every height `height`.
    static func everyHeight(_ valid: Data, _ height: Double) -> Data {
        var data = valid
        for offset in stride(from: heightsStart(valid), to: valid.count, by: 8) {
            data = setting(data, at: offset, to: height.bitPattern)
        }
        return data
    }

    @Test func aPoisonedCacheNeverChangesTheScreen() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write(Self.document(), to: "long.md", in: folder)
        let cache = folder.appendingPathComponent("cache")
        let environment: [String: String?] = ["REFLOW_CACHE_DIR": cache.path]
        func layout(_ extra: [String] = []) throws -> CLI.Result {
            try CLI.run(["layout", document] + Self.screen + extra, environment: environment)
        }
        func picture(_ name: String, _ extra: [String] = []) throws -> (CLI.Result, Data) {
            let output = folder.appendingPathComponent(name).path
            let result = try CLI.run([document] + Self.screen + ["--debug", "--quiet", "-o", output] + extra,
                                     environment: environment)
            return (result, (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data())
        }

        let uncached = try layout(["--no-height-cache"])
        try #require(uncached.status == 0, "\(uncached)")
        let (uncachedRun, uncachedPicture) = try picture("uncached.png", ["--no-height-cache"])
        try #require(uncachedRun.status == 0 && !uncachedPicture.isEmpty, "\(uncachedRun)")
        #expect(!FileManager.default.fileExists(atPath: cache.path), "--no-height-cache keeps nothing")

        let first = try layout()
        try #require(first.status == 0, "\(first)")
        #expect(first.stdout == uncached.stdout)
        let file = try Self.cacheFile(cache)
        let valid = try Data(contentsOf: file)
        let start = Self.heightsStart(valid)
        try #require((valid.count - start) % 8 == 0 && valid.count - start >= 8 * 300, "\(valid.count) bytes")
        let kept = try #require(stride(from: start, to: valid.count, by: 8).first {
            Double(bitPattern: Self.word(valid, at: $0)).isFinite
        })
        let poisons: [(String, Data)] = [
            ("every height 1 pt", Self.everyHeight(valid, 1)),
            ("every height 1e15", Self.everyHeight(valid, 1e15)),
            ("every height NaN", Self.everyHeight(valid, .nan)),
            ("one height edited", Self.setting(valid, at: kept, to: (Double(bitPattern: Self.word(valid, at: kept)) + 64).bitPattern)),
            // The key's top byte (format 1: the first height's sign and exponent).
            ("the key edited", Self.setting(valid, at: 16, to: Self.word(valid, at: 16) ^ 0x0100_0000_0000_0000)),
        ]
        for (name, poison) in poisons {
            try poison.write(to: file)
            let run = try layout()
            #expect(run.status == 0, "\(name): \(run)")
            #expect(run.stdout == uncached.stdout, "\(name): the screen without a cache")
            let rewritten = try Data(contentsOf: Self.cacheFile(cache))
            #expect(rewritten != poison, "\(name): rewritten")
            // Valid again: read without a word, and left as it is.
            let (again, shot) = try picture("again.png")
            #expect(again.status == 0 && shot == uncachedPicture, "\(name): \(again)")
            #expect(!again.stderr.contains("height cache"), "\(name): \(again)")
            #expect(try Data(contentsOf: Self.cacheFile(cache)) == rewritten, "\(name): the rewritten file is used")
        }

        // --debug says a file was ignored; the picture is the one without a cache.
        try Self.everyHeight(valid, 1).write(to: file)
        let (warned, shot) = try picture("warned.png")
        #expect(warned.status == 0 && shot == uncachedPicture, "\(warned)")
        #expect(warned.messageLines.contains { $0.contains("warning: height cache:") && $0.contains(file.lastPathComponent) },
                "\(warned)")
    }
}
