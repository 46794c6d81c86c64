import TextMetrics

/// Errors of the reflow engine, each saying what to change.
public enum ReflowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The width given to a cell leaves no room for text inside its insets.
    case widthTooSmall(width: Double, category: ContentSizeCategory, needed: Double)
    /// The container is too narrow for a cell's insets plus the section insets around it.
    case containerTooNarrow(containerWidth: Double, category: ContentSizeCategory, needed: Double)

    /// `value` to 1/100 pt ("30", "12.25"), or exactly when that would round it to 0 ("0.0001"):
    /// a message must not say a width was "0" when it was not.
    private func formatted(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return JSONText.number(rounded == 0 && value != 0 ? value : rounded)
    }

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
