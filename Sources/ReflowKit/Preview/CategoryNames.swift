import TextMetrics

/// How a preview names the text sizes it draws side by side: in a file's name (`all` for the
/// twelve, `l+ax5` for some) and in a title (`every text size`, `L and AX5`).
package enum CategoryNames {
    /// `all` for the twelve sizes in their order, else the short names joined by `+`.
    package static func file(_ categories: [ContentSizeCategory]) -> String {
        categories == ContentSizeCategory.allCases ? "all" : categories.map(\.shortName).joined(separator: "+")
    }

    /// `every text size` for the twelve, else the sizes' names (`L`, `L and AX5`, `S, L and AX5`).
    package static func title(_ categories: [ContentSizeCategory]) -> String {
        if categories == ContentSizeCategory.allCases { return "every text size" }
        let names = categories.map(\.displayName)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
