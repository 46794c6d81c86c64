import Foundation
import TestSupport
import Testing

/// `audit --format sarif` validates against the OASIS SARIF 2.1.0 JSON schema, checked by a
/// maintained validator (Python's jsonschema) rather than by our own reading of the spec.
/// scripts/python-tools.sh installs the validator and the schema (`.ci/run` runs it); the
/// interpreter is taken from `REFLOW_PYTHON`, else from that script's default venv.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct SARIFSchemaTests {
    static let validator = CLI.repository.appendingPathComponent("Tests/AuditTests/validate-sarif.py").path

    static func python() throws -> String {
        let path = Prerequisites.testPython
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLI.LookupError(description: "no Python with jsonschema at \(path): run scripts/python-tools.sh (or set REFLOW_PYTHON)")
        }
        return path
    }

    /// Runs the validator on `files`: its exit status and what it printed.
    static func validate(_ files: [String]) throws -> (status: Int32, output: String) {
        let output = try ChildProcess.run(try python(), [validator] + files, timeout: 300)
        return (output.status, output.stdoutText + output.stderrText)
    }

    @Test func auditsSARIFValidatesAgainstTheSchema() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        // Findings from a screen (JSON paths), none from a clean Markdown document, and line
        // numbers from a Markdown document at a width where words break.
        let examples = CLI.repository.appendingPathComponent("Examples")
        let runs: [(String, [String])] = [
            ("audit-demo.json", []),
            ("welcome.md", []),
            ("article.txt", ["--width", "120", "--category", "ax5"]),
        ]
        for (example, options) in runs {
            let result = try CLI.run(["audit", examples.appendingPathComponent(example).path, "--quiet", "--format", "sarif",
                                      "--fail-on", "never"] + options)
            #expect(result.status == 0, "\(example): \(result)")
            let log = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            if example != "welcome.md" { #expect(!results.isEmpty, "\(example) should have findings to validate") }
            files.append(try CLI.write(Array(result.stdout), to: example + ".sarif", in: folder))
        }
        let valid = try Self.validate(files)
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output.contains("3 files, 0 violations"), "\(valid.output)")

        // The validator does validate: a log with a level SARIF does not have is rejected.
        let demo = try String(contentsOfFile: files[0], encoding: .utf8)
        #expect(demo.contains("\"level\": \"error\"") || demo.contains("\"level\":\"error\""))
        let broken = demo.replacingOccurrences(of: "\"level\": \"error\"", with: "\"level\": \"fatal\"")
            .replacingOccurrences(of: "\"level\":\"error\"", with: "\"level\":\"fatal\"")
        let invalid = try Self.validate([try CLI.write(broken, to: "broken.sarif", in: folder)])
        #expect(invalid.status == 1, "\(invalid.output)")
        #expect(invalid.output.contains("'fatal' is not one of"), "\(invalid.output)")
    }

    /// One run over several documents, one of which cannot be read: an artifact per document and
    /// the unreadable one as a failed invocation's notification, valid SARIF too.
    @Test func auditsSARIFOverSeveralDocumentsValidates() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLI.repository.appendingPathComponent("Examples")
        let broken = try CLI.write("{\"sections\": 3}", to: "broken.json", in: folder)
        let result = try CLI.run(["audit", examples.appendingPathComponent("audit-demo.json").path, broken,
                                  examples.appendingPathComponent("welcome.md").path, "--quiet", "--format", "sarif",
                                  "--category", "l", "ax5"])
        #expect(result.status == 1, "\(result)")
        let log = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["artifacts"] as? [Any])?.count == 3)
        #expect((run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
        let valid = try Self.validate([try CLI.write(Array(result.stdout), to: "several.sarif", in: folder)])
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output.contains("1 files, 0 violations"), "\(valid.output)")
    }

    /// Issue 36 row 10c: a file whose name holds a space, `#`, `?`, `%` or non-ASCII letters is
    /// one artifact whose `uri` is that path percent-encoded (a URI parser gives the path back,
    /// with no fragment or query cut out of it), alone and in a run of several; the logs validate.
    @Test func oddFileNamesAreURIReferencesOfTheirPath() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = try String(contentsOf: CLI.repository.appendingPathComponent("Examples/audit-demo.json"), encoding: .utf8)
        let names = ["a b#c?d%e.json", "Ünïcode ü.json"]
        for name in names { _ = try CLI.write(demo, to: name, in: folder) }
        var logs: [String] = []
        for arguments in [[names[0]], names] {
            let result = try CLI.run(["audit"] + arguments + ["--quiet", "--format", "sarif", "--fail-on", "never", "--category", "l"],
                                     directory: folder)
            #expect(result.status == 0, "\(result)")
            let log = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let uris = ((run["artifacts"] as? [[String: Any]]) ?? []).compactMap { ($0["location"] as? [String: Any])?["uri"] as? String }
            #expect(uris == Array(["a%20b%23c%3Fd%25e.json", "%C3%9Cn%C3%AFcode%20%C3%BC.json"].prefix(arguments.count)), "\(uris)")
            for (uri, name) in zip(uris, arguments) {
                let components = try #require(URLComponents(string: uri), "\(uri)")
                #expect(components.path == name && components.fragment == nil && components.query == nil, "\(uri)")
            }
            let results = (run["results"] as? [[String: Any]]) ?? []
            #expect(!results.isEmpty)
            for result in results {
                let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                let artifact = location?["artifactLocation"] as? [String: Any]
                #expect((artifact?["index"] as? Int).map { uris.indices.contains($0) ? uris[$0] : "" } == artifact?["uri"] as? String)
            }
            logs.append(try CLI.write(Array(result.stdout), to: "odd-\(arguments.count).sarif", in: folder))
        }
        let valid = try Self.validate(logs)
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output.contains("2 files, 0 violations"), "\(valid.output)")
    }
}
