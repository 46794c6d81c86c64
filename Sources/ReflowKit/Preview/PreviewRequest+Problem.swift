import Reflow
import TextMetrics

extension PreviewRequest {
    /// Why a preview request cannot be drawn, with the values given; each description says which
    /// value is wrong and what to give instead.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The output's extension names no format.
        case unknownFormat(OutputFormat.UnknownExtension)
        /// Device pixels per point outside `PNGRenderer.scales`.
        case scaleUnsupported(Int)
        case width(InvalidLength)
        case offset(InvalidLength)
        case viewportWidth(InvalidLength)
        case viewportHeight(InvalidLength)
        /// An offset scrolls a viewport; none was given.
        case offsetWithoutViewport(Double)
        /// An anchor places a viewport; none was given.
        case anchorWithoutViewport
        /// Both an offset and an anchor: two places for one screen.
        case offsetAndAnchor
        /// The layout JSON holds the whole layout: it cannot be cropped to a viewport.
        case viewportWithLayoutJSON
        /// Parts cut a whole PNG page, or a PNG contact sheet of whole pages; not what `conflict` asks for.
        case partsNeedOnePNGPage(PartsConflict)
        /// Whole pages and a viewport: a contact sheet shows one or the other.
        case wholePagesWithViewport
        /// A width and a viewport whose width is another.
        case widthDisagreesWithViewport(width: Double, viewport: Size)

        public var description: String {
            switch self {
            case .unknownFormat(let unknown): unknown.description
            case .scaleUnsupported(let scale):
                "scale \(scale) is not supported: device pixels per point must be 1, 2, 3 or 4"
            case .width(let invalid): "width \(invalid)"
            case .offset(let invalid): "offset \(invalid)"
            case .viewportWidth(let invalid): "the viewport's width \(invalid)"
            case .viewportHeight(let invalid): "the viewport's height \(invalid)"
            case .offsetWithoutViewport:
                "an offset needs a viewport (the screen it scrolls)"
            case .anchorWithoutViewport:
                "an anchor needs a viewport (the screen it places)"
            case .offsetAndAnchor:
                "give an offset or an anchor, not both: each says where the screen is"
            case .viewportWithLayoutJSON:
                "a viewport crops an image; the layout JSON holds the whole layout"
            case .partsNeedOnePNGPage(.format(let format)):
                "parts cut a whole page into PNG parts; the \(format.rawValue) format is one file"
            case .partsNeedOnePNGPage(.viewport):
                "parts cut a whole page into PNG parts; a viewport draws one screen, which needs none"
            case .partsNeedOnePNGPage(.sheetOfScreens):
                "parts cut a whole page into PNG parts; a contact sheet of screens needs none (a sheet of whole pages is cut)"
            case .wholePagesWithViewport:
                "whole pages and a viewport each say what a contact sheet shows of a size; give one"
            case .widthDisagreesWithViewport(let width, let viewport):
                "width \(Limits.describe(width)) and the viewport's width \(Limits.describe(viewport.width)) disagree; give one width"
            }
        }
    }
}

extension PreviewRequest.Problem {
    /// What a request asked for that parts cannot be cut from.
    public enum PartsConflict: Hashable, Sendable {
        /// A format other than PNG (one SVG or JSON file).
        case format(OutputFormat)
        /// A viewport: one screen.
        case viewport
        /// A contact sheet of one screen a size (without whole pages).
        case sheetOfScreens
    }
}
