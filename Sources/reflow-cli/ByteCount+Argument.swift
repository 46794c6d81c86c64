import ArgumentParser
import ReflowKit

/// `--max-input`: a number of bytes as people write it: `1000`, `512K`, `256M`, `1G` (binary
/// multiples; a trailing `B` or `iB` is allowed: `256MB`, `256MiB`), spaces around it ignored.
extension ByteCount: ExpressibleByArgument {
    /// Nil for anything that is not a whole, non-negative number of bytes that fits.
    public init?(argument: String) {
        var digits = Substring(argument)
        while digits.first == " " { digits = digits.dropFirst() }
        while digits.last == " " { digits = digits.dropLast() }
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
        self.init(bytes)
    }

    /// `--max-input`'s value read (`init(argument:)`).
    /// - Throws: `Invalid`, saying what a size is.
    static func parsing(_ argument: String) throws -> ByteCount {
        guard let count = ByteCount(argument: argument) else { throw Invalid() }
        return count
    }

    /// A size that is not one, in ArgumentParser's message ("The value '-1' is invalid for
    /// '--max-input <size>': …").
    struct Invalid: Error, CustomStringConvertible {
        var description: String {
            "a size is a whole number of bytes, 0 or more, or of K, M or G (binary multiples: 512K, 256M, 1G)"
        }
    }

    public var defaultValueDescription: String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20)M" : String(bytes)
    }
}
