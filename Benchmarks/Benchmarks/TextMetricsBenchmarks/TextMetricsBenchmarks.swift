import Benchmark
import Foundation
import Readers
import Reflow
import TextMetrics

// The corpus is the peer engines' (../shared/peers/corpus, or /tmp/peers/corpus, or the folder in
// REFLOW_CORPUS); without it a seeded stand-in of the same shape is generated, so the benchmarks
// always run. Fonts: the package's bundled Inter (../Fonts), or REFLOW_FONTS.

/// The folder holding this package (…/Benchmarks).
private let benchmarksRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let repositoryRoot = benchmarksRoot.deletingLastPathComponent()

private func corpusParagraphs(_ name: String) -> [String] {
    var folders: [String] = []
    if let folder = ProcessInfo.processInfo.environment["REFLOW_CORPUS"] { folders.append(folder) }
    folders.append(repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/peers/corpus").path)
    folders.append("/tmp/peers/corpus")
    for folder in folders {
        if let data = FileManager.default.contents(atPath: folder + "/" + name) {
            return PlainText.paragraphs(DocumentText(bytes: [UInt8](data)).text)
        }
    }
    return generatedParagraphs(words: name.contains("10k") ? 10_000 : 1_000)
}

/// A seeded stand-in for the corpus: Zipf-ish words, sentences, paragraphs.
private func generatedParagraphs(words count: Int) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    let letters = Array("etaoinshrdlucmfwypvbgkjqxz")
    let vocabulary: [String] = (0..<4_000).map { _ in
        String((0..<(2 + Int(next() % 9))).map { _ in letters[Int(min(next() % 26, next() % 26))] })
    }
    var paragraphs: [String] = []
    var words = 0
    while words < count {
        var paragraph: [String] = []
        for _ in 0..<(2 + Int(next() % 6)) {
            let length = 6 + Int(next() % 23)
            var sentence = (0..<length).map { _ in vocabulary[Int(Double(vocabulary.count) * pow(Double(next() % 10_000) / 10_000, 3))] }
            sentence[0] = sentence[0].prefix(1).uppercased() + sentence[0].dropFirst()
            paragraph.append(sentence.joined(separator: " ") + ".")
            words += length
        }
        paragraphs.append(paragraph.joined(separator: " "))
    }
    return paragraphs
}

private func fontLibrary() throws -> FontLibrary {
    if ProcessInfo.processInfo.environment["REFLOW_FONTS"] != nil { return try FontLibrary() }
    return try FontLibrary(directory: repositoryRoot.appendingPathComponent("Fonts").path)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 50)

    // Shaping + breaking from cold caches: a new typesetter per iteration, so every distinct
    // word of words_10k is shaped once (HarfBuzz) and every paragraph broken once (ICU + greedy).
    Benchmark("words_10k shape+break, cold caches (Inter 17/358)") { benchmark in
        let paragraphs = corpusParagraphs("words_10k.txt").map { StyledText($0) }
        let library = try fontLibrary()
        let faces = FaceSet(single: try library.font(atPath: repositoryRoot.appendingPathComponent("Fonts/Inter-Regular.otf").path))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let typesetter = try Typesetter(fonts: library)
            var lines = 0
            for paragraph in paragraphs {
                lines += typesetter.layout(paragraph, faces: faces, pointSize: 17, lineHeight: 22, width: 358).lines.count
            }
            blackHole(lines)
            blackHole(typesetter.shapeCalls)
        }
        benchmark.stopMeasurement()
    }

    // Re-breaking at a new width with the shaping warm: the paragraphs are shaped once before
    // measuring; each iteration only runs the line breaker (a new width every time).
    Benchmark("words_10k re-break at a new width, warm shaping") { benchmark in
        let paragraphs = corpusParagraphs("words_10k.txt").map { StyledText($0) }
        let library = try fontLibrary()
        let faces = FaceSet(single: try library.font(atPath: repositoryRoot.appendingPathComponent("Fonts/Inter-Regular.otf").path))
        let typesetter = try Typesetter(fonts: library)
        for paragraph in paragraphs { _ = typesetter.layout(paragraph, faces: faces, pointSize: 17, lineHeight: 22, width: 358) }
        let shapeCalls = typesetter.shapeCalls
        var width = 200.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            width = width >= 600 ? 200 : width + 7.25
            var lines = 0
            for paragraph in paragraphs {
                lines += typesetter.layout(paragraph, faces: faces, pointSize: 17, lineHeight: 22, width: width).lines.count
            }
            blackHole(lines)
        }
        benchmark.stopMeasurement()
        precondition(typesetter.shapeCalls == shapeCalls, "re-breaking must not shape again")
    }

    // A document at all twelve Dynamic Type categories (body style, bundled faces): shaping is in
    // font units, so each distinct word is shaped once per face however many sizes it is set at.
    Benchmark("words_1k body text at all 12 categories") { benchmark in
        let paragraphs = corpusParagraphs("words_1k.txt").map { StyledText($0) }
        let library = try fontLibrary()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let typesetter = try Typesetter(fonts: library)
            var height = 0.0
            for category in ContentSizeCategory.allCases {
                for paragraph in paragraphs {
                    height += try typesetter.layout(paragraph, style: .body, category: category, width: 358).height
                }
            }
            blackHole(height)
            blackHole(typesetter.shapeCalls)
        }
        benchmark.stopMeasurement()
    }
}
