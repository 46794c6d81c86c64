import TextMetrics

/// Errors of the reflow engine, each saying what to change.
public enum ReflowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The width given to a cell leaves no room for text inside its insets.
    case widthTooSmall(width: Double, category: ContentSizeCategory, needed: Double)
    /// The container is too narrow for a cell's insets plus the section insets around it.
    case containerTooNarrow(containerWidth: Double, category: ContentSizeCategory, needed: Double)
    /// An item of a compositional layout is too narrow for its cell's insets.
    case itemTooNarrow(width: Double, category: ContentSizeCategory, needed: Double, indexPath: IndexPath)
    /// A group's or item's width or height resolves to more than `limit` points (fractions of
    /// fractions multiply): `source` says where it was described (a screen file's JSON path).
    case lengthTooLong(source: String, dimension: String, length: Double, limit: Double)

    /// `value` to 1/100 pt ("30", "12.25"), or exactly when that would round it to 0 ("0.0001"):
    /// a message must not say a width was "0" when it was not.
    private func formatted(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return JSONText.number(rounded == 0 && value != 0 ? value : rounded)
    }

    /// What is wrong, in terms of the values: the first part of `description`, before what to do.
    public var problem: String {
        switch self {
        case .widthTooSmall(let width, let category, let needed):
            "width \(formatted(width)) pt leaves no room for text at category \(category.shortName): "
                + "a cell needs more than \(formatted(needed)) pt (its insets)"
        case .containerTooNarrow(let width, let category, let needed):
            "container width \(formatted(width)) pt is too narrow at category \(category.shortName): "
                + "cells need more than \(formatted(needed)) pt (section and content insets)"
        case .itemTooNarrow(let width, let category, let needed, let indexPath):
            "the item of cell \(indexPath.section).\(indexPath.item) is \(formatted(width)) pt wide at category "
                + "\(category.shortName), but its cell's insets need more than \(formatted(needed)) pt"
        case .lengthTooLong(let source, let dimension, let length, let limit):
            "\(source.isEmpty ? "a group" : source): its \(dimension) resolves to \(formatted(length)) pt, "
                + "more than the \(formatted(limit)) pt a length may be"
        }
    }

    public var description: String {
        switch self {
        case .widthTooSmall:
            "\(problem); give it more width"
        case .containerTooNarrow:
            "\(problem); give the container more width"
        case .itemTooNarrow:
            "\(problem); give the item more width (a larger fraction or fewer items per group) or the container more width"
        case .lengthTooLong:
            "\(problem); use smaller fractions (a fraction of a fraction multiplies them) or an absolute length"
        }
    }
}
