import TextMetrics

extension ScrollRequest {
    /// Why a scroll request cannot run, with the values given; each description says which value
    /// is wrong and what to give instead.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case width(InvalidLength)
        case height(InvalidLength)
        case speed(InvalidLength)
        /// Frames per second outside `ScrollRequest.framesPerSecond`.
        case framesPerSecond(Double)
        /// A frame limit below 1.
        case maximumFrames(Int)
        /// A step (speed / fps) below the grid step, which would never move the offset.
        case stepTooSmall(speed: Double, framesPerSecond: Double)
        /// A fraction scrolled outside 0…1 for the text-size change.
        case changeFraction(Double)
        /// A text-size change needs both where (a fraction) and to what (a category).
        case changeIncomplete(fraction: Double?, category: ContentSizeCategory?)
        /// A plot's path must name a picture format: .svg or .png.
        case plotPath(String)

        public var description: String {
            switch self {
            case .width(let invalid): "width \(invalid)"
            case .height(let invalid): "height \(invalid)"
            case .speed(let invalid): "speed \(invalid)"
            case .framesPerSecond(let fps):
                "frames per second must be between 1 and 1000, got \(Limits.describe(fps))"
            case .maximumFrames(let limit):
                "the frame limit must be at least 1, got \(limit)"
            case .stepTooSmall(let speed, let fps):
                "a speed of \(Limits.describe(speed)) pt/s at \(Limits.describe(fps)) frames per second moves "
                    + "\(Limits.describe(speed / fps)) pt a frame, less than the point grid's step (1/64 pt); use at least "
                    + "\(Limits.describe(ScrollRequest.minimumSpeed(framesPerSecond: fps))) pt/s at this frame rate"
            case .changeFraction(let fraction):
                "the text size changes at a fraction of the way down between 0 and 1, got \(fraction)"
            case .changeIncomplete:
                "a text-size change needs both the fraction of the way down and the category to change to"
            case .plotPath(let path):
                "a plot needs a .svg or .png path, got '\(path)'"
            }
        }
    }
}
