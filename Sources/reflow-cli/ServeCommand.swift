import ArgumentParser
import Dispatch
import Foundation
import PreviewServer
import ReflowKit
import TextMetrics

/// `reflow-cli serve FILE`: a live preview of the document in a browser (`PreviewServer`), which
/// draws the screen again when the file is saved.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live preview of a document: a page with a text-size slider, redrawn when the file is saved.",
        discussion: """
            Prints the page's URL (http://127.0.0.1:PORT/) on stdout and serves until SIGTERM or SIGINT (Ctrl-C), then \
            exits 0. The page has a slider over the twelve text sizes, the width (320-1024 pt, and device presets), \
            language (for a screen with string catalogs, a menu of their languages and Xcode's four pseudolanguages), direction, Bold Text, hyphenation, WCAG text spacing, the audit and debug overlays, PNG or SVG; it \
            shows one screen as tall as the browser window, scrolling the page scrolls the document, and saving the file \
            draws it again, as does saving a string catalog the screen reads (the files' folders are watched with inotify; \
            the page is told by server-sent events).

            For scripts: /render.png and /render.svg (a screen with viewport=WxH and offset=Y or at=ANCHOR, else the \
            whole page), /layout.json (as 'reflow-cli layout' prints it) and /audit.json (the audit at one size and \
            width, as 'reflow-cli audit --format json' prints it) take the preview's options as query parameters of the \
            same names: category, width, viewport, offset, at, scale, lang, direction, text-spacing, bold-text=1, \
            hyphenate=1 or 0, audit=1, debug=1 (lang is one language per request: a list or all is 400). A bad value is 400 with the message the command line gives for it; \
            values the document cannot be drawn with are 422; any other path is 404 (no file is ever served). \
            The document and fonts are read once, and the document again only when it changes (within --max-input; a \
            reading that fails is shown on the page and the last good version stays on show).

            Who is served, and what one client may hold (docs/serve.md, "Limits and refusals"): only the Host names \
            localhost, 127.0.0.1, [::1] and the --host given, and no other site's page (else 403); a query of at most \
            8 KiB (else 414) and 64 parameters (else 400). A request's head must arrive within 5 s of its first byte, \
            a connection with no request under way is closed after 10 s, one that does not take its answers after \
            30 s; at most 896 connections with 'ulimit -n' 1024 (the limit less 128), the oldest idle closed first, \
            503 when all are busy; 16 pipelined requests per connection, which is not read while its answers wait; \
            640 MiB of pictures drawn at once (503 with Retry-After past it); work for a client that left is dropped.

            With --allow-edits the page may write a reorder to the file: POST /reorder with {"token", "version", "from", \
            "to"} (index paths section.item, as 'reflow-cli layout' numbers cells); 403 without --allow-edits or with \
            another token, 409 when the file changed since the page loaded it, 422 for a move the document does not allow.
            """)

    @Argument(help: "The document: CommonMark (.md, .markdown), a screen file (.json), or plain text (any other extension).")
    var file: String

    @Option(help: ArgumentHelp(
        "Address to listen on. The default, 127.0.0.1, keeps the preview to this machine; any other address lets whoever reaches the machine read the document (a warning says so).",
        valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one. The URL printed says which.", valueName: "n"))
    var port = 8080

    @Option(name: .customLong("render-threads"), help: ArgumentHelp(
        "Threads that draw at once, each with caches of its own (default: the machine's cores, at most 4).", valueName: "n"))
    var renderThreads: Int?

    @Flag(name: .customLong("allow-images-outside"), help: ArgumentHelp(
        "Draw a Markdown document's images from anywhere on disk; without it an image outside the document's folder tree is a placeholder, with a warning."))
    var allowImagesOutside = false

    @Option(name: .customLong("strings"), help: ArgumentHelp(
        "A string catalog the screen reads besides those its \"strings\" names: an .xcstrings, .strings or .stringsdict file, or a folder holding them and *.lproj folders (repeatable; read within --max-input, and watched: a save redraws the preview).",
        valueName: "path"))
    var strings: [String] = []

    @Flag(name: .customLong("allow-strings-outside"), help: ArgumentHelp(
        "Read the string catalogs the screen names from anywhere on disk; without it a catalog outside the screen's folder tree is an error."))
    var allowStringsOutside = false

    @Flag(name: .customLong("allow-edits"), help: ArgumentHelp(
        "Let the page write a new order of cells to the file: a screen's cells, a Markdown list's items (POST /reorder, docs/serve.md \"Editing the order\"). Each write needs this run's token, which only the page this server serves holds, is refused (409) when the file changed since the page loaded it, and replaces the file whole (a temporary file renamed over it, its permissions kept). Without it a reorder stays in the page until it is loaded again."))
    var allowEdits = false

    @OptionGroup var input: InputOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be a port number from 1 to 65535, or 0 for a free one, got \(port)")
        }
        if let renderThreads, !(1...64).contains(renderThreads) {
            throw ValidationError("--render-threads must be from 1 to 64, got \(renderThreads)")
        }
    }

    func run() throws {
        // SIGTERM and SIGINT end the run with status 0 from here on, whatever it is doing: before
        // the server is up (reading the document, or writing the URL to a stdout nobody reads) at
        // once, after it by closing the server (`SignalStop`).
        let stopping = try SignalStop()
        defer { withExtendedLifetime(stopping) {} }

        var reader = input.reader
        reader.allowImagesOutside = allowImagesOutside
        reader.allowStringsOutside = allowStringsOutside
        reader.extraStrings = strings
        var configuration = PreviewServer.Configuration(document: file, fonts: try fonts.library(), parameters: ScreenQuery.parameters)
        configuration.reader = reader
        (configuration.host, configuration.port) = (host, port)
        if let renderThreads { configuration.renderThreads = renderThreads }
        configuration.describe = { commandLineMessage($0) }
        configuration.warn = { Console.warning($0) }
        configuration.allowEdits = allowEdits

        let server = try PreviewServer(configuration)
        server.documentWarnings.forEach(Console.warning)
        if !server.isLoopback {
            Console.warning("the preview listens on \(server.host) port \(server.port), which other machines may reach: whoever "
                + "reaches it can read '\(file)'. Leave out --host (127.0.0.1) to keep the preview to this machine.")
        }
        try Console.write(server.url + "\n")
        stopping.stop(server)
        try server.wait()
    }
}

/// SIGTERM and SIGINT end `serve` with status 0 at any moment after `init`: before `stop(_:)` is
/// given the server (while the document and fonts are read, the server starts, or the URL is
/// written to a full stdout) the process exits 0 at once (`_exit`: nothing is left to write, and
/// the other threads' work need not end); after it, the server is closed, so `run()` returns and
/// the process ends with 0.
///
/// The signals are caught by a handler that only writes a byte to a pipe (what a signal handler
/// may safely do); a thread of its own reads the pipe and acts, whatever the main thread is
/// waiting for (a FIFO's writer, a full stdout, the first reading of a large document).
private final class SignalStop {
    /// The pipe's write end, for the handler, which can capture nothing. Set before the handler is.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let server = Locked<PreviewServer?>(nil)

    /// Installs the handlers of SIGTERM and SIGINT, and the thread that acts on them.
    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandLineError(commandLineMessage: "cannot set up SIGTERM and SIGINT handling: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A handler never waits: past a full pipe (64 KiB of signals not yet acted on) one more adds nothing.
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        Self.writeEnd = ends[1]
        let (readEnd, server) = (ends[0], server)
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let got = read(readEnd, &byte, 1)
                if got < 0, errno == EINTR { continue }
                guard got == 1 else { return }
                guard let running = server.withLock({ $0 }) else { _exit(0) }
                running.close()
            }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(SignalStop.writeEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGTERM, SIGINT] {
            sigaction(number, &action, nil)
            sigaddset(&signals, number)
        }
        // A mask inherited from the parent may block them (a test runner's thread, a service
        // manager): unblocked in this thread, and in those it starts, they reach the handler.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// From now on a signal closes `server` (which ends `run()`) instead of ending the process.
    func stop(_ server: PreviewServer) {
        self.server.withLock { $0 = server }
    }
}

/// The preview's options as a request's query gives them (`serve`): the options of `preview`
/// and `layout` that say what to draw, under the same names (`category=ax5` for
/// `--category ax5`), read by the same parser and checked by the same rules, so that a bad value
/// gets the message the command line gives.
struct ScreenQuery: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), a list (l,xxxl,ax5) or 'all' for a contact sheet of those sizes.",
        valueName: "category"))
    var category = CategoryChoice(.large)

    @Option(parsing: .unconditional, help: ArgumentHelp("Container (screen) width in points (default 390, or the --viewport width).", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double?

    @OptionGroup var screen: ScreenOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per point for PNG: 1, 2, 3 or 4.", valueName: "n"))
    var scale: Int = 2

    @Flag(help: "Outline the audit's findings at this size and width.")
    var audit = false

    @Flag(help: "Overlay cell frames, text frames, baselines, the 44 pt minimum and measured vs estimated rows.")
    var debug = false

    @OptionGroup var text: TextOptions

    /// Query names that are switches (`bold-text=1`), and those of them the command line also turns off (`--no-hyphenate`).
    static let switches: Set<String> = ["audit", "debug", "bold-text", "no-height-cache"]
    static let invertibleSwitches: Set<String> = ["hyphenate"]

    /// ArgumentParser's own options (help, completion scripts, its tool description): not
    /// parameters of a picture, and answered as options it does not know.
    static let parserOptions: Set<String> = ["help", "version", "generate-completion-script", "experimental-dump-help"]

    /// `query` read as these options, or `BadRequest` with the command line's message.
    @Sendable static func parameters(_ query: Query) throws -> ScreenParameters {
        if let item = query.items.first(where: { parserOptions.contains($0.name) }) {
            throw BadRequest("Unknown option '--\(item.name)'")
        }
        let arguments = try query.commandLineArguments(switches: switches, invertible: invertibleSwitches)
        let parsed: ScreenQuery
        var parameters: ScreenParameters
        do {
            parsed = try parse(arguments)
            parameters = try parsed.resolved()
        } catch {
            throw BadRequest(message(for: error))
        }
        // One language per picture: lang=de,fr and lang=all are refused, saying why.
        parameters.language = try ScreenParameters.language(of: parsed.text.language)
        return parameters
    }

    /// The options as the server's parameters, checked as `preview --viewport` checks them.
    func resolved() throws -> ScreenParameters {
        var request = PreviewRequest(document: "")
        (request.format, request.width, request.scale) = (.png, width, scale)
        (request.categories, request.isSheet) = (category.categories, category.isSeveral)
        try screen.apply(to: &request)
        let (files, resolvedWidth): (PreviewFiles, Double)
        do {
            (files, resolvedWidth) = try request.resolved()
        } catch {
            throw ValidationError(error.commandLineMessage(viewport: screen.viewport))
        }
        return ScreenParameters(categories: category.categories, width: resolvedWidth, viewport: files.viewport,
                                position: files.position, scale: scale, settings: try text.settings(), audit: audit, debug: debug)
    }
}

extension PreviewServer.ListenError: CommandLineWording {
    var commandLineMessage: String {
        reason.contains("in use")
            ? "\(description); give another --port, or --port 0 for a free one"
            : "\(description); give --host an address of this machine (127.0.0.1, the default, for this machine only)"
    }
}
