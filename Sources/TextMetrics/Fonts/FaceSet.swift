/// The primary fonts a piece of styled text is drawn in: one for each combination of emphasis
/// (italic, strong, code); the fallback chain follows each of them.
public struct FaceSet: Hashable, Sendable {
    /// Indexed by `TextEmphasis.rawValue & 7`: plain, italic, strong, strong italic, then the same
    /// four in code (the monospace face, its bold for strong; code has no italic).
    public let fonts: [Font]
    /// Whether the fallback faces for each slot should be bold (the slot is semibold or bolder).
    let bold: [Bool]
    /// The fonts' ids, in `fonts`' order: part of every shaped paragraph's cache key, so made
    /// once here rather than for each lookup.
    let ids: [Int]

    public init(regular: Font, italic: Font, strong: Font, strongItalic: Font, code: Font? = nil, strongCode: Font? = nil,
                strongIsBold: Bool = true) {
        let code = code ?? regular, strongCode = strongCode ?? strong
        fonts = [regular, italic, strong, strongItalic, code, code, strongCode, strongCode]
        bold = [false, false, strongIsBold, strongIsBold, false, false, true, true]
        ids = fonts.map(\.id)
    }

    /// One font for everything (an arbitrary font file has no italic or bold siblings here).
    public init(single font: Font) {
        fonts = Array(repeating: font, count: 8)
        bold = Array(repeating: false, count: 8)
        ids = fonts.map(\.id)
    }

    /// The bundled faces for text at `pointSize` in `weight`, and the monospace face for code.
    public init(library: FontLibrary, pointSize: Double, weight: FontWeight) throws {
        func face(_ weight: FontWeight, _ italic: Bool) throws -> Font {
            try library.font(Typeface(pointSize: pointSize, weight: weight, italic: italic))
        }
        let strong = weight.stronger
        let regular = try face(weight, false), strongFace = try face(strong, false)
        let code = library.monospaceFont(bold: weight >= .semibold) ?? regular
        let strongCode = library.monospaceFont(bold: true) ?? strongFace
        fonts = [regular, try face(weight, true), strongFace, try face(strong, true), code, code, strongCode, strongCode]
        bold = [weight >= .semibold, weight >= .semibold, true, true, weight >= .semibold, weight >= .semibold, true, true]
        ids = fonts.map(\.id)
    }

    public func font(for emphasis: TextEmphasis) -> Font { fonts[Int(emphasis.rawValue & 7)] }
    public var regular: Font { fonts[0] }
}
