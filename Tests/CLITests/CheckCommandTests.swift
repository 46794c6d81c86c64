import Foundation
import Testing

/// `reflow-cli check` as a user's CI runs it: record goldens once, pass while nothing changes,
/// fail after a one-word edit, naming the sizes and the cell that changed.
@Suite struct CheckCommandTests {
    static let document = """
        # Settings

        Text size follows the reader.

        A paragraph long enough to wrap onto a second line at the larger text sizes, and further.

        ## More

        The last paragraph stays as it is.
        """

    @Test func checkPassesOnItsGoldensAndNamesWhatAOneWordEditMoved() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("goldens").path

        let record = try CLI.run(["check", file, "--goldens", goldens, "--record"])
        try #require(record.status == 0, "\(record)")
        let recorded = try FileManager.default.contentsOfDirectory(atPath: goldens).sorted()
        #expect(recorded == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
            .map { "doc-\($0).json" }.sorted())

        let unchanged = try CLI.run(["check", file, "--goldens", goldens])
        #expect(unchanged.status == 0, "\(unchanged)")
        #expect(unchanged.output.hasPrefix("check passed: doc.md matches its goldens at 12 size(s)"), "\(unchanged.output)")

        // One word longer: the third cell needs another line at some sizes, never fewer.
        _ = try CLI.write(Self.document.replacingOccurrences(of: "and further.", with: "and considerably further."),
                          to: "doc.md", in: folder)
        let edited = try CLI.run(["check", file, "--goldens", goldens])
        #expect(edited.status == 1, "\(edited)")
        #expect(!edited.crashed)
        #expect(edited.output.hasPrefix("check failed: doc.md changed at "), "\(edited.output)")
        #expect(edited.output.contains("cell 0.2 (paragraph \"A paragraph long enough"), "the edited cell is named: \(edited.output)")
        #expect(!edited.output.contains("cell 0.1 "), "the cell above the edit did not change: \(edited.output)")
        #expect(edited.output.contains("below moved by"), "the cells below are reported as moved: \(edited.output)")
        #expect(edited.stderr.contains("re-record with --record"), "\(edited.stderr)")
        // The sizes named on stderr are exactly those listed in the report.
        let named = edited.stderr.components(separatedBy: "at ").last?.components(separatedBy: ";").first?
            .components(separatedBy: ", ") ?? []
        #expect(!named.isEmpty)
        for size in named { #expect(edited.output.contains("  \(Self.displayName(size)):"), "\(size) not in \(edited.output)") }
    }

    @Test func checkWithoutGoldensSaysHowToRecordThem() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["check", file, "--goldens", folder.appendingPathComponent("none").path])
        #expect(result.status != 0)
        #expect(!result.crashed)
        #expect(result.stderr.contains("--record"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    static func displayName(_ shortName: String) -> String {
        ["xs": "xS", "s": "S", "m": "M", "l": "L", "xl": "xL", "xxl": "xxL", "xxxl": "xxxL",
         "ax1": "AX1", "ax2": "AX2", "ax3": "AX3", "ax4": "AX4", "ax5": "AX5"][shortName] ?? shortName
    }
}
