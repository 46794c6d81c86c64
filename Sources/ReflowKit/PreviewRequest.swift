import Foundation
import Preview
import Reflow
import SystemPackage
import TextMetrics

/// What a person asked the preview to draw, as given (`reflow-cli preview`'s options), and the
/// rules that turn it into `PreviewFiles` and a container width: the format from `format`, else
/// from the output's extension, else PNG; one screen with `viewport` ("390x844"); a contact sheet
/// for several sizes; parts only for one size's whole PNG page. Everything is checked before any
/// work, so a wrong request fails at once with one line naming the option.
public struct PreviewRequest: Sendable {
    /// The document's path: the default output goes beside it, and nothing may replace it.
    public var document: String
    public var output: String?
    public var format: PreviewFiles.Format?
    public var categories: [ContentSizeCategory] = [.large]
    /// Draw the sizes side by side (asked for as "all").
    public var isSheet = false
    public var width: Double?
    /// One screen, `WIDTHxHEIGHT` in points.
    public var viewport: String?
    public var offset: Double?
    public var scale = 2
    /// With `output`: a page too tall for one PNG is written as parts named after it.
    public var parts = false

    public init(document: String) {
        self.document = document
    }

    /// The files to write and the container width, or `InvalidOption`.
    public func resolved() throws(InvalidOption) -> (files: PreviewFiles, width: Double) {
        let format = try resolvedFormat()
        guard PNGRenderer.scales.contains(scale) else {
            throw InvalidOption("--scale must be 1, 2, 3 or 4 (device pixels per point), got \(scale)")
        }
        let viewport = try resolvedViewport()
        let width = viewport?.width ?? self.width ?? LayoutEnvironment.defaultContainerWidth
        try Limits.requirePositive(width, "--width")
        let offset = self.offset ?? 0
        guard offset.isFinite, offset >= 0 else {
            throw InvalidOption("--offset must be 0 or more points, got \(Limits.describe(offset))")
        }
        try Limits.requireAtMost(offset, "--offset")
        if format == .json, viewport != nil {
            throw InvalidOption("--viewport crops an image; --format json writes the whole layout (drop --viewport)")
        }
        if parts, format != .png || viewport != nil || isSheet {
            throw InvalidOption("--parts cuts one text size's whole page into PNG parts; it does not go with --viewport, --category all or --format \(format.rawValue)")
        }
        let file = FilePath(document)
        let name = "\(file.stem ?? file.lastComponent?.string ?? "document")-\(isSheet ? "all" : categories[0].shortName).\(format.rawValue)"
        var files = PreviewFiles(format: format, categories: categories, isSheet: isSheet,
                                 path: output ?? file.removingLastComponent().appending(name).string)
        (files.viewport, files.offset, files.scale) = (viewport, offset, scale)
        files.allowsParts = output == nil || parts
        files.protecting = [document]
        return (files, width)
    }

    private func resolvedFormat() throws(InvalidOption) -> PreviewFiles.Format {
        if let format { return format }
        guard let output, let outputExtension = FilePath(output).extension?.lowercased(), !outputExtension.isEmpty else { return .png }
        guard let named = PreviewFiles.Format(rawValue: outputExtension) else {
            throw InvalidOption("cannot tell the format from '.\(outputExtension)'; give --format png, svg or json")
        }
        return named
    }

    private func resolvedViewport() throws(InvalidOption) -> Size? {
        guard let text = viewport else {
            if offset != nil { throw InvalidOption("--offset needs --viewport (the screen it scrolls)") }
            return nil
        }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw InvalidOption("--viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '\(text)'")
        }
        try Limits.requireAtMost(w, "--viewport's width")
        try Limits.requireAtMost(h, "--viewport's height")
        if let width, width != w {
            throw InvalidOption("--width \(Limits.describe(width)) and --viewport \(text) disagree; give one width")
        }
        return Size(width: w, height: h)
    }
}
