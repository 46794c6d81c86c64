import FuzzSupport
import Reflow
import ReflowKit

/// The layout JSON reader of `reflow-cli check`: any bytes are a golden or a clear error, and a
/// golden that reads compares with itself as a match and with another layout without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGolden(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    guard let read = try? LayoutReport.Golden.decode(input.rest(), path: "golden.json") else { return 0 }
    let golden = read.report
    // Elements are matched by kind and index path: a golden listing one twice never matches.
    let elementsAreUnique = Set(golden.elements.map(\.key)).count == golden.elements.count
    let itself = LayoutComparison(golden: golden, actual: golden)
    require(itself.matches == elementsAreUnique, "a golden compared with itself: matches \(itself.matches), unique \(elementsAreUnique)")
    for change in itself.changes { _ = change.description }
    // Written back, its fonts read back the same.
    if let again = try? LayoutReport.Golden.decode(Array(read.jsonText().utf8), path: "golden.json") {
        require(again.fonts == read.fonts, "the fonts written back read as \(String(describing: again.fonts))")
    }
    return 0
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzGolden_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzGolden)
}
