/// Which way lines run. Layouts place items from the leading edge; right-to-left mirrors the
/// frames horizontally (text inside cells is still set left to right for now).
public enum LayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight
    case rightToLeft
}
