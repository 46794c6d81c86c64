import Foundation
import Testing

/// `reflow-cli check` over many documents: a folder's documents (two of them named alike in
/// different subfolders) and several files named give the verdicts one document at a time gives;
/// `--shard 1/2` and `2/2` together check each document once, with the same verdicts; the output
/// and the report are the same for any `--jobs`; a document that cannot be read is reported
/// without hiding the others.
@Suite struct CheckManyDocumentsTests {
    static let sizes = ["--category", "l", "ax5"]

    /// The documents under `docs/`, by path.
    static let documents = [
        "docs/guide.md": "# Guide\n\nA short guide to the documents of this folder.\n",
        "docs/notes.txt": "Notes in plain text.\n\nA second paragraph of notes.\n",
        "docs/sub/readme.md": "# Sub\n\nThe readme of the first subfolder.\n",
        "docs/other/readme.md": "# Other\n\nThe readme of the other subfolder.\n",
    ]
    /// Documents named one by one (their stems differ).
    static let named = ["docs/guide.md", "docs/notes.txt", "docs/sub/readme.md"]
    /// The one edited after recording: a longer paragraph takes more lines.
    static let edited = "docs/sub/readme.md"

    /// A scratch folder with `documents` written, the goldens recorded for the folder (`goldens`),
    /// for each document alone (`one-N`, N its index in path order) and for `named` named
    /// together (`named`), then `edited` edited.
    static func prepared() throws -> URL {
        let folder = try CLI.scratch()
        for (path, text) in documents {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            _ = try CLI.write(text, to: path, in: folder)
        }
        let record = try CLI.run(["check", "docs", "--goldens", "goldens", "--record"] + sizes, directory: folder)
        try #require(record.status == 0, "\(record)")
        for (index, path) in documents.keys.sorted().enumerated() {
            let alone = try CLI.run(["check", path, "--goldens", "one-\(index)", "--record"] + sizes, directory: folder)
            try #require(alone.status == 0, "\(alone)")
        }
        let named = try CLI.run(["check"] + Self.named + ["--goldens", "named", "--record"] + sizes, directory: folder)
        try #require(named.status == 0, "\(named)")
        _ = try CLI.write(documents[edited]!.replacingOccurrences(
            of: "subfolder.", with: "subfolder, now long enough to take another line or two at these text sizes."), to: edited, in: folder)
        return folder
    }

    /// The verdicts in `output`, by document name: each block from its `check …:` line to the next.
    static func verdicts(_ output: String) -> [String: String] {
        var verdicts: [String: String] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("check ") {
                let rest = line.drop { $0 != ":" }.dropFirst(2)
                let name = ["passed:": " matches its goldens", "failed:": " changed at ", "error:": ": "]
                    .compactMap { key, end in line.hasPrefix("check \(key)") ? rest.range(of: end).map { String(rest[..<$0.lowerBound]) } : nil }
                    .first ?? String(rest)
                current = name
                verdicts[name] = String(line) + "\n"
            } else if line.hasPrefix("  "), let current {
                verdicts[current, default: ""] += line + "\n"
            } else {
                current = nil
            }
        }
        return verdicts
    }

    /// The verdict of each document checked alone, with the name a run over several gives it (its path).
    static func aloneVerdicts(in folder: URL) throws -> [String: String] {
        var alone: [String: String] = [:]
        for (index, path) in documents.keys.sorted().enumerated() {
            let result = try CLI.run(["check", path, "--goldens", "one-\(index)"] + sizes, directory: folder)
            #expect(result.status == (path == edited ? 1 : 0), "\(path): \(result)")
            let name = (path as NSString).lastPathComponent
            let verdict = try #require(verdicts(result.output)[name], "\(path): \(result.output)")
            alone[path] = verdict.replacingOccurrences(of: ": \(name) ", with: ": \(path) ")
        }
        return alone
    }

    @Test func aFolderAndSeveralFilesGiveTheVerdictsOfOneDocumentAtATime() throws {
        let folder = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two readme.md in different subfolders have goldens of their own.
        for path in ["guide.md-l.json", "notes.txt-ax5.json", "sub/readme.md-l.json", "other/readme.md-ax5.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/" + path).path), "\(path)")
        }
        let alone = try Self.aloneVerdicts(in: folder)

        let run = try CLI.run(["check", "docs", "--goldens", "goldens"] + Self.sizes, directory: folder)
        #expect(run.status == 1, "\(run)")
        #expect(Self.verdicts(run.output) == alone)
        // In path order, then the total.
        let firsts = run.output.split(separator: "\n").filter { $0.hasPrefix("check ") }.map { $0.split(separator: " ")[2] }
        #expect(firsts == ["docs/guide.md", "docs/notes.txt", "docs/other/readme.md", "docs/sub/readme.md"])
        #expect(run.output.hasSuffix("checked 4 documents at 2 sizes: 3 passed, 1 changed\n"), "\(run.output)")
        #expect(run.messageLines.last == "reflow-cli: error: 1 of 4 documents changed (docs/sub/readme.md); if the changes are intended, re-record with --record")

        // Files named one by one keep the goldens one-document runs record (named after the stem),
        // and get the verdicts those runs give.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("named").path).sorted()
            == ["guide-ax5.json", "guide-l.json", "notes-ax5.json", "notes-l.json", "readme-ax5.json", "readme-l.json"])
        for (index, path) in Self.documents.keys.sorted().enumerated() where Self.named.contains(path) {
            for size in ["l", "ax5"] {
                let golden = "\(((path as NSString).lastPathComponent as NSString).deletingPathExtension)-\(size).json"
                #expect(FileManager.default.contentsEqual(atPath: folder.appendingPathComponent("named/" + golden).path,
                                                          andPath: folder.appendingPathComponent("one-\(index)/" + golden).path), "\(golden)")
            }
        }
        let files = try CLI.run(["check"] + Self.named + ["--goldens", "named"] + Self.sizes, directory: folder)
        #expect(files.status == 1, "\(files)")
        let byName = Dictionary(uniqueKeysWithValues: Self.named.map { ((($0 as NSString).lastPathComponent), $0) })
        #expect(Dictionary(uniqueKeysWithValues: Self.verdicts(files.output).map { name, verdict in
            (byName[name] ?? name, verdict.replacingOccurrences(of: ": \(name) ", with: ": \(byName[name] ?? name) "))
        }) == alone.filter { Self.named.contains($0.key) })
    }

    @Test func shardsCheckEachDocumentOnceWithTheSameVerdicts() throws {
        let folder = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try CLI.run(["check", "docs", "--goldens", "goldens"] + Self.sizes, directory: folder)
        let all = Self.verdicts(whole.output)
        try #require(all.count == 4, "\(whole.output)")
        var seen: [String: String] = [:]
        for shard in ["1/2", "2/2"] {
            let run = try CLI.run(["check", "docs", "--goldens", "goldens", "--shard", shard] + Self.sizes, directory: folder)
            let verdicts = Self.verdicts(run.output)
            #expect(!verdicts.isEmpty, "shard \(shard) has work")
            #expect(run.status == (verdicts.keys.contains(Self.edited) ? 1 : 0), "\(shard): \(run)")
            #expect(run.output.contains("checked \(verdicts.count) document\(verdicts.count == 1 ? "" : "s") (shard \(shard) of the 4 found)"),
                    "\(run.output)")
            for (name, verdict) in verdicts {
                #expect(seen.updateValue(verdict, forKey: name) == nil, "\(name) is in one shard only")
            }
        }
        #expect(seen == all)
        let empty = try CLI.run(["check", "docs/guide.md", "docs/notes.txt", "--goldens", "one-0", "--shard", "3/3"] + Self.sizes,
                                directory: folder)
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.output == "checked 0 documents (shard 3/3 of the 2 found) at 2 sizes: 0 passed, 0 changed\n")
    }

    /// The same stdout, the same messages and the same report, byte for byte, for any --jobs.
    @Test func theOutputAndTheReportAreTheSameForAnyNumberOfJobs() throws {
        let folder = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs: [(CLI.Result, Data)] = []
        for jobs in ["1", "2", "3"] {
            let run = try CLI.run(["check", "docs", "--goldens", "goldens", "--jobs", jobs, "--report", "report-\(jobs).html"] + Self.sizes,
                                  directory: folder)
            #expect(run.status == 1, "--jobs \(jobs): \(run)")
            runs.append((run, try Data(contentsOf: folder.appendingPathComponent("report-\(jobs).html"))))
        }
        for (run, report) in runs.dropFirst() {
            #expect(run.output == runs[0].0.output)
            #expect(run.messageLines == runs[0].0.messageLines)
            #expect(report == runs[0].1, "the reports are identical")
        }
        let html = String(decoding: runs[0].1, as: UTF8.self)
        #expect(html.components(separatedBy: "<img src=\"data:image/png;base64,").count - 1 == 6, "one document changed at 2 sizes")
    }

    /// A document that cannot be read is a verdict of its own; the others are still checked.
    @Test func aDocumentThatCannotBeReadFailsTheRunWithoutHidingTheOthers() throws {
        let folder = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write("""
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"percent": 5}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}}]}
            """, to: "docs/bad.json", in: folder)
        let run = try CLI.run(["check", "docs", "--goldens", "goldens", "--report", "report.html"] + Self.sizes, directory: folder)
        #expect(run.status == 1, "\(run)")
        let verdicts = Self.verdicts(run.output)
        #expect(verdicts.count == 5)
        let bad = try #require(verdicts["docs/bad.json"])
        #expect(bad.hasPrefix("check error: docs/bad.json: ") && bad.contains("sections[0].group.size.height: expected a dimension"), "\(bad)")
        #expect(verdicts["docs/guide.md"]?.hasPrefix("check passed: ") == true)
        #expect(run.output.hasSuffix("checked 5 documents at 2 sizes: 3 passed, 1 changed, 1 could not be checked\n"), "\(run.output)")
        let failure = "reflow-cli: error: 1 of 5 documents changed (docs/sub/readme.md) and 1 could not be checked (docs/bad.json); "
            + "each one's error is above; if the changes are intended, re-record with --record"
        #expect(run.messageLines.last.map(String.init) == failure)
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<td><a href=\"#document-1\">docs/bad.json</a></td><td class=\"bad\">could not be checked</td>"))
    }

    /// Files named alike in different folders, named one by one, would share goldens: refused
    /// before any work, saying what to do instead.
    @Test func documentsWhoseGoldensWouldShareNamesAreRefusedBeforeAnyWork() throws {
        let folder = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["check", "docs/sub/readme.md", "docs/other/readme.md", "--goldens", "clash", "--record"] + Self.sizes,
                              directory: folder)
        #expect(run.status == 1, "\(run)")
        let message: String = "reflow-cli: error: 'docs/sub/readme.md' and 'docs/other/readme.md' would share the goldens "
            + "readme-CATEGORY.json in 'clash'; name the folder that holds them instead (a folder's documents have goldens named after "
            + "their paths in it), or check them in separate runs with separate --goldens folders"
        #expect(run.messageLines == [Substring(message)])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("clash").path))
    }
}
