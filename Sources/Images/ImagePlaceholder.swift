/// An image that is not drawn, and why: drawn as a placeholder (its alt text in a box, say).
public struct ImagePlaceholder: Sendable, Equatable {
    /// Why the image is not drawn.
    public enum Reason: Sendable, Equatable {
        /// A URL, never fetched.
        case remote(url: String)
        /// No file at the path.
        case missing(path: String)
        /// The reference is not followed.
        case refused(ImageRefusal)
        /// The file was read and refused.
        case failed(path: String, ImageError)
    }

    /// Why.
    public var reason: Reason

    /// A placeholder for `reason`.
    public init(reason: Reason) {
        self.reason = reason
    }

    /// What to tell the user, or nil for a remote image: drawing those as placeholders is the
    /// design, not a fault of the document.
    public var warning: String? {
        switch reason {
        case .remote: nil
        case .missing(let path): "image \(path) not found; check the path (relative to the document's folder)"
        case .refused(let refusal): refusal.description
        case .failed(let path, let error): "image \(path): \(error.description)"
        }
    }
}

/// What following an image reference gave: the value asked for, or a placeholder.
public enum ImageOutcome<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The header or image.
    case ready(Value)
    /// Nothing to draw but a placeholder.
    case placeholder(ImagePlaceholder)

    /// The value, if ready.
    public var value: Value? {
        if case .ready(let value) = self { return value }
        return nil
    }

    /// The placeholder, if not ready.
    public var placeholder: ImagePlaceholder? {
        if case .placeholder(let placeholder) = self { return placeholder }
        return nil
    }
}

extension ImageSource {
    /// The image's header (`ImageProbe`) for a local file; a placeholder for anything else, or a
    /// file the probe refuses.
    public func probe(limits: ImageLimits = .default) -> ImageOutcome<ImageInfo> {
        follow { path throws(ImageError) in try ImageProbe.probe(path: path, limits: limits) }
    }

    /// The decoded image (`ImageDecoder`) for a local file; a placeholder for anything else, or a
    /// file the decoder refuses.
    public func decode(limits: ImageLimits = .default) -> ImageOutcome<DecodedImage> {
        follow { path throws(ImageError) in try ImageDecoder.decode(path: path, limits: limits) }
    }

    private func follow<Value>(_ read: (String) throws(ImageError) -> Value) -> ImageOutcome<Value> {
        switch self {
        case .remote(let url): return .placeholder(ImagePlaceholder(reason: .remote(url: url)))
        case .missing(let path): return .placeholder(ImagePlaceholder(reason: .missing(path: path)))
        case .refused(let refusal): return .placeholder(ImagePlaceholder(reason: .refused(refusal)))
        case .local(let path):
            do throws(ImageError) {
                return .ready(try read(path))
            } catch {
                return .placeholder(ImagePlaceholder(reason: .failed(path: path, error)))
            }
        }
    }
}
