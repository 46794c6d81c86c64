// Comparisons of two rasterizers' images of the same drawing (our PNG and a browser's screenshot
// of our SVG: Tests/PreviewTests/ChromiumComparisonTests), where anti-aliased edges differ by a
// fraction of a pixel. Here, in an optimized module, not in the tests' unoptimized code: a whole
// document at 2x is millions of pixels, each compared with nine neighbours (the suite's slowest
// step when it ran unoptimized, docs/figures.md).

/// Pixels of `a` that differ by more than `channelTolerance` from every pixel of `b` within one
/// pixel of the same place: differences that moving an edge by up to a pixel cannot explain.
public struct ShiftTolerantDifference: Sendable {
    public let count: Int
    /// The largest such difference (0…255).
    public let largest: Int

    public init(_ a: RGBAImage, _ b: RGBAImage, channelTolerance: Int) {
        guard a.width == b.width, a.height == b.height else {
            count = max(a.width * a.height, b.width * b.height)
            largest = 255
            return
        }
        let width = a.width, height = a.height
        var count = 0, largest = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        var best = 255
                        for dy in -1...1 where y + dy >= 0 && y + dy < height {
                            for dx in -1...1 where x + dx >= 0 && x + dx < width {
                                let j = ((y + dy) * width + x + dx) * 4
                                var difference = 0
                                for channel in 0..<4 { difference = max(difference, abs(Int(pa[i + channel]) - Int(pb[j + channel]))) }
                                best = min(best, difference)
                                if best <= channelTolerance { break }
                            }
                            if best <= channelTolerance { break }
                        }
                        if best > channelTolerance { count += 1 }
                        largest = max(largest, best)
                    }
                }
            }
        }
        self.count = count
        self.largest = largest
    }
}

/// The largest difference, in levels, between two images' average colors over `block` x `block`
/// squares, and where it is (the top-left of the block, in pixels).
public struct BlockDifference: Sendable {
    public let largest: Int
    public let at: (x: Int, y: Int)

    public init(_ a: RGBAImage, _ b: RGBAImage, block: Int) {
        guard a.width == b.width, a.height == b.height else {
            largest = 255
            at = (0, 0)
            return
        }
        var largest = 0, at = (x: 0, y: 0)
        var y0 = 0
        while y0 < a.height {
            var x0 = 0
            while x0 < a.width {
                var sums = [Int](repeating: 0, count: 4)
                var count = 0
                for y in y0..<min(a.height, y0 + block) {
                    for x in x0..<min(a.width, x0 + block) {
                        let i = (y * a.width + x) * 4
                        for channel in 0..<4 { sums[channel] += Int(a.pixels[i + channel]) - Int(b.pixels[i + channel]) }
                        count += 1
                    }
                }
                let difference = sums.map { abs($0) / count }.max() ?? 0
                if difference > largest {
                    largest = difference
                    at = (x0, y0)
                }
                x0 += block
            }
            y0 += block
        }
        self.largest = largest
        self.at = at
    }
}

extension RGBAImage {
    /// The top-left `width` x `height` pixels (at most the image's own size).
    public func cropped(width: Int, height: Int) -> RGBAImage {
        let w = min(width, self.width), h = min(height, self.height)
        if w == self.width && h == self.height { return self }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(w * h * 4)
        for y in 0..<h {
            let start = y * self.width * 4
            pixels.append(contentsOf: self.pixels[start..<(start + w * 4)])
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }
}
