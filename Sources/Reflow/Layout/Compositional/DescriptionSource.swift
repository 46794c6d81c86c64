/// Where an item or group was described (a screen file's JSON path, `sections[0].group`), for
/// messages about it. Never part of its identity: two descriptions that differ only in where
/// they were written are equal, so sections alike still share plans and estimates.
public struct DescriptionSource: Hashable, Sendable, CustomStringConvertible {
    public var path: String?

    public init(_ path: String? = nil) {
        self.path = path
    }

    public var description: String { path ?? "" }

    public static func == (a: DescriptionSource, b: DescriptionSource) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
