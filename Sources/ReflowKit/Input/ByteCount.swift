/// A number of bytes, printed in the largest whole binary unit: `256 MiB`, `1.5 GiB`, `512 bytes`.
public struct ByteCount: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: Int

    public init(_ bytes: Int) { self.bytes = bytes }

    private static let units = [(1 << 40, "TiB", "T"), (1 << 30, "GiB", "G"), (1 << 20, "MiB", "M"), (1 << 10, "KiB", "K")]

    /// `256 MiB`, `1.5 GiB`, `512 bytes`.
    public var description: String {
        for (size, name, _) in Self.units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded)) \(name)" : "\(rounded) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// Every byte, in groups of three digits: `1,700 bytes`.
    public var exact: String { Self.grouped(bytes) + (bytes == 1 ? " byte" : " bytes") }

    /// `number` in groups of three digits: `2,097,152`.
    public static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (number < 0 ? "-" : "") + digits + grouped
    }

    /// The shortest size as `--max-input` takes it that is at least this many bytes: `153`,
    /// `2K` for 1,700, `301M` for 300 MiB and a byte.
    public var roundedUp: String {
        for (size, _, suffix) in Self.units where bytes >= size {
            return "\((bytes + size - 1) / size)\(suffix)"
        }
        return String(bytes)
    }

    /// `self` and `other` described alike: in rounded units, or exactly when the rounded
    /// figures would read the same (`1.6 KiB` and `1.6 KiB`).
    public func described(beside other: ByteCount) -> (String, String) {
        description == other.description ? (exact, other.exact) : (description, other.description)
    }

    public static func < (a: ByteCount, b: ByteCount) -> Bool { a.bytes < b.bytes }
}
