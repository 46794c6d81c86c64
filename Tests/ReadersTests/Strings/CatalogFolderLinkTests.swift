import Foundation
import Readers
import Testing

/// A folder of links to an app's `*.lproj` folders (`ln -s ../App/Resources/de.lproj`, a natural
/// way to lay a screen beside an app's strings without copying them) is read as empty, since
/// links are not followed. The error says so and names the links; before, it said only that the
/// folder held no `.strings` file in a `*.lproj` folder, which looked false to whoever listed it.
@Suite struct CatalogFolderLinkTests {
    @Test func aFolderOfLinksSaysTheLinksAreNotFollowed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strings-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App"), screen = root.appendingPathComponent("Screen")
        for language in ["de", "en"] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
            try Data("\"title\" = \"\(language)\";".utf8).write(to: app.appendingPathComponent("\(language).lproj/Localizable.strings"))
        }
        try FileManager.default.createDirectory(at: screen, withIntermediateDirectories: true)
        for language in ["de", "en"] {
            try FileManager.default.createSymbolicLink(atPath: screen.appendingPathComponent("\(language).lproj").path,
                                                       withDestinationPath: app.appendingPathComponent("\(language).lproj").path)
        }
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: screen.path, maximumBytes: 1 << 20) }
        #expect(error.description == "\(screen.path): holds no .xcstrings file and no .strings or .stringsdict file in a *.lproj folder; "
            + "give the folder that holds them; its links (de.lproj, en.lproj) are not followed: copy what they point to into the folder, or name that folder")
        // The folder they point to reads.
        #expect(try StringCatalogReader.catalogs(at: app.path, maximumBytes: 1 << 20)["Localizable"]?.languages == ["de", "en"])
    }
}
