import PropertyBased
import Testing
import TextMetrics

/// `PointGrid.rounded` and `roundedUp` stand in for `Double.rounded()` and `rounded(.up)` in
/// every frame and pixel, so they must give the same double, bit for bit (a frame that moved by
/// one ulp, or a `-0.0` that became `0.0` in JSON, would break goldens and lazy = eager).
@Suite struct PointGridRoundingTests {
    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    static let edges: [Double] = {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                0.5000000000000001, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                4_503_599_627_370_496, -4_503_599_627_370_496, 4_503_599_627_370_495.5,
                                -4_503_599_627_370_495.5, 9_007_199_254_740_992, 1e20, -1e20, 63.99999999999999]
        // Ties and their neighbours at every scale a layout meets (1/64 pt steps of large offsets).
        for exponent in 0...52 {
            let tie = Double(sign: .plus, exponent: exponent, significand: 1) + 0.5
            values += [tie, tie.nextUp, tie.nextDown, -tie, -tie.nextUp, -tie.nextDown]
        }
        return values
    }()

    @Test func agreesWithTheStandardLibraryAtTheEdges() {
        for value in Self.edges {
            #expect(Self.same(PointGrid.rounded(value), value.rounded()), "rounded(\(value))")
            #expect(Self.same(PointGrid.roundedUp(value), value.rounded(.up)), "roundedUp(\(value))")
        }
    }

    @Test func agreesWithTheStandardLibraryOnAnyDouble() async {
        // Any bit pattern: every exponent, subnormals, NaNs and infinities.
        await propertyCheck(count: 20_000, input: Gen.uint64()) { bits in
            let value = Double(bitPattern: bits)
            #expect(Self.same(PointGrid.rounded(value), value.rounded()), "rounded(\(value))")
            #expect(Self.same(PointGrid.roundedUp(value), value.rounded(.up)), "roundedUp(\(value))")
        }
    }

    @Test func agreesOnLayoutSizedValues() async {
        // Offsets and heights in 1/64 pt: a million rows of up to a few hundred points.
        await propertyCheck(count: 20_000, input: Gen.double(in: -1e9...1e9)) { value in
            #expect(Self.same(PointGrid.rounded(value), value.rounded()), "rounded(\(value))")
            #expect(Self.same(PointGrid.snap(value / 64), (value / 64 * 64).rounded() / 64), "snap(\(value / 64))")
        }
    }
}
