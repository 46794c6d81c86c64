@testable import Images

/// A PNG written here, byte by byte, so the tests can make every kind the decoder must read
/// (each colour type and bit depth, palettes with tRNS, Adam7) and every kind it must refuse,
/// without a binary fixture or a second PNG library. The image data is zlib "stored" blocks
/// (no compression) unless a test asks for a hand-made deflate stream.
struct TestPNG {
    var width: Int
    var height: Int
    /// IHDR colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    var colorType: UInt8
    var bitDepth: Int
    var interlaced = false
    /// RGB triples (colour type 3).
    var palette: [UInt8] = []
    /// The tRNS chunk's data, if any.
    var transparency: [UInt8]?
    /// Chunks written between IHDR and IDAT: (type, data).
    var extraChunks: [(String, [UInt8])] = []
    /// The samples of the pixel at (x, y), one a channel, each at most 2^bitDepth - 1 (a palette
    /// index for colour type 3).
    var samples: (Int, Int) -> [Int]

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1 }

    /// The PNG file.
    func encoded(idat: [UInt8]? = nil, idatChunkSize: Int = 8192) -> [UInt8] {
        var out = ImageSignature.png
        out += Self.chunk("IHDR", Self.be32(width) + Self.be32(height) + [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { out += Self.chunk("PLTE", palette) }
        if let transparency { out += Self.chunk("tRNS", transparency) }
        for (type, data) in extraChunks { out += Self.chunk(type, data) }
        let stream = idat ?? Self.zlibStored(scanlines())
        var offset = 0
        repeat {
            let end = min(stream.count, offset + idatChunkSize)
            out += Self.chunk("IDAT", Array(stream[offset..<end]))
            offset = end
        } while offset < stream.count
        out += Self.chunk("IEND", [])
        return out
    }

    /// The filtered scanlines (filter 0) of every pass: one pass, or Adam7's seven.
    func scanlines() -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for pass in passes {
            let columns = Array(stride(from: pass.x, to: width, by: pass.dx))
            guard !columns.isEmpty else { continue }
            for y in stride(from: pass.y, to: height, by: pass.dy) {
                out.append(0)
                var bits = BitPacker()
                for x in columns {
                    for sample in samples(x, y) {
                        if bitDepth == 16 {
                            bits.bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
                        } else {
                            bits.append(sample, bits: bitDepth)
                        }
                    }
                }
                out += bits.finished()
            }
        }
        return out
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(ImageSignature.crc32(body)))
    }

    /// `data` as a zlib stream of stored blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let end = min(data.count, offset + 65_535)
            let count = end - offset
            out += [end == data.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<end]
            offset = end
        } while offset < data.count
        return out + be32(Int(adler32(data)))
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// A zlib stream of one fixed-Huffman block: `data` as literals, then `repeats` copies of
    /// 258 bytes of its last byte (length 258, distance 1: 13 bits for 258 bytes), then the end
    /// of the block. The Adler-32 is left zero: a decoder that inflates only what the image needs
    /// never reaches it.
    static func zlibBomb(_ data: [UInt8], repeats: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        for byte in data {
            if byte < 144 {
                bits.writeCode(0x30 + Int(byte), length: 8)
            } else {
                bits.writeCode(0x190 + Int(byte) - 144, length: 9)
            }
        }
        for _ in 0..<repeats {
            bits.writeCode(0xC5, length: 8)  // length code 285: 258 bytes
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
        }
        bits.writeCode(0, length: 7)  // end of block (256)
        return [0x78, 0x01] + bits.finished() + [0, 0, 0, 0]
    }
}

/// Samples of fewer than 8 bits packed into bytes, first sample in the high bits (PNG's order).
struct BitPacker {
    var bytes: [UInt8] = []
    private var current = 0
    private var used = 0

    mutating func append(_ value: Int, bits: Int) {
        current = current << bits | value
        used += bits
        if used == 8 {
            bytes.append(UInt8(current))
            current = 0
            used = 0
        }
    }

    func finished() -> [UInt8] { used == 0 ? bytes : bytes + [UInt8(current << (8 - used))] }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var current = 0
    private var used = 0

    mutating func write(_ value: Int, count: Int) {
        for bit in 0..<count {
            current |= ((value >> bit) & 1) << used
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }
    }

    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length { reversed |= ((code >> bit) & 1) << (length - 1 - bit) }
        write(reversed, count: length)
    }

    func finished() -> [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
}
