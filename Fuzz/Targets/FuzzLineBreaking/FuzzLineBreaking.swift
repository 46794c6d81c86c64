import FuzzSupport
import Readers
import Reflow
import TextMetrics

/// Measuring and line breaking: random text in a random style, category and width (and overflow
/// mode) is laid out; lines must cover the text in order, fit the width unless a word could not
/// be broken, and the cell measuring it must be at least 44 pt and finite.
nonisolated(unsafe) private let typesetter: Typesetter = {
    // Small caches: the fuzzer's texts are all different.
    do {
        return try Typesetter(fonts: try FontLibrary(), shapingCacheLimit: 4_096, paragraphCacheLimit: 64, layoutCacheLimit: 64)
    } catch {
        fatalError("cannot load the bundled fonts: \(error)")
    }
}()
nonisolated(unsafe) private let sizer = CellSizer(typesetter: typesetter, cacheLimit: 64)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineBreaking(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let style = input.style()
    let category = input.category()
    let width = Double(input.int(in: 1...2_000)) / 4
    let overflow: LineBreaker.OverflowWrap = input.byte() & 1 == 0 ? .breakWord : .normal
    let text = DocumentText(bytes: input.rest()).text
    guard let layout = try? typesetter.layout(StyledText(text), style: style, category: category, width: width,
                                               overflowWrap: overflow) else { return 0 }
    let length = text.utf8.count
    var end = 0
    for line in layout.lines {
        require(line.range.lowerBound >= end && line.range.upperBound <= length, "line \(line.range) out of order in \(length) bytes")
        end = line.range.upperBound
    }
    require(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
    let cell = Cell(kind: .paragraph, style: style, text: StyledText(text))
    if let size = try? sizer.size(of: cell, proposal: .width(width + 64), category: category) {
        require(size.height >= Cell.minimumTouchHeight && size.height.isFinite, "cell height \(size.height)")
    }
    return 0
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzLineBreaking_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzLineBreaking)
}
