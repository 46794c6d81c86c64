import TextMetrics

/// The pieces of hand-written JSON: numbers in their shortest exact form and escaped strings.
public enum JSONText {
    /// `value` as JSON: integers without a fraction ("390", not "390.0"), others in Swift's
    /// shortest round-trip form; non-finite values (which JSON cannot hold) as null.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if abs(value) < 1e15, value == PointGrid.rounded(value) { return String(Int64(value)) }
        // A whole number of thousandths (every frame a layout report writes): its digits, which
        // are Swift's shortest round-trip form too (a decimal of at most 15 significant digits
        // is the shortest that reads back as the double nearest it), without the general
        // algorithm.
        let thousandths = PointGrid.rounded(value * 1000)
        if abs(thousandths) < 1e15, thousandths / 1000 == value { return decimal(thousandths: Int64(thousandths)) }
        return String(value)
    }

    /// `thousandths` / 1000 written with a point and no trailing zeros ("-0.25", "12.375"); not
    /// a whole number.
    static func decimal(thousandths: Int64) -> String {
        let magnitude = thousandths.magnitude
        var fraction = magnitude % 1000
        var fractionDigits = 3
        while fractionDigits > 0, fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var whole = magnitude / 1000
        return String(unsafeUninitializedCapacity: 24) { buffer in
            // Written backwards from the end of a scratch area, then moved to the front.
            var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
            return withUnsafeMutableBytes(of: &scratch) { bytes in
                var at = bytes.count
                func put(_ byte: UInt8) {
                    at -= 1
                    bytes[at] = byte
                }
                for _ in 0..<fractionDigits {
                    put(UInt8(ascii: "0") + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
                repeat {
                    put(UInt8(ascii: "0") + UInt8(whole % 10))
                    whole /= 10
                } while whole > 0
                if thousandths < 0 { put(UInt8(ascii: "-")) }
                let count = bytes.count - at
                for index in 0..<count { buffer[index] = bytes[at + index] }
                return count
            }
        }
    }

    /// `text` as a JSON string literal: quote, backslash and control characters escaped, every
    /// other character as it is. Works on the UTF-8 bytes and copies runs that need no escape
    /// whole: this runs for every cell of every layout written.
    public static func string(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += Array("\\\"".utf8)
                case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
