/// One face of the bundled family: Inter (its Text cut) or Inter Display, in a weight, upright
/// or italic. Like San Francisco, text below `Typeface.displaySwitchPointSize` uses the Text cut
/// and larger text the Display cut.
public struct Typeface: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum OpticalSize: String, Hashable, Sendable, Codable {
        case text
        case display
    }

    public var opticalSize: OpticalSize
    public var weight: FontWeight
    public var italic: Bool

    /// Sizes at or above this use the Display cut (San Francisco switches at 20 pt).
    public static let displaySwitchPointSize = 20.0

    public init(opticalSize: OpticalSize, weight: FontWeight, italic: Bool = false) {
        self.opticalSize = opticalSize
        self.weight = weight
        self.italic = italic
    }

    /// The face to draw text of `pointSize` in.
    public init(pointSize: Double, weight: FontWeight, italic: Bool = false) {
        self.init(opticalSize: pointSize < Self.displaySwitchPointSize ? .text : .display,
                  weight: weight, italic: italic)
    }

    /// The file in `Fonts/` that holds this face, e.g. `InterDisplay-SemiBoldItalic.otf`.
    public var fileName: String {
        let family = opticalSize == .text ? "Inter" : "InterDisplay"
        let style: String
        switch (weight, italic) {
        case (.regular, false): style = "Regular"
        case (.regular, true): style = "Italic"
        case (_, false): style = weight.fileComponent
        case (_, true): style = weight.fileComponent + "Italic"
        }
        return "\(family)-\(style).otf"
    }

    public var description: String { fileName }

    /// Every face the engine may ask for.
    public static var all: [Typeface] {
        [OpticalSize.text, .display].flatMap { size in
            FontWeight.allCases.flatMap { weight in
                [false, true].map { Typeface(opticalSize: size, weight: weight, italic: $0) }
            }
        }
    }
}
