import Foundation
import Preview
import Testing

/// Golden files beside the tests, for every test target: text compared exactly (a failure names
/// the first differing line), images with a pixel tolerance (a failure writes the render and a
/// diff image beside the golden). Re-recording is explicit: REFLOW_RECORD=1.
public struct GoldenFile: Sendable {
    /// The folder the goldens are in (a test target's `Goldens`, in the source tree).
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The goldens folder beside the test file `filePath` (pass `#filePath`).
    public init(besides filePath: String) {
        self.init(folder: URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens"))
    }

    /// Whether the tests run to record goldens instead of comparing (REFLOW_RECORD=1).
    public static var recording: Bool { ProcessInfo.processInfo.environment["REFLOW_RECORD"] == "1" }

    public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    public func checkText(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = url(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record("no golden at \(file.path); run the tests with REFLOW_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        func excerpt(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line].prefix(160)) : "<end>" }
        Issue.record("""
            \(name) differs at line \(line + 1):
              expected \(excerpt(e))
              got      \(excerpt(a))
            If the change is intended, re-record with REFLOW_RECORD=1.
            """, sourceLocation: sourceLocation)
    }

    /// Compares `png` with the golden image `name` within `channelTolerance` levels per channel
    /// and `allowedPixels` pixels; on failure writes NAME.actual.png and NAME.diff.png beside it.
    public func checkImage(_ png: Data, against name: String, channelTolerance: Int = 24, allowedPixels: Int = 40,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = url(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try png.write(to: file, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record("no golden at \(file.path); run the tests with REFLOW_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGCodec.decode(data)
        let actual = try PNGCodec.decode(png)
        let comparison = ImageComparison(expected: expected, actual: actual, channelTolerance: channelTolerance,
                                         allowedPixels: allowedPixels)
        guard !comparison.passes else { return }
        let stem = file.deletingPathExtension().path
        let actualFile = URL(fileURLWithPath: stem + ".actual.png"), diffFile = URL(fileURLWithPath: stem + ".diff.png")
        try png.write(to: actualFile, options: .atomic)
        try PNGCodec.encode(ImageComparison.diffImage(expected: expected, actual: actual, channelTolerance: channelTolerance))
            .write(to: diffFile, options: .atomic)
        Issue.record("""
            \(name): \(comparison). The render is in \(actualFile.path), the differences in red in \(diffFile.path).
            If the change is intended, re-record with REFLOW_RECORD=1.
            """, sourceLocation: sourceLocation)
    }
}
