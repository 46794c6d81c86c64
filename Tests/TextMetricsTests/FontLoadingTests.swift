import BundledFonts
import Foundation
import Testing
@testable import TextMetrics

/// The bundled faces load from the repository's Fonts/, and every way loading can fail is a typed
/// error whose message says what to do.
@Suite struct FontLoadingTests {
    @Test func theLibraryFindsThePackagesFontResourceNotTheSystemsFonts() throws {
        let library = try FontLibrary()
        let found = URL(fileURLWithPath: library.directory).resolvingSymlinksInPath().standardizedFileURL.path
        // The resource bundle SwiftPM copied beside the test bundle, holding the same faces as the
        // checkout's Fonts/, whatever REFLOW_FONTS says (the library reads no environment).
        #expect(found.hasSuffix(BundledFonts.bundleSuffix), "\(found)")
        for typeface in Typeface.all {
            let bundled = FileManager.default.contents(atPath: (found as NSString).appendingPathComponent(typeface.fileName))
            let source = FileManager.default.contents(atPath: (Support.fontsDirectory as NSString).appendingPathComponent(typeface.fileName))
            #expect(bundled != nil && bundled == source, "\(typeface.fileName)")
        }
        #expect(FileManager.default.fileExists(atPath: (found as NSString).appendingPathComponent("OFL.txt")), "the licence travels with the faces")
        #expect(!found.hasPrefix("/usr/share/fonts"))
        #expect(FileManager.default.fileExists(atPath: (library.directory as NSString).appendingPathComponent(FontLibrary.markerFile)))
    }

    @Test(arguments: Typeface.all)
    func everyBundledFaceLoads(_ typeface: Typeface) throws {
        let library = try FontLibrary(directory: Support.fontsDirectory)
        let font = try library.font(typeface)
        #expect((font.path as NSString).lastPathComponent == typeface.fileName)
        #expect(font.typeface == typeface)
        #expect(font.familyName.hasPrefix(typeface.opticalSize == .text ? "Inter" : "Inter Display"), "\(font.familyName)")
        #expect(font.unitsPerEm == (typeface.opticalSize == .text ? 2816 : 2048))
        #expect(font.ascender > 0)
        #expect(font.descender < 0)
        #expect(font.glyphCount > 1000)
        #expect(font.styleName.contains("Italic") == typeface.italic, "\(font.styleName)")
        // A face is loaded once and then served from the library.
        #expect(try library.font(typeface) === font)
    }

    @Test func aMissingFontFileIsUnreadable() throws {
        let library = try FontLibrary(directory: Support.fontsDirectory)
        let path = Support.fontsDirectory + "/Nope-Regular.otf"
        do {
            _ = try library.font(atPath: path)
            Issue.record("loaded a file that does not exist")
        } catch let error as TextMetricsError {
            guard case .fontFileUnreadable(let reported, _) = error else {
                Issue.record("expected .fontFileUnreadable, got \(error)")
                return
            }
            #expect(reported == path)
            #expect(error.description.contains(path))
            #expect(error.description.contains("no such file"))
            #expect(error.description.contains("check the path"))
        }
    }

    @Test func aFileThatIsNotAFontIsRejected() throws {
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.otf")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data("this is not a font\n".utf8) + Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: garbage)
        let empty = directory.appendingPathComponent("empty.ttf")
        try Data().write(to: empty)

        let library = try FontLibrary(directory: Support.fontsDirectory)
        for url in [garbage, empty] {
            do {
                _ = try library.font(atPath: url.path)
                Issue.record("\(url.lastPathComponent) loaded as a font")
            } catch let error as TextMetricsError {
                guard case .notAFont(let path, _) = error else {
                    Issue.record("expected .notAFont for \(url.lastPathComponent), got \(error)")
                    continue
                }
                #expect(path == url.path)
                #expect(error.description.contains(url.path))
                #expect(error.description.contains("pass an OpenType or TrueType file"))
            }
        }
    }

    @Test func aBundledFaceMissingFromTheFolderIsUnreadable() throws {
        // A folder that looks like a fonts folder (it has the marker file) but lacks a face.
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: Support.fontsDirectory + "/Inter-Regular.otf",
                                         toPath: directory.appendingPathComponent("Inter-Regular.otf").path)
        let library = try FontLibrary(directory: directory.path)
        #expect(try library.font(Typeface(opticalSize: .text, weight: .regular)).unitsPerEm == 2816)
        #expect {
            try library.font(Typeface(opticalSize: .display, weight: .bold))
        } throws: { error in
            guard case .fontFileUnreadable(let path, _) = error as? TextMetricsError else { return false }
            return path.hasSuffix("InterDisplay-Bold.otf")
        }
    }

    @Test func aMissingFontsDirectoryIsReportedWithWhereItLookedAndWhatToDo() throws {
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for candidate in [directory.appendingPathComponent("does-not-exist").path, directory.path] {
            do {
                _ = try FontLibrary(directory: candidate)
                Issue.record("found fonts in \(candidate)")
            } catch let error as TextMetricsError {
                #expect(error == .fontsNotFound(searched: [candidate]))
                #expect(error.description.contains(candidate))
                #expect(error.problem == "cannot find the bundled fonts (Inter-Regular.otf) in: \(candidate)")
                #expect(!error.description.contains("REFLOW_FONTS"), "the library names no environment variable: it reads none")
                #expect(!error.description.contains("--"), "the library names no option of a program")
                #expect(error.description.contains("Inter-Regular.otf"))
            }
        }
    }

    @Test func theSearchEndsWithTheCheckoutsFonts() {
        let candidates = FontLibrary.candidateDirectories(explicit: nil)
        let checkout = URL(fileURLWithPath: Support.fontsDirectory).standardizedFileURL.path
        // A binary built in the checkout reaches its Fonts climbing up; one elsewhere finds it last.
        #expect(candidates.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.contains(checkout))
        let elsewhere = FontLibrary.candidateDirectories(explicit: nil, executable: "/tmp")
        #expect(URL(fileURLWithPath: elsewhere.last ?? "").standardizedFileURL.path == checkout)
        #expect(FontLibrary.candidateDirectories(explicit: "/x/Fonts") == ["/x/Fonts"], "an explicit folder is the only one tried")
        for executable in ["/tmp", "/", "/usr/local/bin", "/a/b/c/d/e/f/g/h"] {
            let searched = FontLibrary.candidateDirectories(explicit: nil, executable: executable)
            let standardized = searched.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            #expect(Set(standardized).count == standardized.count,
                    "a binary in \(executable): no folder searched twice (one in /tmp listed /Fonts five times): \(searched)")
            #expect(searched.contains("\(executable == "/" ? "" : executable)/Fonts"), "its own folder's Fonts first: \(searched)")
        }
        #expect(!candidates.contains(ProcessInfo.processInfo.environment["REFLOW_FONTS"] ?? "\u{0}"),
                "REFLOW_FONTS is ReflowKit's to read, not the library's")
    }

    @Test func errorMessagesAreOneLine() {
        let errors: [TextMetricsError] = [
            .fontsNotFound(searched: ["/a", "/b"]),
            .fontFileUnreadable(path: "/a/b.otf", reason: "no such file"),
            .notAFont(path: "/a/b.otf", reason: "unknown file format"),
            .lineBreakerUnavailable(reason: "U_MISSING_RESOURCE_ERROR"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains(";"), "says what was wrong; then what to do: \(error)")
        }
    }
}
