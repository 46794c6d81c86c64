import FuzzSupport
import Readers
import Reflow
import TextMetrics

/// The screen-file reader and the compositional layout: any bytes, read as a screen file (JSON),
/// either fail with a `ScreenFileError` that names a place, or become content that lays out at a
/// fuzz-chosen category, width and direction with finite frames, self-sized cells at least 44 pt
/// tall, and warnings (not crashes) for sizes that do not fit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreen(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let category = input.category()
    let width = Double(input.int(in: 120...1_200))
    let direction: LayoutDirection = input.byte() & 1 == 0 ? .leftToRight : .rightToLeft
    let screen: LayoutInput
    do {
        screen = try LayoutInput(bytes: input.rest(), format: .screen)
    } catch let error as ScreenFileError {
        require(!error.description.isEmpty, "an error that says nothing")
        return 0
    } catch {
        require(false, "not a ScreenFileError: \(type(of: error)) \(error)")
        return 0
    }
    // Bounded work per input: screens of many cells are the benchmarks' business.
    guard screen.content.sections.reduce(0, { $0 + $1.cellCount }) <= 2_000 else { return 0 }
    let environment = LayoutEnvironment(containerWidth: width, category: category, layoutDirection: direction)
    guard let snapshot = try? screen.layout.layout(screen.content, in: environment, sizer: fuzzSizer) else { return 0 }
    require(snapshot.contentSize.height.isFinite && snapshot.contentSize.height >= 0, "content height \(snapshot.contentSize.height)")
    for element in snapshot.elements {
        let frame = element.frame
        require(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
                "a frame that is not finite: \(frame) at \(element.indexPath)")
        require(frame.width >= 0 && frame.height >= 0, "a negative size: \(frame) at \(element.indexPath)")
    }
    return 0
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzScreen_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzScreen)
}
