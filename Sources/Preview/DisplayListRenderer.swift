import Foundation
import TextMetrics

/// A backend that writes a `DisplayList` as the bytes of a file: `PNGRenderer` (a bitmap),
/// `SVGRenderer` (vector text). A new kind of picture is one more conformance (and a case of
/// ReflowKit's `OutputFormat`, which chooses the renderer).
public protocol DisplayListRenderer {
    /// Throws, before any drawing, when a picture of `size` points cannot be written in this
    /// format (a bitmap too large); by default any size can.
    func checkSize(_ size: Size) throws

    /// The file's bytes for `list`; `progress` is called with the fraction done, if the renderer
    /// can tell.
    func data(for list: DisplayList, progress: (Double) -> Void) throws -> Data
}

extension DisplayListRenderer {
    public func checkSize(_ size: Size) throws {}
}

extension PNGRenderer: DisplayListRenderer {
    /// A bitmap's limits at this renderer's scale (`PNGRenderer.checkSize(_:scale:)`).
    public func checkSize(_ size: Size) throws { try Self.checkSize(size, scale: scale) }

    public func data(for list: DisplayList, progress: (Double) -> Void) throws -> Data { try render(list, progress: progress) }
}

extension SVGRenderer: DisplayListRenderer {
    /// The SVG document as UTF-8, written in one go (no progress to tell).
    public func data(for list: DisplayList, progress: (Double) -> Void) -> Data { Data(render(list).utf8) }
}
