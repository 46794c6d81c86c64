/// A number of bytes, printed in the largest whole binary unit: `256 MiB`, `1.5 GiB`, `512 bytes`.
public struct ByteCount: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: Int

    public init(_ bytes: Int) { self.bytes = bytes }

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
