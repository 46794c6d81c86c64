/// A request the server will not answer as asked: a parameter it cannot read. Answered with
/// status 400 and `message` as plain text: for the preview's parameters, the message the command
/// line gives for the same value of the option of the same name.
public struct BadRequest: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what to give instead.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
