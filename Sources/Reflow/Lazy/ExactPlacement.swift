import TextMetrics

extension PlannedLayout {
    /// Measures, from the top down, every unit that starts above `bottom` and is not measured yet
    /// (its height not known from the plan either): afterwards every position above `bottom` is
    /// the eager layout's, bit for bit, whatever the estimates were. Returns how many units it
    /// measured (the work: O(units above `bottom`), each measured once; the sizer's cache
    /// answers when the same cells are laid out again for drawing).
    ///
    /// This is what puts an offset on the page: a collection view scrolled to y shows what its
    /// estimates put there, but a preview of "the page at y" has to show the page's content.
    @discardableResult
    public func measureDown(to bottom: Double, lazy: inout LazyLayout) -> Int {
        var measured = 0
        // Every unit before `unit` is measured or known, so its top is its offset plus their sum.
        var above = 0.0
        for unit in 0..<lazy.count {
            guard lazy.offsets[unit] + above < bottom else { break }
            if !lazy.isMeasured(unit) {
                lazy.setHeight(height(ofUnit: unit), of: unit)
                measured += 1
            }
            above += lazy.height(of: unit)
        }
        return measured
    }
}

extension PlannedLayout {
    /// Measures every unit before `unit` that is not measured (or known) yet: afterwards `unit`'s
    /// top is the eager layout's. Returns how many units it measured.
    @discardableResult
    public func measureUnits(before unit: Int, lazy: inout LazyLayout) -> Int {
        var measured = 0
        for index in 0..<min(unit, lazy.count) where !lazy.isMeasured(index) {
            lazy.setHeight(height(ofUnit: index), of: index)
            measured += 1
        }
        return measured
    }

    /// The top of the cell at `indexPath` on the page (the eager layout's y), measuring what lies
    /// above it; nil when no unit holds it.
    public func top(of indexPath: IndexPath, lazy: inout LazyLayout) throws -> Double? {
        guard let unit = plan.unit(containing: indexPath) else { return nil }
        measureUnits(before: unit, lazy: &lazy)
        let top = lazy.y(of: unit)
        let element = try attributes(ofUnit: unit, top: top).first { $0.indexPath == indexPath && $0.role == .cell }
        return element?.frame.minY ?? top
    }
}
