/// Which format a file's first bytes announce: PNG or JPEG, or a named format that is not
/// decoded (so the message can say "a GIF" rather than "not an image").
enum ImageSignature {
    /// How many first bytes `format(of:)` looks at, at most.
    static let sniffLength = 512

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG or JPEG, when data starts with `prefix` (8 bytes are enough).
    static func format(of prefix: [UInt8]) -> ImageFormat? {
        if prefix.starts(with: png) { return .png }
        if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// Why data starting with `prefix` (up to `sniffLength` bytes) is not decoded: another
    /// format, named, or none known.
    static func refusal(for prefix: [UInt8]) -> ImageError {
        if let name = otherFormat(prefix) { return .unsupportedFormat(name) }
        return .notAnImage
    }

    private static func otherFormat(_ bytes: [UInt8]) -> String? {
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if ascii("GIF87a") || ascii("GIF89a") { return "GIF" }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return "WebP" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if ascii("ftyp", at: 4) {
            if ascii("avif", at: 8) || ascii("avis", at: 8) { return "AVIF" }
            if ascii("heic", at: 8) || ascii("heix", at: 8) || ascii("mif1", at: 8) { return "HEIC" }
        }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if bytes.starts(with: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return "JPEG 2000"
        }
        if ascii("%PDF-") { return "PDF" }
        // SVG is text: an <svg element near the start, after an XML declaration or comments.
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        if text.contains("<svg") { return "SVG" }
        return nil
    }

    /// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
