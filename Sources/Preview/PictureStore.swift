import Images
import Reflow
import TextMetrics

/// The decoded images of one run's previews: each file a picture names (`Picture.file`, set by
/// the reader that probed it) decoded once, within `limits`, however many sizes, screens or
/// parts draw it, and kept for the run. A file that fails to decode (changed since it was probed,
/// damaged past its header) is remembered as failed, drawn as a placeholder, and warned about
/// once (`warnings`). Shared by the threads of a category sweep: decoding is under a lock, so a
/// file is never decoded twice at once.
///
/// An image wider than `maximumWidth` pixels is kept resampled down to that width (its aspect
/// kept): a picture is never drawn wider than its column, so a page of photos holds what it
/// draws, not every photo's full resolution.
public final class PictureStore: Sendable {
    /// What a file may cost to decode.
    public let limits: ImageLimits
    /// The widest image kept, in pixels.
    public let maximumWidth: Int

    private struct State {
        var images: [String: RGBAImage?] = [:]
        var decodes = 0
        var warnings: [String] = []
        var heldBytes = 0
    }

    private let state = Locked(State())

    /// A store decoding within `limits`, keeping images at most `maximumWidth` pixels wide: the
    /// widest a column is drawn (a 390 pt screen at scale 4 is 1,560 px; the default allows
    /// for a 1,024 pt container at scale 4).
    public init(limits: ImageLimits = .default, maximumWidth: Int = 4_096) {
        self.limits = limits
        self.maximumWidth = max(1, maximumWidth)
    }

    /// The pixels of `picture`'s file, decoded the first time it is asked for; nil for a picture
    /// without a file or one that does not decode. `line`, the document's line the picture is on,
    /// goes into the warning.
    public func image(for picture: Picture, line: Int? = nil) -> RGBAImage? {
        guard let file = picture.file else { return nil }
        return state.withLock { state in
            if let known = state.images[file] { return known }
            state.decodes += 1
            do throws(ImageError) {
                var bitmap = try ImageDecoder.decode(path: file, limits: limits).bitmap
                if bitmap.width > maximumWidth {
                    let height = max(1, Int((Double(bitmap.height) * Double(maximumWidth) / Double(bitmap.width)).rounded()))
                    // Fewer pixels than were just decoded within the limits.
                    bitmap = try ImageResampler.resample(bitmap, width: maximumWidth, height: height,
                                                         limits: ImageLimits(maxPixels: .max, maxDimension: .max))
                }
                let image = RGBAImage(bitmap)
                state.images[file] = image
                state.heldBytes += image.pixels.count
                return image
            } catch {
                state.images[file] = .some(nil)
                let place = line.map { " (line \($0))" } ?? ""
                state.warnings.append("image '\(picture.source)'\(place) is drawn as a placeholder: \(error.adviceForFile)")
                return nil
            }
        }
    }

    /// Files decoded so far (each once, failures included).
    public var decodes: Int { state.withLock { $0.decodes } }

    /// The bytes of the pixels kept.
    public var heldBytes: Int { state.withLock { $0.heldBytes } }

    /// What went wrong decoding, one sentence per file, in the order it was found.
    public var warnings: [String] { state.withLock { $0.warnings } }
}
