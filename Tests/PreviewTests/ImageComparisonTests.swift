import Preview
import Testing

@Suite struct ImageComparisonTests {
    @Test func differencesWithinTheToleranceMatch() {
        let a = RGBAImage(width: 4, height: 3, color: .white)
        var b = a
        b.pixels[0] = 240  // 15 levels: within 24
        let comparison = ImageComparison(expected: a, actual: b)
        #expect(comparison.passes)
        #expect(comparison.differingPixels == 0)
        #expect(comparison.largestDifference == 15)
    }

    @Test func pixelsPastTheToleranceAreCountedAndShown() {
        let a = RGBAImage(width: 4, height: 3, color: .white)
        var b = a
        b.pixels[(1 * 4 + 2) * 4 + 1] = 0  // pixel (2, 1), green channel
        let strict = ImageComparison(expected: a, actual: b)
        #expect(!strict.passes)
        #expect(strict.differingPixels == 1)
        #expect(ImageComparison(expected: a, actual: b, allowedPixels: 1).passes)
        let diff = ImageComparison.diffImage(expected: a, actual: b)
        #expect(diff.pixel(x: 2, y: 1).red == 255 && diff.pixel(x: 2, y: 1).green == 0)
        #expect(diff.pixel(x: 0, y: 0) == .white)
    }

    @Test func differentSizesNeverMatch() {
        let comparison = ImageComparison(expected: RGBAImage(width: 2, height: 2, color: .white),
                                         actual: RGBAImage(width: 2, height: 3, color: .white), allowedPixels: 100)
        #expect(!comparison.passes)
        #expect(comparison.description.contains("size 2 x 3, expected 2 x 2"))
    }
}
