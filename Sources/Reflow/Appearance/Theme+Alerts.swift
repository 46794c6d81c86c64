extension Theme {
    /// A GitHub alert's colour (its bar, icon and title), GitHub's own (Primer's
    /// `--fgColor-accent`, `-success`, `-done`, `-attention`, `-danger`): on a light background
    /// note #0969da, tip #1a7f37, important #8250df, warning #9a6700, caution #d1242f; on a dark
    /// one (GitHub's dark mode) #4493f8, #3fb950, #ab7df8, #d29922, #f85149. Which one follows the
    /// theme's background, so a dark theme gets GitHub's dark colours without a field of its own.
    public func alertColor(_ kind: AlertKind) -> Color {
        let isDark = Int(background.red) * 299 + Int(background.green) * 587 + Int(background.blue) * 114 < 128_000
        switch kind {
        case .note: return Color(hex: isDark ? 0x4493F8 : 0x0969DA)
        case .tip: return Color(hex: isDark ? 0x3FB950 : 0x1A7F37)
        case .important: return Color(hex: isDark ? 0xAB7DF8 : 0x8250DF)
        case .warning: return Color(hex: isDark ? 0xD29922 : 0x9A6700)
        case .caution: return Color(hex: isDark ? 0xF85149 : 0xD1242F)
        }
    }
}
