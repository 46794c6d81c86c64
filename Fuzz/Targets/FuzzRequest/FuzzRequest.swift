import Foundation
import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOHTTP1
import PreviewServer
import Reflow
import ReflowKit
import TextMetrics

/// The live preview server's reading of requests (`reflow-cli serve`): bytes as a client sends
/// them go through the server's own HTTP/1.1 pipeline (NIO's request decoder, as
/// `configureHTTPServerPipeline` sets it up for the server, pipelined requests, the bytes in reads
/// cut at fuzz-chosen points), and every request head it decodes through `RequestReading.decide`,
/// which is what the server runs before it answers. The bytes are also read directly as a query.
///
/// The first byte chooses how the rest is read (its low two bits), the address the server listens
/// on (the next two: 127.0.0.1, 0.0.0.0, ::1, 192.168.1.20) and whether the port it came in on is
/// known (bit 4: 8080, else nil). The seeds start with `0` to `3`: 127.0.0.1, port 8080.
///  0. the rest is what a client sends, read at once;
///  1. the same in reads: a byte n (1 to 8 reads), n - 1 bytes each the length of a read (1 to
///     256), then what is sent;
///  2. the rest is the query of a GET from localhost of the route the next byte chooses;
///  3. the same, with a query made of the rest (its first 16 bytes) repeated 0 to 10,000 times (the
///     next two bytes) and joined with `&`: the 7,000-parameter query, which a fuzzer's input of
///     at most 8 KiB could not be.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let clock = ContinuousClock()
    let began = clock.now, cpuBegan = threadCPUSeconds()
    let raw = count > 1 ? Array(UnsafeBufferPointer(start: start.map { $0 + 1 }, count: count - 1)) : []
    var input = FuzzInput(start, count)
    let choice = input.byte()
    let reading = readings[Int(choice >> 2) % readings.count]
    let port: Int? = choice & 0x10 != 0 ? 8080 : nil
    let reads: [[UInt8]]
    switch choice & 3 {
    case 0:
        reads = [input.rest()]
    case 1:
        let lengths = (0..<Int(input.byte() % 8)).map { _ in Int(input.byte()) + 1 }
        var rest = input.rest()[...]
        reads = lengths.map { length in
            defer { rest = rest.dropFirst(length) }
            return Array(rest.prefix(length))
        } + [Array(rest)]
    case 2:
        let path = input.pick(paths)
        reads = [request(path: path, query: input.rest())]
    default:
        let path = input.pick(paths)
        let times = input.int(in: 0...10_000)
        let segment = input.rest().prefix(16)
        var query: [UInt8] = []
        query.reserveCapacity(times * (segment.count + 1))
        for index in 0..<times {
            if index > 0 { query.append(UInt8(ascii: "&")) }
            query += segment
        }
        checkQuery(String(decoding: query, as: UTF8.self)[...])
        reads = [request(path: path, query: query)]
    }
    checkQuery(String(decoding: raw, as: UTF8.self)[...])
    for head in decodedHeads(reads) {
        let decision = reading.reading.decide(head, port: port)
        if tracing { print("\(head.method) \(head.uri.prefix(120)) \(head.headers["Host"]) -> \(String(describing: decision).prefix(300))") }
        check(decision, of: head, reading: reading)
    }
    // Reading is linear in a request's size, which NIO bounds (80 KiB of head): a few ms at most.
    // Wall-clock time alone also counts the time a run at `nice -n 19` waits for a core, so the
    // input's thread CPU time must be long too before this stops on it.
    let elapsed = clock.now - began
    if elapsed > .seconds(1) {
        let cpu = threadCPUSeconds() - cpuBegan
        require(cpu < 0.5, "one input took \(elapsed) (\(cpu) s of CPU) to read: a step that is not linear in the request")
    }
    return 0
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzRequest_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzRequest)
}

/// `FUZZ_REQUEST_TRACE=1`: each request and what `decide` answered it, on stdout (to see what seeds reach).
private let tracing = ProcessInfo.processInfo.environment["FUZZ_REQUEST_TRACE"] == "1"

// MARK: - Decoding

/// The routes, and paths that are none (a trailing slash, a file that is not served, an encoded dot).
private let paths = Route.allCases.map(\.rawValue) + ["/render.png/", "/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "*"]

/// A GET of `path` with `query`, from localhost, in HTTP/1.1.
private func request(path: String, query: [UInt8]) -> [UInt8] {
    Array("GET \(path)?".utf8) + query + Array(" HTTP/1.1\r\nHost: localhost:8080\r\n\r\n".utf8)
}

/// The request heads NIO decodes from `reads`, in the pipeline the server sets up (its response
/// encoder and request decoder, without NIO's pipelining and error handlers, as `PreviewServer`
/// does), up to the first error (the server answers it 400 and closes the connection).
private func decodedHeads(_ reads: [[UInt8]]) -> [HTTPRequestHead] {
    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish() }
    do {
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
    } catch {
        fatalError("cannot set up the server's HTTP/1.1 pipeline: \(error)")
    }
    var heads: [HTTPRequestHead] = []
    for read in reads where !read.isEmpty {
        let failed = (try? channel.writeInbound(ByteBuffer(bytes: read))) == nil
        // The requests before a malformed one in the same read are answered first.
        while let part = try? channel.readInbound(as: HTTPServerRequestPart.self) {
            if case .head(let head) = part { heads.append(head) }
        }
        if failed { break }
    }
    return heads
}

// MARK: - What must hold

/// The document served: its folder must never reach a client who did not send it.
private let documentPath = "/work/secret/doc.md", documentFolder = "/work/secret/"
/// Paths of this machine no answer may name unless the request did: the document's folder, the
/// folders it is in, and the current folder.
private let machinePaths = ["/work/secret", "/work/", "/root/", "/tmp/", FileManager.default.currentDirectoryPath + "/"]
    .filter { $0.count > 2 }

/// The server's reading for each address it may listen on (the first byte chooses).
private let readings = ["127.0.0.1", "0.0.0.0", "::1", "192.168.1.20"].map { host in
    (host: host, reading: RequestReading(listeningOn: host, documentPath: documentPath, parameters: screenParameters,
                                         describe: { oneLine("\($0)", limit: 1_000) }))
}.map { Reading(host: $0.host, reading: $0.reading) }

/// A reading and the address its server listens on.
private struct Reading {
    let host: String
    let reading: RequestReading
    /// The names a Host or Origin may give: loopback, and the address listened on.
    var served: [String] {
        let own = host.contains(":") ? "[\(host)]" : host
        return ["localhost", "127.0.0.1", "[::1]"] + (["localhost", "127.0.0.1", "[::1]"].contains(own) ? [] : [own])
    }
}

/// What `decide` answered for `head` must be what the server promises.
private func check(_ decision: RequestReading.Decision, of head: HTTPRequestHead, reading: Reading) {
    let matched = Route.match(head.uri)
    let isRead = head.method == .GET || head.method == .HEAD
    switch decision {
    case .refuse(let status, let text, let headers):
        let code = Int(status.code)
        require([400, 403, 404, 405, 414].contains(code), "a refusal with status \(code): '\(text)' for \(head)")
        require(!text.isEmpty, "a \(code) with no text for \(head)")
        // Every refusal is one line (Findings/FuzzRequest-switch-value-line-break, fixed: a query
        // value that decodes to a line break is refused before a message can quote it).
        require(!text.contains(where: \.isNewline), "a \(code) of more than one line: \(text.debugDescription) for \(head)")
        checkNoMachinePath(text, head: head)
        switch code {
        case 405: require(!isRead && headers.contains { $0.name == "Allow" }, "405 for \(head.method), or without Allow")
        case 404: require(matched == nil, "404 for a route: \(head.uri)")
        case 414: require((matched?.query.utf8.count ?? 0) > Query.maximumLength, "414 for a query of at most 8 KiB: \(head.uri.prefix(200))")
        case 400: require(matched.map { isRendered($0.route) } == true, "400 for a route that reads no query: \(head.uri.prefix(200))")
        default: break
        }
        if code != 403 { requireServed(head, reading: reading) }
    case .page, .info, .events, .render:
        requireServed(head, reading: reading)
        require(isRead, "\(head.method) answered as a read")
        guard let (route, query) = matched else { fatalError("invariant broken: \(head.uri.prefix(200)) answered, not a route") }
        require(query.utf8.count <= Query.maximumLength, "a query of \(query.utf8.count) bytes answered, not 414")
        switch decision {
        case .page: require(route == .page, "the page for \(route)")
        case .info: require(route == .info, "/info.json for \(route)")
        case .events: require(route == .events, "the events for \(route)")
        case .render(let answered, let parameters):
            require(answered == route && isRendered(route), "\(answered) drawn for \(route)")
            require(parameters.width.isFinite && parameters.width > 0, "a width of \(parameters.width)")
            if let viewport = parameters.viewport {
                require([viewport.width, viewport.height].allSatisfy { $0.isFinite && $0 > 0 }, "a viewport of \(viewport)")
            }
            require((1...4).contains(parameters.scale) && !parameters.categories.isEmpty, "parameters \(parameters)")
            require(((try? Query(parsing: query))?.items.count ?? .max) <= Query.maximumItems, "drawn with a query that does not read")
        default: break
        }
    }
}

/// The routes drawn with a query's parameters.
private func isRendered(_ route: Route) -> Bool { [.png, .svg, .layout, .audit].contains(route) }

/// A request that passed the guard was addressed to this machine and sent from its own page or a
/// program: one Host naming a served name (none only in HTTP/1.0), every Origin one of the
/// server's own, and no `Sec-Fetch-Site: cross-site`.
private func requireServed(_ head: HTTPRequestHead, reading: Reading) {
    let hosts = head.headers["Host"]
    let names = reading.served
    func isServed(_ authority: String) -> Bool {
        let lowered = authority.lowercased()
        return names.contains { lowered == $0 || lowered.hasPrefix($0 + ":") }
    }
    if hosts.isEmpty {
        require(head.version == .http1_0, "served without a Host in \(head.version)")
    } else {
        require(hosts.count == 1 && isServed(hosts[0]), "served with the Host(s) \(hosts) (listening on \(reading.host))")
    }
    for origin in head.headers["Origin"] {
        require(origin.lowercased().hasPrefix("http://") && isServed(String(origin.dropFirst(7))), "served with the Origin \(origin)")
    }
    require(!head.headers["Sec-Fetch-Site"].contains { $0.lowercased() == "cross-site" }, "served a cross-site request")
}

/// No path of this machine in `text` unless the request gave it (a query's value, quoted back).
private func checkNoMachinePath(_ text: String, head: HTTPRequestHead) {
    guard machinePaths.contains(where: { holds(text, $0) }) else { return }
    var sent = head.uri + "\n" + head.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    if let query = Route.match(head.uri)?.query, let items = try? Query(parsing: query).items {
        sent += "\n" + items.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
    }
    // The server takes the document's folder out of a message, so a value the client sent around
    // it (`/t/work/secret/mp/`) can come back as another path (`/tmp/`), which it then sent too.
    let redacted = sent.replacingOccurrences(of: documentFolder, with: "")
    for path in machinePaths where holds(text, path) {
        require(holds(sent, path) || holds(redacted, path), "an answer names \(path), which the request did not: '\(text)'")
    }
}

/// Whether `text` holds `part` byte for byte: `/work/` followed by a combining mark is a different
/// Character from `/work/`, but a refusal that quotes it as printable ASCII turns the mark into `?`.
private func holds(_ text: String, _ part: String) -> Bool { text.utf8.firstRange(of: part.utf8) != nil }

/// `Query(parsing:)` and `commandLineArguments` on any text: bounded, and what they read is
/// what the text says.
private func checkQuery(_ text: Substring) {
    let query: Query
    do {
        query = try Query(parsing: text)
    } catch {
        require(!error.message.isEmpty, "a query refused without a message")
        return
    }
    require(text.utf8.count <= Query.maximumLength, "a query of \(text.utf8.count) bytes read")
    require(query.items.count <= Query.maximumItems, "a query read as \(query.items.count) parameters")
    require(query.items.allSatisfy { !$0.name.isEmpty }, "a parameter without a name")
    if let last = query.items.last { require(query.value(last.name) == last.value, "value(\(last.name)) is not the last one given") }
    if let arguments = try? query.commandLineArguments(switches: switches, invertible: invertible) {
        require(arguments.count <= query.items.count && arguments.allSatisfy { $0.utf8.starts(with: "--".utf8) },
                "\(query.items.count) parameters as the arguments \(arguments)")
    }
}

/// The thread's CPU time in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// MARK: - A query read as the preview's parameters

/// The query's switches (`debug=1`) and those the command line also turns off (`hyphenate=0`),
/// as `reflow-cli serve` has them.
private let switches: Set<String> = ["audit", "debug", "bold-text"]
private let invertible: Set<String> = ["hyphenate"]
/// The other names read.
private let valued: Set<String> = ["category", "width", "viewport", "offset", "scale", "lang", "direction", "text-spacing"]
/// The hyphenation dictionaries this server has.
private let dictionaries: Set<String> = ["en-US", "en-GB", "de", "fr"]

/// A well-formed language without a dictionary: an error that is not a `BadRequest`, worded by
/// the configuration's `describe`, that names a file in the document's folder (which the server
/// must take off before answering).
private struct MissingDictionary: Error, CustomStringConvertible {
    let language: String
    var description: String {
        let file = String(language.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || $0 == "-") ? Character($0) : "_" })
        return "there is no hyphenation dictionary for '\(language)' at \(documentFolder)hyphenation/hyph_\(file).dic; "
            + "give lang=" + dictionaries.sorted().joined(separator: ", ") + " or hyphenate=0"
    }
}

/// A query read as the server reads it, in spirit (`ScreenQuery.parameters` of reflow-cli, which
/// this package cannot link): the switches through `commandLineArguments`, numbers decimal only
/// (not `0x1A0`, `nan` or `inf`), each bad value a `BadRequest` that quotes it on one line.
@Sendable private func screenParameters(_ query: Query) throws -> ScreenParameters {
    let arguments = Set(try query.commandLineArguments(switches: switches, invertible: invertible))
    if let unknown = query.items.first(where: { !valued.contains($0.name) && !switches.contains($0.name) && !invertible.contains($0.name) }) {
        throw BadRequest("Unknown option '--\(oneLine(unknown.name))'")
    }
    var parameters = ScreenParameters()
    if let text = query.value("category") {
        if text.lowercased() == "all" {
            parameters.categories = ContentSizeCategory.allCases
        } else if let category = ContentSizeCategory(name: text) {
            parameters.categories = [category]
        } else {
            throw BadRequest("category must be one of \(ContentSizeCategory.validNames) or all, got '\(oneLine(text))'")
        }
    }
    if let text = query.value("viewport") {
        let sides = text.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2 else { throw BadRequest("viewport must be WIDTHxHEIGHT in points, like 390x844, got '\(oneLine(text))'") }
        let viewport = Size(width: try length("viewport's width", sides[0]), height: try length("viewport's height", sides[1]))
        parameters.viewport = viewport
        parameters.width = viewport.width
    }
    if let text = query.value("width") { parameters.width = try length("width", text[...]) }
    if let text = query.value("offset") {
        guard let offset = decimal(text), offset.isFinite, offset >= 0 else {
            throw BadRequest("offset must be a decimal number of points, 0 or more, got '\(oneLine(text))'")
        }
        guard parameters.viewport != nil else {
            throw BadRequest("offset is a place in \(documentPath) on a screen: give viewport=WIDTHxHEIGHT too")
        }
        parameters.position = .offset(offset)
    }
    if let text = query.value("scale") {
        guard let scale = Int(text), (1...4).contains(scale) else { throw BadRequest("scale must be 1, 2, 3 or 4, got '\(oneLine(text))'") }
        parameters.scale = scale
    }
    if let text = query.value("lang") {
        guard let language = try? LanguageTag(text) else { throw BadRequest("lang must be a BCP 47 language tag, like en-US, got '\(oneLine(text))'") }
        if arguments.contains("--hyphenate"), !dictionaries.contains(language.tag) { throw MissingDictionary(language: language.tag) }
        parameters.settings.language = language
    }
    if let text = query.value("direction") {
        guard let direction = BaseDirection(rawValue: text) else { throw BadRequest("direction must be ltr, rtl or auto, got '\(oneLine(text))'") }
        parameters.settings.direction = direction
    }
    if let text = query.value("text-spacing") {
        guard let spacing = TextSpacing(name: text) else { throw BadRequest("text-spacing must be normal or wcag, got '\(oneLine(text))'") }
        parameters.settings.spacing = spacing
    }
    if arguments.contains("--hyphenate") { parameters.settings.hyphenation = true }
    if arguments.contains("--no-hyphenate") { parameters.settings.hyphenation = false }
    if arguments.contains("--bold-text") { parameters.settings.boldText = true }
    parameters.audit = arguments.contains("--audit")
    parameters.debug = arguments.contains("--debug")
    return parameters
}

/// A length in points: decimal, finite, more than 0 and at most 100,000.
private func length(_ name: String, _ text: Substring) throws(BadRequest) -> Double {
    guard let value = decimal(text), value.isFinite, value > 0, value <= 100_000 else {
        throw BadRequest("\(name) must be a decimal number of points, more than 0 and at most 100000, got '\(oneLine(String(text)))'")
    }
    return value
}

/// `text` as a number if it is a decimal one: a sign, digits with a point, an exponent; ASCII only.
private func decimal(_ text: some StringProtocol) -> Double? {
    var bytes = Substring(text).utf8[...]
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let whole = bytes.prefix(while: isDigit).count
    bytes = bytes.dropFirst(whole)
    var fraction = 0
    if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        fraction = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(fraction)
    }
    guard whole + fraction > 0 else { return nil }
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let exponent = bytes.prefix(while: isDigit).count
        guard exponent > 0 else { return nil }
        bytes = bytes.dropFirst(exponent)
    }
    return bytes.isEmpty ? Double(String(text)) : nil
}

/// `text` as one line for a message: line breaks and other control characters as `\u{…}`, at
/// most `limit` characters.
private func oneLine(_ text: String, limit: Int = 100) -> String {
    let scalars = text.unicodeScalars.prefix(limit + 1).map { scalar in
        scalar.properties.generalCategory == .control || Character(scalar).isNewline ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return scalars.prefix(limit).joined() + (scalars.count > limit ? "…" : "")
}
