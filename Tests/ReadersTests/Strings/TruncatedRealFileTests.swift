import Foundation
import Readers
import Testing
import TestSupport

/// Real string files cut short, as a partial copy or download leaves them: the error names the
/// file and a line to look at. A `.stringsdict` cut short named no line (Foundation's "Encountered
/// unexpected EOF" says none); it now names the file's end, as a catalog's JSON does. Lines
/// counted with Python (`bytes[:n].count(b"\n") + 1`).
@Suite struct TruncatedRealFileTests {
    static func error(_ path: String, keeping count: Int, as file: String) throws -> String {
        let bytes = try Data(contentsOf: UnseenCatalogTests2.corpus.appendingPathComponent(path))
        #expect(bytes.count > count)
        do {
            _ = try StringCatalogReader.catalog(bytes: Array(bytes.prefix(count)), file: file)
        } catch let error as StringCatalogError {
            return error.description
        }
        Issue.record("\(path) cut to \(count) bytes was read")
        return ""
    }

    @Test func aStringsdictCutShortNamesItsEnd() throws {
        let message = try Self.error("element-hq--element-x-ios/ru.lproj/Localizable.stringsdict", keeping: 5000,
                                     as: "ru.lproj/Localizable.stringsdict")
        #expect(message.hasPrefix("ru.lproj/Localizable.stringsdict: line 171, the end of the file: ends before its property list does"),
                "\(message)")
        #expect(message.contains("the file is cut short"))
    }

    @Test func aStringsFileCutInAStringNamesTheLineItOpened() throws {
        let message = try Self.error("home-assistant--iOS/en.lproj/Localizable.strings", keeping: 3000, as: "en.lproj/Localizable.strings")
        #expect(message.hasPrefix("en.lproj/Localizable.strings: line 46: the string opened here has no closing quote"), "\(message)")
    }
}
