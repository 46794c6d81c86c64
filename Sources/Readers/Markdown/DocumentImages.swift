import Images
import Reflow
import TextMetrics

/// How a document read from a file finds its images: the folder its relative references start
/// from, whether a reference may lead outside that folder's tree (`--allow-images-outside`), and
/// the limits a file must be within to be drawn from its pixels.
public struct DocumentImages: Sendable, Equatable {
    /// The document's folder.
    public var folder: String
    /// Follow references outside `folder`'s tree too.
    public var allowOutside: Bool
    /// What a file may cost; one beyond them is a placeholder.
    public var limits: ImageLimits

    public init(folder: String, allowOutside: Bool = false, limits: ImageLimits = .default) {
        self.folder = folder
        self.allowOutside = allowOutside
        self.limits = limits
    }

    /// The images of a document read from the file at `path`: its folder is the path's (the
    /// current folder for a bare name).
    public init(documentPath path: String, allowOutside: Bool = false, limits: ImageLimits = .default) {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        self.init(folder: folder, allowOutside: allowOutside, limits: limits)
    }

    /// What became of the images of a document.
    public struct Resolution: Sendable {
        /// The document, each picture whose file was found and probed given its `naturalSize`
        /// (its pixels as points, one pixel one point: `ImageFit`'s rule) and its `file`.
        public var document: Document
        /// One sentence per image drawn as a placeholder through a fault of the document (a
        /// remote image is a placeholder by design and says nothing), naming the reference, its
        /// line and the reason.
        public var warnings: [String]
        /// Distinct files probed (each once, however often the document shows it).
        public var filesProbed: Int
    }

    /// `document` with its pictures resolved against `folder` (never a URL fetched: `ImageSource`)
    /// and probed from their headers alone (`ImageProbe`), each distinct file once however many
    /// references (and spellings of its path) show it.
    public func resolve(_ document: Document) -> Resolution {
        var document = document
        var sources: [String: ImageSource] = [:]
        var probes: [String: ImageOutcome<ImageInfo>] = [:]
        var warnings: [String] = []
        var warned: Set<String> = []
        for section in document.sections.indices {
            for index in document.sections[section].blocks.indices {
                let block = document.sections[section].blocks[index]
                guard case .pictures(var pictures)? = block.content else { continue }
                for position in pictures.indices {
                    let reference = pictures[position].source
                    let source = sources[reference] ?? ImageSource.resolve(reference, documentFolder: folder, allowOutside: allowOutside)
                    sources[reference] = source
                    let outcome: ImageOutcome<ImageInfo>
                    if case .local(let path) = source {
                        outcome = probes[path] ?? source.probe(limits: limits)
                        probes[path] = outcome
                        pictures[position].file = path
                    } else {
                        outcome = source.probe(limits: limits)  // a placeholder, opening nothing
                    }
                    switch outcome {
                    case .ready(let info):
                        pictures[position].naturalSize = Size(width: Double(info.width), height: Double(info.height))
                    case .placeholder(let placeholder):
                        pictures[position].file = nil
                        guard let reason = Self.reason(placeholder), warned.insert(reference).inserted else { continue }
                        warnings.append(Self.warning(reference: reference, line: block.sourceLine, reason: reason))
                    }
                }
                document.sections[section].blocks[index].content = .pictures(pictures)
            }
        }
        return Resolution(document: document, warnings: warnings, filesProbed: probes.count)
    }

    /// What a user is told about an image drawn as a placeholder: `image 'x.png' (line 12) is
    /// drawn as a placeholder: <what is wrong; what to do>`.
    public static func warning(reference: String, line: Int?, reason: String) -> String {
        "image '\(reference)'\(line.map { " (line \($0))" } ?? "") is drawn as a placeholder: \(reason)"
    }

    /// Why an image is a placeholder, with what to do; nil for a remote image.
    static func reason(_ placeholder: Images.ImagePlaceholder) -> String? {
        switch placeholder.reason {
        case .remote: nil
        case .missing(let path): "there is no file at \(path); check the path (relative to the document's folder)"
        case .refused(let refusal): refusal.description
        case .failed(_, let error): error.adviceForFile
        }
    }
}
