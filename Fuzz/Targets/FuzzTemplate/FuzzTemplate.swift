import FuzzSupport
import Readers
import Reflow
import TextMetrics

/// A dimension chosen by the bytes: fractions up to the largest a file may give, absolute
/// lengths from nothing to the largest, estimates.
private func dimension(_ input: inout FuzzInput) -> String {
    switch input.byte() % 6 {
    case 0: "{\"fractionalWidth\": \(input.pick([0.0001, 0.01, 0.5, 1, 2, 100]))}"
    case 1: "{\"fractionalHeight\": \(input.pick([0.0001, 0.01, 0.5, 1, 2, 100]))}"
    case 2: "{\"absolute\": \(input.pick([0, 0.0001, 0.001, 1, 44, 100, 100_000]))}"
    case 3: "{\"estimated\": \(input.pick([1, 44, 100_000]))}"
    case 4: "{\"uniformAcrossSiblings\": \(input.pick([1, 44]))}"
    default: "{\"fractionalWidth\": 1}"
    }
}

/// A screen of groups nested up to eight deep (one in eight up to 48 deep: a single chain below
/// the ninth level, where self-sized groups once took 2^depth placements), each with a
/// fuzz-chosen count (often 1000) or filled, and `cells` cells.
private func screen(_ input: inout FuzzInput) -> String {
    let depth = input.byte() % 8 == 0 ? input.int(in: 9...48) : input.int(in: 1...8)
    var node = "{\"size\": {\"width\": \(dimension(&input)), \"height\": \(dimension(&input))}}"
    for level in 0..<depth {
        let count = input.pick(["", "\"count\": 1000, ", "\"count\": 1000, ", "\"count\": 2, ", "\"count\": \(input.int(in: 1...1_000)), "])
        let spacing = input.pick(["", "\"interItemSpacing\": {\"fixed\": 8}, ", "\"interItemSpacing\": {\"flexible\": 0.001}, "])
        let siblings = level < 8 ? input.int(in: 1...3) : 1
        var height = dimension(&input)
        if height.hasPrefix("{\"uniform") { height = "{\"estimated\": 44}" }  // items only
        node = "{\"axis\": \"\(input.pick(["horizontal", "vertical"]))\", \(count)\(spacing)"
            + "\"size\": {\"width\": \(dimension(&input).replacingOccurrences(of: "uniformAcrossSiblings", with: "estimated")), "
            + "\"height\": \(height)}, \"subitems\": [\(Array(repeating: node, count: siblings).joined(separator: ", "))]}"
    }
    let cells = (0..<input.int(in: 0...40)).map { "{\"text\": \"Cell \($0)\"}" }.joined(separator: ", ")
    let sideways = input.byte() & 1 == 0 ? "" : ", \"orthogonalScrollingBehavior\": \"continuous\""
    return "{\"sections\": [{\"group\": \(node), \"cells\": [\(cells)]\(sideways)}]}"
}

/// The screen reader's group templates (issue 24, row 2): a screen file whose groups nest, repeat
/// with `count` and fill with tiny lengths resolves to templates that hold each described item
/// and group once (at most `ScreenFile.maximumGroupNodes`), never the copies, and lays out every
/// cell exactly once; or it is one clear error (a `ScreenFileError` naming a place, or a
/// `ReflowError`: a length beyond the limit, an item too narrow). No crash, no unbounded memory.
///
/// The first byte chooses the input: even, the rest is a screen file as it is (the seeds);
/// odd, the bytes choose a screen of nested groups (their axes, counts, sizes and spacing) and
/// how many cells fill it, with the emphasis on counts and nesting.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let synthesized = input.byte() & 1 == 1
    let category = input.category()
    let width = Double(input.int(in: 120...1_200))
    let height = Double(input.int(in: 100...2_000))
    let bytes = synthesized ? Array(screen(&input).utf8) : input.rest()
    let read: LayoutInput
    do {
        read = try LayoutInput(bytes: bytes, format: .screen)
    } catch let error as ScreenFileError {
        require(!error.description.isEmpty && error.description.utf8.count < 2_000, "an error that says nothing, or too much")
        return 0
    } catch {
        require(false, "not a ScreenFileError: \(type(of: error)) \(error)")
        return 0
    }
    let cellCount = read.content.cellCount
    guard cellCount <= 2_000, let layout = read.layout as? CompositionalLayout else { return 0 }
    let environment = LayoutEnvironment(containerWidth: width, containerHeight: height, category: category)
    let plan: ResolvedPlan<[CompositionalLayout.ResolvedSection?]>
    do {
        plan = try layout.plan(read.content, in: environment)
    } catch is ReflowError {
        return 0
    } catch {
        require(false, "planning threw \(type(of: error)) \(error)")
        return 0
    }
    for section in plan.resolution.compactMap({ $0 }) {
        require(section.templateNodeCount <= ScreenFile.maximumGroupNodes + 1,
                "a template of \(section.templateNodeCount) nodes, above the \(ScreenFile.maximumGroupNodes) a group may describe")
        require(section.groupCapacity >= 1, "a group that holds no cell")
    }
    let snapshot: LayoutSnapshot
    do {
        snapshot = try layout.layout(read.content, in: environment, sizer: fuzzSizer)
    } catch is ReflowError {
        return 0
    } catch {
        require(false, "laying out threw \(type(of: error)) \(error)")
        return 0
    }
    let placed = snapshot.elements.filter { $0.role == .cell }
    require(placed.count == cellCount, "\(placed.count) cells placed of \(cellCount)")
    require(Set(placed.map(\.indexPath)).count == placed.count, "a cell placed twice")
    for element in placed {
        let frame = element.frame
        require(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
                "a frame that is not finite: \(frame) at \(element.indexPath)")
    }
    return 0
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzTemplate_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzTemplate)
}
