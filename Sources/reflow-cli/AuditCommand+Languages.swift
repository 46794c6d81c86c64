import ArgumentParser
import Audit
import Reflow
import ReflowKit
import TextMetrics

// `audit --lang`: every document in every language it is asked in.

extension AuditCommand {
    /// The audit of `paths` in the languages `choice` names (a screen's `all` is its catalogs'),
    /// each language at every size and width, and every plural form of its texts: one report per
    /// document, its findings language by language (`AuditReport.merging`). Each document is read
    /// once (its catalogs too) and laid out per language; `--jobs` audits that many languages at
    /// once, and `--shard` takes its share of the languages × documents (`LanguageMatrix`). A
    /// language that cannot be laid out fails its document, named in the message; with one
    /// file named alone, it is the run's error.
    func auditLanguages(_ paths: [String], choice: LanguageChoice, drawing: Bool,
                        fontsDirectory: String) throws -> (AuditRun, [[AuditScreens.Screen?]]) {
        let reader = documents.reading.reader
        var read: [String: Result<LocalizedInput, any Error>] = [:]
        for path in paths where read[path] == nil { read[path] = Result { try reader.localized(at: path) } }
        if documents.namesOneDocument, case .failure(let error) = read[paths[0]] { throw error }
        let localized = read
        let matrix = LanguageMatrix(paths: paths, choice: choice) { try localized[$0]!.get().languages(choice) }
        let units = matrix.sharded(documents.shard)
        if documents.shard != nil { documents.sayIfNoShare(units.count, found: matrix.units.count) }

        let progress = documents.reading.progress(units.count == 1 ? "auditing" : "auditing \(units.count) layouts of languages")
        defer { progress.finish() }
        let results = Locked<[Result<Audited, any Error>]>([])
        try OrderedFanOut.forEach(
            lanes: OrderedFanOut.roundRobin(count: units.count, threads: documents.workers), count: units.count,
            setUp: { _ in () },
            produce: { (_: inout Void, index: Int) -> Result<Audited, any Error> in
                let unit = units[index]
                return Result {
                    let document = try localized[unit.path]!.get()
                    let input = try document.input(in: unit.language)
                    var audited = try audit(input, language: unit.language,
                                            formInput: { pass in try document.input(in: unit.language, formPass: pass) },
                                            drawing: drawing, fontsDirectory: fontsDirectory)
                    audited.warnings = input.warnings(path: unit.path) + audited.warnings
                    return audited
                }
            },
            deliver: { _, result in results.withLock { $0.append(result) } },
            progress: { progress.update($0) })
        let audited = results.withLock { $0 }

        // The units back into their documents, in order; each warning said once per document.
        var documentsRun: [AuditRun.Document] = [], screens: [[AuditScreens.Screen?]] = []
        var start = 0
        while start < units.count {
            let path = units[start].path
            var end = start
            while end < units.count, units[end].path == path { end += 1 }
            var reports: [(language: String?, report: AuditReport)] = [], drawn: [AuditScreens.Screen?] = []
            var failure: String?, said = Set<String>()
            for index in start..<end {
                switch audited[index] {
                case .success(let result):
                    for warning in result.warnings where said.insert(warning).inserted { Console.warning(warning) }
                    reports.append((units[index].language, result.report))
                    drawn += result.screens
                case .failure(let error):
                    if documents.namesOneDocument { throw error }
                    let language = units[index].language.map { "in \($0): " } ?? ""
                    Console.error(commandLineMessage(error, document: path))
                    failure = failure ?? language + commandLineMessage(error)
                }
            }
            if let failure {
                documentsRun.append(AuditRun.Document(path: path, outcome: .failure(AuditRun.Failure(message: failure))))
                screens.append([])
            } else {
                let named = reports.compactMap { entry in entry.language.map { (language: $0, report: entry.report) } }
                let report = named.count == reports.count && !named.isEmpty ? AuditReport.merging(named) : reports[0].report
                documentsRun.append(AuditRun.Document(path: path, outcome: .success(report)))
                screens.append(drawn)
            }
            start = end
        }
        return (AuditRun(documents: documentsRun, threshold: failOn.severity), screens)
    }
}
