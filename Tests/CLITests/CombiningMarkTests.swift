import Foundation
import Testing

/// Issue 24 row 1: one letter with 66,000 combining marks (132 KB of Hebrew) aborted every command
/// that measures text, inside HarfBuzz (SIGABRT, `GPOS.hh:113 'j < i'`), after 20 to 60 s. Now each
/// measures and draws it (HarfBuzz gets bounded clusters; see TextMetricsTests' CombiningMarkTests).
@Suite struct CombiningMarkTests {
    static let every: [[String]] = [["lines", "--width", "300"], ["layout"], ["audit"], ["scroll"], ["preview", "-o", "out.png"]]

    /// Each input and the commands it goes through (80,000 Arabic marks, which took 15 s and then
    /// aborted, through two, to keep the test quick).
    static let inputs: [(name: String, text: String, commands: [[String]])] = [
        ("hebrew.txt", "\u{05D0}" + String(repeating: "\u{05B8}\u{05C1}", count: 33_000) + "\n", every),
        ("arabic.txt", "\u{0628}" + String(repeating: "\u{064E}", count: 80_000) + "\n", [every[0], every[4]]),
    ]

    @Test(arguments: 0..<inputs.count)
    func everyMeasuringCommandTakesALetterWithTensOfThousandsOfMarks(_ input: Int) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (name, text, commands) = Self.inputs[input]
        _ = try CLI.write(text, to: name, in: folder)
        for command in commands {
            let arguments = [command[0], name] + command.dropFirst()
            let result = try CLI.run(arguments, timeout: 60, directory: folder)
            #expect(!result.crashed && result.status == 0, "\(arguments.joined(separator: " ")): \(result)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [name, "out.png"].sorted(), "\(names)")
    }
}
