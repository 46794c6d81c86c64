/// A number of bytes as people write it: `1000`, `512K`, `256M`, `1G` (binary multiples; a
/// trailing `B` or `iB` is allowed: `256MB`, `256MiB`). Printed the same way.
public struct ByteCount: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: Int

    public init(_ bytes: Int) { self.bytes = bytes }

    /// Parses `text`; nil for anything that is not a whole, non-negative number of bytes that fits.
    public init?(_ text: String) {
        var digits = Substring(text.trimmingSpaces)
        var multiplier = 1
        let units: [(String, Int)] = [("k", 1 << 10), ("m", 1 << 20), ("g", 1 << 30), ("t", 1 << 40)]
        let lowered = digits.lowercased()
        for suffix in ["ib", "b"] where lowered.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            break
        }
        if let last = digits.last?.lowercased(), let unit = units.first(where: { $0.0 == last }) {
            multiplier = unit.1
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    /// `256 MiB`, `1.5 GiB`, `512 bytes`.
    public var description: String {
        let units = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded)) \(name)" : "\(rounded) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    public static func < (a: ByteCount, b: ByteCount) -> Bool { a.bytes < b.bytes }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
