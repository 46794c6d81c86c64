import Foundation
@testable import Images
import Testing

/// Where references point: inside the document's folder tree only, links resolved, URLs never
/// touched.
@Suite struct ImageSourceTests {
    /// A document folder `docs` with images, beside a folder `outside` the document must not reach.
    struct Tree {
        let folder: TemporaryFolder
        let docs: String
        let outside: String

        init() throws {
            folder = try TemporaryFolder()
            let png = TestPNG(width: 2, height: 2, colorType: 0, bitDepth: 8) { _, _ in [0] }.encoded()
            try folder.write("docs/images/inside.png", png)
            docs = folder.at("docs")
            outside = try folder.write("outside/secret.png", png)
            try folder.write("docs/my photo.png", png)
        }

        func resolve(_ reference: String, allowOutside: Bool = false) -> ImageSource {
            ImageSource.resolve(reference, documentFolder: docs, allowOutside: allowOutside)
        }

        func real(_ path: String) -> String { ImageSource.realPath(path) ?? path }
    }

    @Test func relativePathsInsideResolve() throws {
        let tree = try Tree()
        let expected = ImageSource.local(path: tree.real(tree.docs + "/images/inside.png"))
        #expect(tree.resolve("images/inside.png") == expected)
        #expect(tree.resolve("./images/../images/inside.png") == expected)
        #expect(tree.resolve("  images/inside.png?raw=true#top ") == expected)
        #expect(tree.resolve("my%20photo.png") == .local(path: tree.real(tree.docs + "/my photo.png")))
        #expect(tree.resolve(tree.docs + "/images/inside.png") == expected)
    }

    @Test func climbingOutIsRefused() throws {
        let tree = try Tree()
        #expect(tree.resolve("../outside/secret.png") == .refused(.outsideDocumentFolder("../outside/secret.png")))
        #expect(tree.resolve("images/../../outside/secret.png") == .refused(.outsideDocumentFolder("images/../../outside/secret.png")))
        #expect(tree.resolve("%2e%2e/outside/secret.png") == .refused(.outsideDocumentFolder("../outside/secret.png")))
        #expect(tree.resolve(tree.outside) == .refused(.outsideDocumentFolder(tree.outside)))
        #expect(tree.resolve("/etc/passwd") == .refused(.outsideDocumentFolder("/etc/passwd")))
        // Refused whether or not the file is there: nothing about the outside is revealed.
        #expect(tree.resolve("../outside/absent.png") == .refused(.outsideDocumentFolder("../outside/absent.png")))
        // Allowed, the same references resolve.
        #expect(tree.resolve("../outside/secret.png", allowOutside: true) == .local(path: tree.real(tree.outside)))
        #expect(tree.resolve("../outside/absent.png", allowOutside: true) == .missing(path: tree.real(tree.folder.path) + "/outside/absent.png"))
    }

    @Test func linksPointingOutAreRefused() throws {
        let tree = try Tree()
        try tree.folder.link("docs/escape.png", to: tree.outside)
        try tree.folder.link("docs/away", to: (tree.outside as NSString).deletingLastPathComponent)
        try tree.folder.link("docs/near.png", to: tree.docs + "/images/inside.png")
        #expect(tree.resolve("escape.png") == .refused(.outsideDocumentFolder("escape.png")))
        #expect(tree.resolve("away/secret.png") == .refused(.outsideDocumentFolder("away/secret.png")))
        #expect(tree.resolve("near.png") == .local(path: tree.real(tree.docs + "/images/inside.png")))
        #expect(tree.resolve("escape.png", allowOutside: true) == .local(path: tree.real(tree.outside)))
        // A document folder reached through a link is the folder it names.
        let linkedDocs = try tree.folder.link("docs-link", to: tree.docs)
        #expect(ImageSource.resolve("images/inside.png", documentFolder: linkedDocs) == .local(path: tree.real(tree.docs + "/images/inside.png")))
    }

    @Test func missingDirectoriesAndBadEscapes() throws {
        let tree = try Tree()
        #expect(tree.resolve("images/absent.png") == .missing(path: tree.real(tree.docs) + "/images/absent.png"))
        try tree.folder.link("docs/dangling.png", to: tree.folder.path + "/nowhere.png")
        #expect(tree.resolve("dangling.png") == .missing(path: tree.real(tree.docs) + "/dangling.png"))
        #expect(tree.resolve("images") == .refused(.notARegularFile("images")))
        #expect(tree.resolve("") == .refused(.emptyReference))
        #expect(tree.resolve("x%00.png") == .refused(.invalidPath("x%00.png")))
        #expect(tree.resolve("x%zz.png") == .refused(.invalidPath("x%zz.png")))
        #expect(ImageSource.resolve("x.png", documentFolder: tree.folder.path + "/no-such-folder")
            == .refused(.documentFolderUnavailable(tree.folder.path + "/no-such-folder")))
    }

    /// URLs are remote whatever they name, and nothing is opened for them, not even for a
    /// `file:` URL of a real file.
    @Test func urlsAreRemoteAndNeverTouched() throws {
        let tree = try Tree()
        let references = ["https://example.com/a.png", "http://127.0.0.1:1/a.png", "HTTPS://EXAMPLE.COM/A.PNG", "//cdn.example.com/a.png",
                          "data:image/png;base64,iVBORw0KGgo=", "file://" + tree.outside, "ftp://example.com/a.png", "mailto:x@example.com"]
        let counter = ImageIOCounter()
        ImageIOCounter.$current.withValue(counter) {
            for reference in references {
                let source = tree.resolve(reference)
                #expect(source == .remote(url: reference))
                #expect(source.decode() == .placeholder(ImagePlaceholder(reason: .remote(url: reference))))
                #expect(source.probe().placeholder?.warning == nil)
            }
        }
        #expect(counter.counts == ImageIOCounter.Counts())
    }

    @Test func outcomesOfLocalFiles() throws {
        let tree = try Tree()
        let decoded = tree.resolve("images/inside.png").decode()
        #expect(decoded.value?.bitmap.width == 2)
        #expect(tree.resolve("images/inside.png").probe().value?.height == 2)
        try tree.folder.write("docs/notes.png", Array("hello".utf8))
        let failed = tree.resolve("notes.png").decode()
        let path = tree.real(tree.docs + "/notes.png")
        #expect(failed == .placeholder(ImagePlaceholder(reason: .failed(path: path, .notAnImage))))
        #expect(failed.placeholder?.warning == "image \(path): \(ImageError.notAnImage.description)")
        #expect(tree.resolve("../outside/secret.png").decode().placeholder?.warning?.contains("--allow-images-outside") == true)
        #expect(tree.resolve("absent.png").probe().placeholder?.warning?.contains("not found") == true)
    }
}
