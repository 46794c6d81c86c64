/// Two bitmaps compared with a tolerance, for image goldens: anti-aliasing may move a channel by
/// a few levels between FreeType versions without anything a person would notice, so pixels are
/// counted as different only past `channelTolerance`, and a comparison passes with at most
/// `allowedPixels` of them. `diffImage` shows where they are.
public struct ImageComparison: Sendable, CustomStringConvertible {
    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    /// Pixels whose largest channel difference is above the tolerance (all of them when the
    /// sizes differ).
    public let differingPixels: Int
    /// The largest channel difference found (0…255).
    public let largestDifference: Int
    public let channelTolerance: Int
    public let allowedPixels: Int

    public init(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int = 24, allowedPixels: Int = 0) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        self.channelTolerance = channelTolerance
        self.allowedPixels = allowedPixels
        guard expected.width == actual.width, expected.height == actual.height else {
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            largestDifference = 255
            return
        }
        var differing = 0, largest = 0
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                var index = 0
                while index < a.count {
                    var pixel = 0
                    for channel in 0..<4 { pixel = max(pixel, abs(Int(a[index + channel]) - Int(b[index + channel]))) }
                    largest = max(largest, pixel)
                    if pixel > channelTolerance { differing += 1 }
                    index += 4
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
    }

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var passes: Bool { sizesMatch && differingPixels <= allowedPixels }

    public var description: String {
        if !sizesMatch {
            return "size \(actualSize.width) x \(actualSize.height), expected \(expectedSize.width) x \(expectedSize.height)"
        }
        return "\(differingPixels) pixel(s) differ by more than \(channelTolerance) (allowed \(allowedPixels)); largest difference \(largestDifference)"
    }

    /// The expected image faded to a light gray, with pixels past the tolerance in red (brighter
    /// for larger differences); the larger of the two sizes, parts only one image covers in blue.
    public static func diffImage(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int = 24) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var out = RGBAImage(width: width, height: height, color: .white)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
                    out.pixels[index] = 80; out.pixels[index + 1] = 120; out.pixels[index + 2] = 255
                    continue
                }
                let a = expected.pixel(x: x, y: y), b = actual.pixel(x: x, y: y)
                let difference = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                                     abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                if difference > channelTolerance {
                    out.pixels[index] = 255
                    out.pixels[index + 1] = UInt8(max(0, 160 - difference))
                    out.pixels[index + 2] = UInt8(max(0, 160 - difference))
                } else {
                    let luma = (Int(a.red) * 3 + Int(a.green) * 6 + Int(a.blue)) / 10
                    let faded = UInt8(255 - (255 - luma) / 4)
                    out.pixels[index] = faded; out.pixels[index + 1] = faded; out.pixels[index + 2] = faded
                }
            }
        }
        return out
    }
}
