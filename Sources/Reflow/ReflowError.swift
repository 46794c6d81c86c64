import TextMetrics

/// Errors of the reflow engine, each saying what to change.
public enum ReflowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The width given to a cell leaves no room for text inside its insets.
    case widthTooSmall(width: Double, category: ContentSizeCategory, needed: Double)
    /// The container is too narrow for a cell's insets plus the section insets around it.
    case containerTooNarrow(containerWidth: Double, category: ContentSizeCategory, needed: Double)

    private func formatted(_ value: Double) -> String { String((value * 100).rounded() / 100) }

    public var description: String {
        switch self {
        case .widthTooSmall(let width, let category, let needed):
            return "width \(formatted(width)) pt leaves no room for text at category \(category.shortName): "
                + "a cell needs more than \(formatted(needed)) pt (its insets); give it more width"
        case .containerTooNarrow(let width, let category, let needed):
            return "container width \(formatted(width)) pt is too narrow at category \(category.shortName): "
                + "cells need more than \(formatted(needed)) pt (section and content insets); use a wider --width"
        }
    }
}
