import Foundation
import NIOHTTP1
import Reflow
import ReflowKit
import TextMetrics
#if canImport(Glibc)
import Glibc
#endif

/// What lets the live page write a new order of cells to the document (`serve --allow-edits`):
/// `POST /reorder` with `{"token", "version", "from", "to"}` moves one cell (`ReorderEdit`: a
/// screen's cell, a Markdown list's item) and writes the file whole.
///
/// A write is made only when all of these hold, else nothing is written:
///
/// - The server was started with edits allowed (else 403, saying to start it with `--allow-edits`).
/// - The request passed `RequestGuard` (this machine's Host, no other origin's page: 403) and is a
///   `POST` (405) with a JSON body (`Content-Type: application/json`, 415) of at most
///   `maximumBodyBytes` (413) that reads as the four fields (400).
/// - `token` is this run's: 256 random bits from `SystemRandomNumberGenerator`, made when the
///   server starts and put in the page it serves (`pageFields()`), compared in constant time (else
///   403). A page of another site cannot read it, so it cannot reorder a file even where the
///   browser sends no Origin.
/// - `version` is the file's as the page loaded it (`ReorderEdit.version(of:)`, a hash of its
///   bytes): a file changed since (saved in an editor, or reordered from another page) is 409,
///   and the page should be loaded again.
/// - The move is one the document allows (422 with `ReorderError`'s words).
///
/// The file is written whole: the new bytes go to a temporary file in the same folder, with the
/// file's permissions (and owner, where allowed), flushed to the disk, then renamed over it, so
/// that a reader (an editor, the server's own watch) sees the old file or the new one, never a
/// part. Writes are made one at a time, each checking the version just before it writes.
public final class EditSession: Sendable {
    /// The route of a reorder (any method; only `POST` is answered otherwise than 405).
    public static let route = "/reorder"
    /// The largest body read: the four fields take about 150 bytes.
    public static let maximumBodyBytes = 4096

    /// Whether the page may write (`--allow-edits`).
    public let isEnabled: Bool
    /// This run's token: 64 hexadecimal digits.
    public let token: String
    let documentPath: String
    let reader: DocumentReader
    /// Held while a request checks the version and writes: one write at a time.
    private let writing = Locked(0)

    /// A session for the document at `documentPath`, read with `reader` (its input limit, its
    /// Markdown bounds), writing only when `isEnabled`.
    public init(documentPath: String, reader: DocumentReader, isEnabled: Bool) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        self.documentPath = documentPath
        self.reader = reader
        self.isEnabled = isEnabled
    }

    /// What the page needs to send a reorder: the token and the version of the file as it is now
    /// (the page sends both back in the body of `POST /reorder`); nil when edits are not allowed
    /// (the page then keeps a reorder to itself until it is loaded again) or the file cannot be
    /// read now.
    public func pageFields() -> (token: String, version: String)? {
        guard isEnabled, let bytes = try? reader.bytes(ofRegularFile: documentPath) else { return nil }
        return (token, ReorderEdit.version(of: bytes))
    }

    /// An answer to a request of the route.
    struct Answer: Sendable {
        var status: HTTPResponseStatus
        var contentType = "text/plain; charset=utf-8"
        var body: [UInt8]
        var headers: [(name: String, value: String)] = []

        /// A plain-text answer: a message for a person, ending in a line feed.
        init(_ status: HTTPResponseStatus, _ text: String, headers: [(name: String, value: String)] = []) {
            self.status = status
            body = Array((text + "\n").utf8)
            self.headers = headers
        }

        init(json: String) {
            status = .ok
            contentType = "application/json"
            body = Array(json.utf8)
        }
    }

    /// What the request's head alone decides (on the event loop): a refusal, or nil when its
    /// body is to be read and `answer(body:describe:)` decides.
    func refusal(of head: HTTPRequestHead) -> Answer? {
        guard head.method == .POST else {
            return Answer(.methodNotAllowed, "\(head.method) is not answered at \(Self.route): a reorder is POST", headers: [("Allow", "POST")])
        }
        guard isEnabled else {
            return Answer(.forbidden, "this server does not write to the file: start it with 'reflow-cli serve --allow-edits' "
                + "to let the page save a new order (without it a reorder stays in the page until it is loaded again)")
        }
        let type = head.headers["Content-Type"].first?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            return Answer(.unsupportedMediaType, "a reorder's body is JSON: send it with Content-Type: application/json")
        }
        if let length = head.headers["Content-Length"].first.flatMap({ Int($0) }), length > Self.maximumBodyBytes {
            return Answer(.payloadTooLarge, Self.tooLarge)
        }
        return nil
    }

    static let tooLarge = "a reorder's body is at most \(maximumBodyBytes) bytes: {\"token\", \"version\", \"from\", \"to\"}"

    /// The answer to a reorder whose head was accepted, with its `body` (nil: longer than
    /// `maximumBodyBytes`). Reads and writes the file: called on a render thread.
    /// - Parameter describe: an error's words for the client, without the machine's paths.
    func answer(body: [UInt8]?, describe: (any Error) -> String) -> Answer {
        guard let body else { return Answer(.payloadTooLarge, Self.tooLarge) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let token = object["token"] as? String, let version = object["version"] as? String,
              let fromText = object["from"] as? String, let toText = object["to"] as? String else {
            return Answer(.badRequest, "a reorder's body is a JSON object of four strings: "
                + "{\"token\": the page's token, \"version\": the file's version the page shows, \"from\": \"0.3\", \"to\": \"0.5\"}")
        }
        guard Self.same(token, self.token) else {
            return Answer(.forbidden, "the token is not this server's: reorder from the page this server serves, loaded since it started")
        }
        guard let from = ReorderMove.indexPath(parsing: fromText), let to = ReorderMove.indexPath(parsing: toText) else {
            return Answer(.badRequest, "\"from\" and \"to\" are index paths as the layout writes them, section.item "
                + "(\"0.3\"), got \(RequestGuard.quoted(fromText)) and \(RequestGuard.quoted(toText))")
        }
        let move = ReorderMove(from: from, to: to)
        return writing.withLock { writes in
            let bytes: [UInt8]
            do {
                bytes = try reader.bytes(ofRegularFile: documentPath)
            } catch {
                return Answer(.conflict, "the file cannot be read now (\(describe(error))); nothing was written")
            }
            guard ReorderEdit.version(of: bytes) == version else {
                return Answer(.conflict, "the file has changed since the page loaded it (saved elsewhere, or reordered from "
                    + "another page); nothing was written: reload the page and move the cell again")
            }
            let edited: [UInt8]
            do {
                edited = try ReorderEdit.apply(move, to: bytes, format: DocumentFormat(path: documentPath),
                                               bounds: reader.markdownBounds(for: documentPath))
            } catch {
                return Answer(.unprocessableEntity, "cannot move \(move): \(describe(error)); nothing was written")
            }
            do {
                try Self.writeWhole(edited, to: documentPath)
            } catch {
                return Answer(.internalServerError, "the new order could not be written: \(describe(error)); the file is as it was")
            }
            writes += 1
            return Answer(json: "{\"version\": \"\(ReorderEdit.version(of: edited))\", "
                + "\"from\": \"\(ReorderMove.text(of: from))\", \"to\": \"\(ReorderMove.text(of: to))\"}")
        }
    }

    /// Reorders written so far.
    var writeCount: Int { writing.withLock { $0 } }

    /// Whether `a` and `b` are the same, in a time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Why a file could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `bytes` over the file at `path` (the file a link names, when it is one) whole: to a
    /// new temporary file beside it with its permissions, flushed, then renamed over it.
    static func writeWhole(_ bytes: [UInt8], to path: String) throws {
        let target = realpath(path, nil).map { resolved in defer { free(resolved) }; return String(cString: resolved) } ?? path
        var status = stat()
        guard stat(target, &status) == 0 else { throw Self.failure("cannot look at the file") }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var generator = SystemRandomNumberGenerator()
        let temporary = "\(folder.isEmpty ? "" : folder)/.\(name).reflow-\(String(generator.next() as UInt32, radix: 16)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create a temporary file beside it") }
        var done = false
        defer { if !done { unlink(temporary) } }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let failure = Self.failure("cannot write the temporary file")
                close(descriptor)
                throw failure
            }
            written += count
        }
        _ = fchown(descriptor, status.st_uid, status.st_gid)  // kept where allowed (as root, or the same owner)
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
            let failure = Self.failure("cannot give the temporary file the file's permissions and flush it")
            close(descriptor)
            throw failure
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else { throw Self.failure("cannot rename the temporary file over it") }
        done = true
    }

    private static func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)).lowercased())")
    }
}
