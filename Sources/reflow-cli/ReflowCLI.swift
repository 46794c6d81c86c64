import ArgumentParser
import Foundation
import ReflowKit

@main
struct ReflowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reflow-cli",
        abstract: "Text-size-aware document reflow: measure, lay out and preview documents at every Dynamic Type size.",
        discussion: """
            Text is shaped with HarfBuzz in the bundled Inter fonts at the iOS Dynamic Type text styles and broken into lines by \
            UAX #14 (ICU). Categories: xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5 (long names such as extraLarge or \
            accessibilityMedium work too).
            """,
        subcommands: [PreviewCommand.self, TypeTableCommand.self, LinesCommand.self, FontsCommand.self, LayoutCommand.self,
                      ScrollCommand.self, CheckCommand.self, AuditCommand.self, MergeCommand.self, HyphenateCommand.self, ServeCommand.self],
        defaultSubcommand: PreviewCommand.self)

    /// Parses and runs as ArgumentParser does (bad options: a usage error, exit 64; --help), and
    /// reports any error of reflow's own that a command throws as one line, `reflow-cli: error: …`
    /// in the command line's words (`CommandLineWording`: naming the option to change), with exit status 1. ArgumentParser's own errors (help, exit codes, usage errors, which
    /// `--help` also throws from `run()`) keep its handling. A stdout that fails is such an
    /// error; a stderr that fails ends the run with status 1 (there is nowhere to say why).
    static func main() {
        // A reader that goes away ends the process quietly, as it ends other Unix tools (a parent
        // that ignores SIGPIPE would otherwise hand that down, and writes would fail instead).
        signal(SIGPIPE, SIG_DFL)
        StandardStreams.reserveClosedDescriptors()
        do {
            var command = try parseAsRoot(attachingNegativeNumbers(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            exit(withError: error)
        } catch {
            Console.error(commandLineMessage(error))
            exit(withError: ExitCode.failure)
        }
        if Console.stderrFailed.withLock({ $0 }) { exit(withError: ExitCode.failure) }
    }
}

/// `arguments` with a value that starts like a negative number and follows an option attached to
/// it (`--width -5` as `--width=-5`, `--shard -1/2` as `--shard=-1/2`), so that the option's own
/// check says what is wrong with it: ArgumentParser takes `-1/2` for an option and says only that
/// the value is missing, and so does a list option (`audit --width 390 320`) of `-5`.
/// Nothing after `--` changes, nor an option that has its value already (`--width=5`).
func attachingNegativeNumbers(_ arguments: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(arguments.count)
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if argument == "--" {
            result += arguments[index...]
            break
        }
        if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
           startsLikeNegativeNumber(arguments[index + 1]) {
            result.append(argument + "=" + arguments[index + 1])
            index += 2
            continue
        }
        result.append(argument)
        index += 1
    }
    return result
}

/// Whether `text` starts as a negative number does, a minus and a digit or a decimal point and a
/// digit (`-5`, `-0.5`, `-.5`, `-1e3`, `-1/2`, `-0x10`): never an option's name, which starts with
/// a letter, so it can only be a value, and its option says whether it is a good one.
func startsLikeNegativeNumber(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(3))
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
    return isDigit(bytes[1]) || (bytes.count == 3 && bytes[1] == UInt8(ascii: ".") && isDigit(bytes[2]))
}
