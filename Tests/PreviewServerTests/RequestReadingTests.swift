import NIOHTTP1
import Testing
@testable import PreviewServer

/// What the server makes of a request's head before any work (`RequestReading`): each refusal is
/// one line of text naming no path of the machine, whatever the request carried.
struct RequestReadingTests {
    static let reading = RequestReading(listeningOn: "127.0.0.1", documentPath: "/work/secret/notes.md",
                                        parameters: { query in
                                            _ = try query.commandLineArguments(switches: ["bold-text", "debug"])
                                            if let width = query.value("width"), Double(width) == nil {
                                                throw BadRequest("The value '\(width)' is invalid for '--width <pt>'")
                                            }
                                            return ScreenParameters()
                                        })

    static func decide(_ target: String) -> RequestReading.Decision {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        head.headers.add(name: "Host", value: "127.0.0.1:8080")
        return reading.decide(head, port: 8080)
    }

    /// Found by FuzzRequest (Fuzz/Findings/FuzzRequest-switch-value-line-break): a decoded line
    /// break in a quoted value made a 400 of two lines. No option takes a control character, so
    /// the query refuses one before any parser quotes it.
    @Test(arguments: ["/layout.json?bold-text=%0Ax", "/render.png?width=%0D%0AX-Injected:%201", "/render.png?debug=%E2%80%A8",
                      "/render.png?width=%09%00"])
    func aRefusalQuotingAValueIsOneLine(target: String) throws {
        guard case .refuse(let status, let text, _) = Self.decide(target) else {
            Issue.record("\(target) was not refused")
            return
        }
        #expect(status == .badRequest)
        #expect(text.contains("decodes to a control character or a line break"), "\(text)")
        #expect(!text.contains { $0.isNewline }, "\(text.debugDescription)")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(text.debugDescription)")
    }

    @Test func theRoutesAndTheirRefusals() {
        guard case .page = Self.decide("/") else { return #expect(Bool(false), "/ is the page") }
        guard case .render(.png, _) = Self.decide("/render.png?bold-text=1") else { return #expect(Bool(false), "a picture") }
        guard case .refuse(.notFound, _, _) = Self.decide("/../../etc/passwd") else { return #expect(Bool(false), "404") }
        guard case .refuse(.uriTooLong, _, _) = Self.decide("/render.png?" + String(repeating: "a", count: 9000)) else {
            return #expect(Bool(false), "414")
        }
    }
}
