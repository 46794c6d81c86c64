import Images
import Reflow
import TextMetrics

/// The decoded images of one run's previews: each file a picture names (`Picture.file`, set by
/// the reader that probed it) decoded once, within `limits`, however many sizes, screens or
/// parts draw it, and kept for the run. A file that fails to decode (changed since it was probed,
/// damaged past its header) is remembered as failed, drawn as a placeholder, and warned about
/// once (`warnings`). Shared by the threads of a category sweep: decoding is under a lock, so a
/// file is never decoded twice at once.
public final class PictureStore: Sendable {
    /// What a file may cost to decode.
    public let limits: ImageLimits

    private struct State {
        var images: [String: RGBAImage?] = [:]
        var decodes = 0
        var warnings: [String] = []
    }

    private let state = Locked(State())

    public init(limits: ImageLimits = .default) {
        self.limits = limits
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
                let image = RGBAImage(try ImageDecoder.decode(path: file, limits: limits).bitmap)
                state.images[file] = image
                return image
            } catch {
                state.images[file] = .some(nil)
                let place = line.map { " (line \($0))" } ?? ""
                state.warnings.append("image '\(picture.source)'\(place) is drawn as a placeholder: \(error.description)")
                return nil
            }
        }
    }

    /// Files decoded so far (each once, failures included).
    public var decodes: Int { state.withLock { $0.decodes } }

    /// What went wrong decoding, one sentence per file, in the order it was found.
    public var warnings: [String] { state.withLock { $0.warnings } }
}
