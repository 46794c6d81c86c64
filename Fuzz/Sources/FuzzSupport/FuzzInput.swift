import TextMetrics

/// A fuzzer's bytes read front to back as choices, the rest as text: the same bytes always make
/// the same choices, and a short input still makes them all (missing bytes read as 0).
public struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = UnsafeRawBufferPointer(start: count > 0 ? start.map(UnsafeRawPointer.init) : nil, count: count)
    }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A whole number in `range`, from two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[Int(byte()) % values.count] }

    public mutating func category() -> ContentSizeCategory { pick(ContentSizeCategory.allCases) }
    public mutating func style() -> TextStyle { pick(TextStyle.allCases) }

    /// The bytes not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}

/// Stops the fuzzer with a finding when an invariant the engine promises does not hold.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// libFuzzer's driver: runs `test` on inputs as a fuzz target's `main` would.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// A fuzz target's entry point. SwiftPM links an executable's `main` to `<Target>_main`, so
/// each target defines that symbol and hands its test here, to libFuzzer's driver (which reads
/// the usual libFuzzer options: -runs, -max_total_time, a corpus folder…).
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    var argc = argc
    var argv = argv
    return runDriver(&argc, &argv, test)
}
