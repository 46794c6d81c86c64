/// Where an item or group was described (a screen file's JSON path, `sections[0].group`), for
/// messages about it. Never part of its identity: two descriptions that differ only in where
/// they were written are equal, so sections alike still share plans and estimates.
///
/// A reader can give the path as a closure, written out only when a message asks for it: a
/// screen file names every item and group, and writing each path out as it was read took a
/// quarter of reading a screen of nested groups.
public struct DescriptionSource: Hashable, Sendable, CustomStringConvertible {
    private let written: String?
    private let write: (@Sendable () -> String)?

    public init(_ path: String? = nil) {
        written = path
        write = nil
    }

    /// A path written out by `write` when it is asked for.
    public init(writing write: @escaping @Sendable () -> String) {
        written = nil
        self.write = write
    }

    /// The path, or nil for a description made in code.
    public var path: String? { written ?? write?() }

    public var description: String { path ?? "" }

    public static func == (a: DescriptionSource, b: DescriptionSource) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
