/// A length in points that cannot be used, with the value given (`Limits`' checks). Its
/// description is what a sentence says of the length ("must be a positive number of points, got
/// 0"); the subject is whoever names the length: a request ("width must be …"), or a command
/// line with its option ("--width must be …").
public enum InvalidLength: Error, Hashable, Sendable, CustomStringConvertible {
    /// Zero, negative or not a finite number, where a positive length is needed.
    case notPositive(Double)
    /// Negative or not a finite number, where 0 or more is needed.
    case negative(Double)
    /// More than `Limits.maximumLength`.
    case tooLong(Double)
    /// An offset past `Limits.maximumOffset`.
    case tooFar(Double)

    public var description: String {
        switch self {
        case .notPositive(let value): "must be a positive number of points, got \(Limits.describe(value))"
        case .negative(let value): "must be 0 or more points, got \(Limits.describe(value))"
        case .tooLong(let value): "must be at most \(Limits.describe(Limits.maximumLength)) points, got \(Limits.describe(value))"
        case .tooFar(let value): "must be at most \(Limits.describe(Limits.maximumOffset)) points, got \(Limits.describe(value))"
        }
    }
}
