import Foundation
import Testing

/// `reflow-cli audit` over several documents and folders: one report for all whose verdicts are
/// those of each document audited alone, shards that cover each document once, and output that
/// is the same for any --jobs.
@Suite struct AuditDocumentsCommandTests {
    /// Fewer sizes than all twelve, to keep the runs short; the rules are the same.
    static let sizes = ["--category", "l", "ax5", "--quiet"]

    /// A folder `docs` of examples (two `welcome.md`, in different folders, one of them with an
    /// image that is not there, a warning; the demo screen, whose findings fail at error; plain
    /// text), in a scratch folder that `body` runs in.
    static func documents(_ body: (URL) throws -> Void) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLI.repository.appendingPathComponent("Examples")
        for (example, path) in [("audit-demo.json", "docs/audit-demo.json"), ("welcome.md", "docs/welcome.md"),
                                ("constructs.md", "docs/more/welcome.md"), ("udhr-article1.txt", "docs/udhr.txt")] {
            let destination = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(example), to: destination)
        }
        try body(folder)
    }

    static let paths = ["docs/audit-demo.json", "docs/more/welcome.md", "docs/udhr.txt", "docs/welcome.md"]

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    /// The documents of a run's JSON, by path.
    static func documents(of result: CLI.Result) throws -> [(path: String, object: [String: Any])] {
        let documents = try #require(try json(result)["documents"] as? [[String: Any]], "\(result)")
        return documents.map { ($0["file"] as? String ?? "", $0) }
    }

    @Test func aFolderGivesTheVerdictsOfEachDocumentAuditedAlone() throws {
        try Self.documents { folder in
            let all = try CLI.run(["audit", "docs", "--format", "json"] + Self.sizes, directory: folder)
            #expect(all.status == 1, "the demo screen fails at error: \(all)")
            let documents = try Self.documents(of: all)
            #expect(documents.map(\.path) == Self.paths, "every document of the folder, in path order, each once")
            var failing = 0
            for (path, object) in documents {
                let alone = try CLI.run(["audit", path, "--format", "json"] + Self.sizes, directory: folder)
                if alone.status == 1 { failing += 1 }
                #expect(alone.status == (path == "docs/audit-demo.json" ? 1 : 0), "\(path): \(alone)")
                var expected = try Self.json(alone)
                // One file's report names it by its file name; the run's, by its path.
                #expect(expected["file"] as? String == (path as NSString).lastPathComponent)
                expected["file"] = path
                #expect(NSDictionary(dictionary: object).isEqual(to: expected), "\(path) reads as when audited alone")
            }
            let summary = try #require(try Self.json(all)["summary"] as? [String: Any])
            #expect(summary["documents"] as? Int == 4 && summary["failing"] as? Int == failing && summary["unreadable"] as? Int == 0)

            // The folder and its files named one by one are the same run.
            for format in ["text", "json", "sarif"] {
                let folderRun = try CLI.run(["audit", "docs", "--format", format] + Self.sizes, directory: folder)
                let filesRun = try CLI.run(["audit"] + Self.paths + ["--format", format] + Self.sizes, directory: folder)
                #expect(folderRun.stdout == filesRun.stdout, "--format \(format)")
                #expect(folderRun.status == filesRun.status)
            }
        }
    }

    @Test func shardsCoverEachDocumentOnceAndJobsChangeNothing() throws {
        try Self.documents { folder in
            let all = try Self.documents(of: try CLI.run(["audit", "docs", "--format", "json"] + Self.sizes, directory: folder))
            let first = try Self.documents(of: try CLI.run(["audit", "docs", "--format", "json", "--shard", "1/2"] + Self.sizes,
                                                           directory: folder))
            let second = try Self.documents(of: try CLI.run(["audit", "docs", "--format", "json", "--shard", "2/2"] + Self.sizes,
                                                            directory: folder))
            #expect(!first.isEmpty && !second.isEmpty)
            #expect((first + second).map(\.path).sorted() == Self.paths, "each document in exactly one shard")
            for (path, object) in first + second {
                let whole = try #require(all.first { $0.path == path })
                #expect(NSDictionary(dictionary: object).isEqual(to: whole.object), "\(path) reads the same in its shard")
            }
            // A shard of one file has the many-document shape too, so every shard of a matrix reads alike.
            let one = try CLI.run(["audit", "docs/udhr.txt", "--format", "json", "--shard", "1/1"] + Self.sizes, directory: folder)
            #expect(try Self.documents(of: one).map(\.path) == ["docs/udhr.txt"])

            for format in ["text", "json", "sarif"] {
                let serial = try CLI.run(["audit", "docs", "--format", format, "--jobs", "1"] + Self.sizes, directory: folder)
                let parallel = try CLI.run(["audit", "docs", "--format", format, "--jobs", "2"] + Self.sizes, directory: folder)
                #expect(!serial.stdout.isEmpty)
                #expect(serial.stdout == parallel.stdout, "--format \(format): the same for any --jobs")
                #expect(serial.status == parallel.status)
            }
        }
    }

    @Test func aDocumentThatCannotBeReadFailsTheRunWithoutHidingTheOthers() throws {
        try Self.documents { folder in
            _ = try CLI.write("{\"sections\": 3}", to: "docs/broken.json", in: folder)
            let result = try CLI.run(["audit", "docs", "--fail-on", "never"] + Self.sizes, directory: folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.messageLines.filter { $0.hasPrefix("reflow-cli: error:") }
                == ["reflow-cli: error: docs/broken.json: sections: expected an array of sections, got a number"])
            #expect(result.output.contains("docs/broken.json: could not be audited: sections: expected an array"))
            for path in Self.paths { #expect(result.output.contains("\n\(path): "), "\(path) is still reported") }
            let last = result.output.split(separator: "\n").last ?? ""
            #expect(last.hasPrefix("5 documents (1 could not be audited): "), "\(last)")
            let json = try Self.json(try CLI.run(["audit", "docs", "--format", "json"] + Self.sizes, directory: folder))
            let broken = try #require((json["documents"] as? [[String: Any]])?.first { $0["file"] as? String == "docs/broken.json" })
            #expect(broken["error"] as? String == "sections: expected an array of sections, got a number")
            #expect((json["summary"] as? [String: Any])?["unreadable"] as? Int == 1)
        }
    }

    /// `-o` inside the folder being audited: the report is not read back as a screen by the next run.
    @Test func aReportWrittenIntoTheAuditedFolderIsNotReadBack() throws {
        try Self.documents { folder in
            for _ in 0..<2 {
                let result = try CLI.run(["audit", "docs", "--format", "json", "-o", "docs/report.json"] + Self.sizes, directory: folder)
                #expect(result.status == 1, "the demo's findings, nothing else: \(result)")
                #expect(!result.stderr.contains("error:"), "\(result)")
                let report = try Data(contentsOf: folder.appendingPathComponent("docs/report.json"))
                let documents = try #require((try JSONSerialization.jsonObject(with: report) as? [String: Any])?["documents"] as? [[String: Any]])
                #expect(documents.compactMap { $0["file"] as? String } == Self.paths)
            }
        }
    }
}
