import Foundation
import TestSupport
import Testing

/// Every shape of the layout JSON that reflow writes validates against its published schema,
/// docs/layout-json.schema.json, checked by a maintained validator (Python's jsonschema, draft
/// 2020-12, through scripts/validate-layout-json.py) rather than by our own reading of it: the
/// goldens in the repository, goldens `check --record` writes (with their fonts), the documents of
/// `layout` for every bundled example, and `preview --format json` at one size and at several.
/// The validator is shown to reject what the schema forbids, so a pass means something.
///
/// Needs jsonschema in the test tools' virtual environment (scripts/python-tools.sh; REFLOW_PYTHON
/// names another python); skipped loudly without it, a failure in CI or with REFLOW_REQUIRE_PEERS=1.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct LayoutJSONSchemaTests {
    static let validator = CLI.repository.appendingPathComponent("scripts/validate-layout-json.py").path

    static let missing: String? = {
        switch Prerequisites.python(Prerequisites.testPython, succeedsAt: "import jsonschema") {
        case nil: return Prerequisites.skipped("LayoutJSONSchemaTests", "no \(Prerequisites.testPython) (bash scripts/python-tools.sh)")
        case false: return Prerequisites.skipped("LayoutJSONSchemaTests", "\(Prerequisites.testPython) has no jsonschema (bash scripts/python-tools.sh)")
        case true: return nil
        }
    }()

    @Test func prerequisitesArePresentWhereTheyAreRequired() {
        if let missing = Self.missing, Prerequisites.areRequired { Issue.record("\(missing); required here (CI or REFLOW_REQUIRE_PEERS=1)") }
    }

    /// Runs the validator on `paths` (files or folders): its exit status and what it printed.
    static func validate(_ paths: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Prerequisites.testPython)
        process.arguments = [validator] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.enabled(if: LayoutJSONSchemaTests.missing == nil, "SKIPPED: jsonschema is missing (see stdout)"))
    func everyLayoutJSONReflowWritesValidates() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLI.repository.appendingPathComponent("Examples")
        let documents = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { ["md", "txt", "json"].contains(($0 as NSString).pathExtension) }.sorted()
        #expect(documents.count >= 10, "\(documents)")
        for document in documents {
            let path = examples.appendingPathComponent(document).path
            let result = try CLI.run(["layout", path, "--category", document == "welcome.md" ? "all" : "ax5", "--quiet",
                                      "-o", folder.appendingPathComponent(document + ".layout.json").path])
            #expect(result.status == 0, "\(document): \(result)")
        }
        let welcome = examples.appendingPathComponent("welcome.md").path
        for (name, arguments) in [("one.json", ["--category", "l"]), ("all.json", ["--category", "all"])] {
            let result = try CLI.run([welcome, "--format", "json", "--quiet", "-o", folder.appendingPathComponent(name).path] + arguments)
            #expect(result.status == 0, "\(name): \(result)")
        }
        let screen = examples.appendingPathComponent("store.json").path
        let screenResult = try CLI.run(["layout", screen, "--category", "ax5", "--viewport", "390x844", "--offset", "300", "--quiet",
                                        "-o", folder.appendingPathComponent("screen.layout.json").path])
        #expect(screenResult.status == 0, "\(screenResult)")
        let recorded = try CLI.run(["check", welcome, "--goldens", folder.appendingPathComponent("goldens").path, "--record", "--quiet"])
        #expect(recorded.status == 0, "\(recorded)")

        let written = try Self.validate([folder.path])
        #expect(written.status == 0, "\(written.output)")
        #expect(written.output.hasSuffix("\(documents.count + 3 + 12) files, 0 violations\n"), "\(written.output)")
        let goldens = try Self.validate([CLI.repository.appendingPathComponent("Tests/ReflowTests/Goldens").path])
        #expect(goldens.status == 0, "\(goldens.output)")
        #expect(goldens.output.hasSuffix("84 files, 0 violations\n"), "\(goldens.output)")
    }

    /// The schema is strict where a reader depends on it: a later version, an element without a
    /// frame, an unknown key and a category that does not exist are each one violation.
    @Test(.enabled(if: LayoutJSONSchemaTests.missing == nil, "SKIPPED: jsonschema is missing (see stdout)"))
    func theSchemaRejectsWhatAReaderCannotUse() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = #"{"version": 1, "environment": {"containerWidth": 390, "category": "l", "layoutDirection": "leftToRight"}, "contentSize": {"width": 390, "height": 44}, "elements": [{"indexPath": {"section": 0, "item": 0}, "kind": "cell", "frame": {"x": 0, "y": 0, "width": 390, "height": 44}}]}"#
        let bad = [
            "later.json": good.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#),
            "frameless.json": good.replacingOccurrences(of: #", "frame": {"x": 0, "y": 0, "width": 390, "height": 44}"#, with: ""),
            "unknown.json": good.replacingOccurrences(of: #""kind": "cell""#, with: #""kind": "cell", "colour": "red""#),
            "category.json": good.replacingOccurrences(of: #""category": "l""#, with: #""category": "xxxxl""#),
        ]
        _ = try CLI.write(good, to: "good.json", in: folder)
        #expect(try Self.validate([folder.appendingPathComponent("good.json").path]).status == 0)
        for (name, text) in bad {
            #expect(text != good, "\(name) is a change")
            let path = try CLI.write(text, to: name, in: folder)
            let result = try Self.validate([path])
            #expect(result.status == 1, "\(name): \(result.output)")
            #expect(result.output.hasSuffix("1 files, 1 violations\n"), "\(name): \(result.output)")
        }
    }

    /// `check` against a golden from a later reflow says so, names the version and what to do,
    /// and exits 1 rather than comparing layouts it may misread.
    @Test func checkRefusesAGoldenOfALaterVersionByName() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write("# A title\n\nA paragraph.\n", to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        _ = try CLI.write(#"{"version": 2, "renamed": {}}"#, to: "doc-l.json", in: goldens)
        let result = try CLI.run(["check", "doc.md", "--goldens", "g", "--category", "l"], directory: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["reflow-cli: error: golden 'g/doc-l.json': it is layout JSON version 2, newer than the "
            + "version this reflow reads (1); check it with the reflow that recorded it, or re-record it with --record"])
    }
}
