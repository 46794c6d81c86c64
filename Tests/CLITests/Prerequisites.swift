import Foundation

/// Tests that compare with an outside program (the peer engines, Pango, Pyphen) skip loudly where
/// it is missing, and fail where it is required: in CI, or with REFLOW_REQUIRE_PEERS=1.
enum Prerequisites {
    static var areRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["REFLOW_REQUIRE_PEERS"] == "1" || !(environment["CI"] ?? "").isEmpty
    }

    /// The Python with the pinned test tools (scripts/python-requirements.txt: jsonschema, the SARIF
    /// schema, Pyphen): `REFLOW_PYTHON`, else the venv scripts/python-tools.sh makes by default.
    static var testPython: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["REFLOW_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/reflow/python/bin/python3"
    }

    /// "SKIPPED `suite`: `reason`", printed (so a run's output says what did not run) and returned.
    static func skipped(_ suite: String, _ reason: String) -> String {
        let message = "SKIPPED \(suite): " + reason
        print(message)
        return message
    }

    /// Whether `python -c code` runs and exits 0 (output discarded); nil when `python` cannot be run.
    static func python(_ python: String, succeedsAt code: String) -> Bool? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", code]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
