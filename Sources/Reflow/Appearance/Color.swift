/// An sRGB color with straight (not premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// The same color with `alpha` (0…1 of full opacity, multiplied into the current alpha).
    public func opacity(_ fraction: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(1, max(0, fraction))).rounded())
        return copy
    }

    public var isOpaque: Bool { alpha == 255 }

    /// `#rrggbb`, the form SVG and CSS read (alpha is written separately as an opacity).
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for channel in [red, green, blue] {
            out.append(digits[Int(channel >> 4)])
            out.append(digits[Int(channel & 0xF)])
        }
        return out
    }

    public var description: String { alpha == 255 ? hexString : "\(hexString)@\(alpha)" }

    public static let white = Color(hex: 0xFFFFFF)
    public static let black = Color(hex: 0x000000)
    public static let clear = Color(hex: 0x000000, alpha: 0)
}
