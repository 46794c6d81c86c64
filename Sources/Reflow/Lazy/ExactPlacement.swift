import TextMetrics

extension MeasuringPlan {
    /// Measures, from the top down, every unit that starts above `bottom` and is not measured yet
    /// (its height not known from the plan either): afterwards every position above `bottom` is
    /// the eager layout's, bit for bit, whatever the estimates were. Returns how many units it
    /// measured (the work: O(units above `bottom`), each measured once; the sizer's cache
    /// answers when the same cells are laid out again for drawing).
    ///
    /// With a `top` (the screen's), units that start at or below it are measured as the screen
    /// shows them: a band there measures the groups on screen, its further groups at their
    /// estimate, as a collection view realizes a band (below such a band, positions are the
    /// eager layout's once it is measured whole). Units above `top` are measured whole.
    ///
    /// This is what puts an offset on the page: a collection view scrolled to y shows what its
    /// estimates put there, but a preview of "the page at y" has to show the page's content.
    @discardableResult
    public func measureDown(to bottom: Double, screenTop top: Double = .infinity, lazy: inout LazyLayout) -> Int {
        var measured = 0
        // Every unit before `unit` is measured or known, so its top is its offset plus their sum.
        var above = 0.0
        for unit in 0..<lazy.count {
            let unitTop = lazy.offsets[unit] + above
            guard unitTop < bottom else { break }
            if unitTop >= top {
                if !lazy.isMeasured(unit) {
                    measureOnScreen(unit, lazy: &lazy)
                    measured += 1
                }
            } else if !lazy.isSettled(unit) {
                lazy.setHeight(height(ofUnit: unit), of: unit)
                measured += 1
            }
            above += lazy.height(of: unit)
        }
        return measured
    }
}

extension MeasuringPlan {
    /// Measures every unit before `unit` that is not measured (or known) yet: afterwards `unit`'s
    /// top is the eager layout's. Returns how many units it measured.
    @discardableResult
    public func measureUnits(before unit: Int, lazy: inout LazyLayout) -> Int {
        var measured = 0
        for index in 0..<min(unit, lazy.count) where !lazy.isSettled(index) {
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
