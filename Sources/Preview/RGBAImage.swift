import Reflow

/// A bitmap: `width` x `height` pixels, rows top to bottom, 4 bytes per pixel (red, green, blue,
/// alpha; straight alpha, sRGB). What `PNGRenderer` draws and `PNGCodec` encodes and decodes.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "4 bytes per pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one color.
    public init(width: Int, height: Int, color: Color) {
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let words = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
            let word = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24
            words.initialize(repeating: UInt32(littleEndian: word))
            initialized = count
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    public func pixel(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}
