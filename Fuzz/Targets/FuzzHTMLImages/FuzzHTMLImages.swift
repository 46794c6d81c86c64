import FuzzSupport
import Images
import Readers
import Reflow

/// HTML inside Markdown and the images documents draw (issue 24, "Also"): raw HTML goes through
/// cmark-gfm and libxml2's HTML parser into the document's blocks; PNG and JPEG bytes through
/// libpng and libjpeg-turbo within `ImageLimits`. Nothing may crash, hang or allocate beyond the
/// limits; every block shows something; an image is an error value or pixels that agree with its
/// header.
///
/// The first byte chooses: even, the rest is HTML, set in a Markdown document as an HTML block,
/// inline in a paragraph and inside a list item (the three places READMEs put it); odd, the rest
/// is an image file, probed, decoded and resampled to a size the next bytes choose.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLImages(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    if input.byte() & 1 == 0 {
        html(String(decoding: input.rest(), as: UTF8.self))
    } else {
        let width = input.int(in: 1...64), height = input.int(in: 1...64)
        image(input.rest(), width: width, height: height)
    }
    return 0
}

/// `fragment` in the three places of a document; every block shows something.
private func html(_ fragment: String) {
    for text in ["\(fragment)\n\nAfter.\n", "Before \(fragment) after.\n", "- item\n\n  \(fragment)\n"] {
        let document: Document
        do {
            document = try Document(text: text, format: .commonMark)
        } catch {
            require(false, "the document could not be read: \(error)")
            return
        }
        requireDocumentInvariants(document)
    }
}

/// Limits far below the defaults, so a run costs little: what matters is that they hold.
private let limits = ImageLimits(maxFileBytes: 64 << 10, maxPixels: 1 << 20, maxDimension: 4_096, maxJPEGScans: 20)

/// `bytes` as an image file: the probe and the decoder agree, the pixels are exactly the header's
/// size, and resampling gives exactly what was asked.
private func image(_ bytes: [UInt8], width: Int, height: Int) {
    let probed: ImageInfo
    do {
        probed = try ImageProbe.probe(bytes: bytes, limits: limits)
    } catch {
        require(!error.description.isEmpty, "an image error that says nothing")
        return
    }
    require(probed.width > 0 && probed.height > 0, "a probed image without area: \(probed)")
    let decoded: DecodedImage
    do {
        decoded = try ImageDecoder.decode(bytes: bytes, limits: limits)
    } catch {
        require(!error.description.isEmpty, "an image error that says nothing")
        return
    }
    require(decoded.info.width == probed.width && decoded.info.height == probed.height && decoded.info.format == probed.format,
            "the probe said \(probed), the decoder \(decoded.info)")
    let bitmap = decoded.bitmap
    require(bitmap.width == probed.width && bitmap.height == probed.height && bitmap.pixels.count == bitmap.width * bitmap.height * 4,
            "pixels for \(bitmap.width)×\(bitmap.height): \(bitmap.pixels.count) bytes")
    do {
        let resampled = try ImageResampler.resample(bitmap, width: width, height: height, limits: limits)
        require(resampled.width == width && resampled.height == height && resampled.pixels.count == width * height * 4,
                "resampled to \(resampled.width)×\(resampled.height), asked \(width)×\(height)")
    } catch {
        require(false, "resampling a decoded image threw \(error)")
    }
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzHTMLImages_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzHTMLImages)
}
