/// The fonts a piece of styled text is drawn in: one for each combination of emphasis.
public struct FaceSet: Hashable, Sendable {
    /// Indexed by `TextEmphasis.rawValue`: plain, italic, strong, strong italic.
    public let fonts: [Font]

    public init(regular: Font, italic: Font, strong: Font, strongItalic: Font) {
        fonts = [regular, italic, strong, strongItalic]
    }

    /// One font for everything (an arbitrary font file has no italic or bold siblings here).
    public init(single font: Font) {
        fonts = [font, font, font, font]
    }

    /// The bundled faces for text at `pointSize` in `weight`.
    public init(library: FontLibrary, pointSize: Double, weight: FontWeight) throws {
        func face(_ weight: FontWeight, _ italic: Bool) throws -> Font {
            try library.font(Typeface(pointSize: pointSize, weight: weight, italic: italic))
        }
        self.init(regular: try face(weight, false), italic: try face(weight, true),
                  strong: try face(weight.stronger, false), strongItalic: try face(weight.stronger, true))
    }

    public func font(for emphasis: TextEmphasis) -> Font { fonts[Int(emphasis.rawValue & 3)] }
    public var regular: Font { fonts[0] }
    var ids: [Int] { fonts.map(\.id) }
}
