import Preview
import SystemPackage

/// The kind of file a preview or a plot is written as: a PNG or SVG picture, or the layout
/// JSON. The one place a format is decided (`resolve`: from an explicit choice, else from an
/// output path's extension) and the one place that names each picture format's renderer, so a
/// new format is a case here and a `DisplayListRenderer` in Preview.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, svg, json

    /// The format `explicit` names if given, else the one `path`'s extension names (in any
    /// case); nil when neither says (no path, or a path without an extension).
    /// - Throws: `UnknownExtension` for an extension that names no format.
    public static func resolve(_ explicit: OutputFormat?, path: String?) throws(UnknownExtension) -> OutputFormat? {
        if let explicit { return explicit }
        guard let path, let pathExtension = FilePath(path).extension?.lowercased(), !pathExtension.isEmpty else { return nil }
        guard let named = OutputFormat(rawValue: pathExtension) else { throw UnknownExtension(pathExtension: pathExtension) }
        return named
    }

    /// An output path's extension that names no format.
    public struct UnknownExtension: Error, Hashable, Sendable, CustomStringConvertible {
        /// The extension, lowercased, without its dot.
        public let pathExtension: String

        public init(pathExtension: String) { self.pathExtension = pathExtension }

        /// The formats there are, as a person lists them: "png, svg or json".
        public static var formatNames: String {
            let names = OutputFormat.allCases.map(\.rawValue)
            return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }

        public var description: String {
            "cannot tell the format from '.\(pathExtension)'; give the format: \(Self.formatNames)"
        }
    }

    /// Drawn from a display list by a renderer (a picture), rather than written from the layouts.
    public var isPicture: Bool {
        switch self {
        case .png, .svg: true
        case .json: false
        }
    }

    /// The renderer that draws a picture in this format, `scale` device pixels per point for a
    /// bitmap, titled `title` where the format has a title; nil for the layout JSON, which is
    /// written from the layouts, not drawn.
    public func renderer(scale: Int, title: String?) throws -> (any DisplayListRenderer)? {
        switch self {
        case .png: try PNGRenderer(scale: scale)
        case .svg: SVGRenderer(title: title)
        case .json: nil
        }
    }
}
