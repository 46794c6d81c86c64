/// How the height of a cell that has not been measured yet is guessed.
public enum Estimate: Hashable, Sendable, CustomStringConvertible {
    /// Every unmeasured cell is this tall.
    case fixed(Double)
    /// The automatic estimate: the running average height of the cells measured so far with the
    /// same estimate key (the cell's text style), falling back to the average over every measured
    /// cell, and to `initial` before anything is measured.
    ///
    /// Why per text style: a heading and a body paragraph differ in height by a factor of several
    /// at any category, while two body paragraphs are alike on average, so one average per style
    /// converges faster than one for the whole layout; per section would have too few samples.
    case automatic(initial: Double)

    public var description: String {
        switch self {
        case .fixed(let height): "fixed:\(height)"
        case .automatic: "auto"
        }
    }
}
