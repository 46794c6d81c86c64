import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small blocking HTTP/1.1 client for the tests of the preview server, on this machine only
/// (an IPv4 address, 127.0.0.1 by default). It sends the request target exactly as given (no
/// normalizing of `..`, no encoding: what a hostile client sends) and reads the response whole,
/// or as a stream of server-sent events. Every read has a deadline, so a server that hangs fails
/// the test instead of stalling it.
public enum LoopbackHTTP {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public struct Response: CustomStringConvertible {
        public let status: Int
        /// Header values by lowercased name (the last one of a repeated header).
        public let headers: [String: String]
        public let body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
        public var description: String { "\(status) \(headers["content-type"] ?? "") \(body.count) bytes" }
    }

    /// One request and its whole response, on a connection of its own that is closed after it.
    public static func request(_ target: String, port: Int, method: String = "GET", host: String = "127.0.0.1",
                               timeout: TimeInterval = 120) throws -> Response {
        let connection = try Connection(host: host, port: port, timeout: timeout)
        defer { connection.close() }
        try connection.send("\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n")
        let (status, headers) = try connection.readHead()
        var body: [UInt8] = []
        if method == "HEAD" {
            // A HEAD response has no body, whatever its length says.
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while let chunk = try connection.readChunk() { body += chunk }
        } else if let length = headers["content-length"].flatMap(Int.init) {
            body = try connection.read(count: length)
        } else {
            body = try connection.readToEnd()
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// A GET, expecting 200: the body, or a failure that says what came instead.
    public static func get(_ target: String, port: Int, timeout: TimeInterval = 120) throws -> Response {
        let response = try request(target, port: port, timeout: timeout)
        guard response.status == 200 else {
            throw Failure(description: "GET \(target): \(response.status) \(response.text)")
        }
        return response
    }

    /// An open `text/event-stream` response, read event by event.
    public final class EventStream {
        private let connection: Connection
        private var pending: [UInt8] = []
        /// The response's headers.
        public let headers: [String: String]

        /// Opens `target` (GET) and reads the response's head; a status other than 200 is a failure.
        public init(_ target: String, port: Int, host: String = "127.0.0.1", timeout: TimeInterval = 30) throws {
            connection = try Connection(host: host, port: port, timeout: timeout)
            try connection.send("GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: text/event-stream\r\n\r\n")
            let (status, headers) = try connection.readHead()
            guard status == 200 else { throw Failure(description: "GET \(target): status \(status)") }
            self.headers = headers
        }

        /// The next event's name and data (its `data:` lines joined by line feeds); comments
        /// and `retry:` lines are skipped; nil when the stream ended.
        public func next() throws -> (name: String, data: String)? {
            while true {
                if let end = Self.eventEnd(in: pending) {
                    let block = String(decoding: pending[..<end], as: UTF8.self)
                    pending.removeFirst(end + 2)
                    var name = "message", data: [Substring] = []
                    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                        if line.hasPrefix("data: ") { data.append(line.dropFirst(6)) }
                    }
                    if !data.isEmpty { return (name, data.joined(separator: "\n")) }
                    continue
                }
                guard let chunk = try connection.readChunk() else { return nil }
                pending += chunk
            }
        }

        /// The next event named `name`, skipping others.
        public func next(named name: String) throws -> String? {
            while let event = try next() {
                if event.name == name { return event.data }
            }
            return nil
        }

        public func close() { connection.close() }

        deinit { connection.close() }

        private static func eventEnd(in bytes: [UInt8]) -> Int? {
            guard bytes.count >= 2 else { return nil }
            return (0..<(bytes.count - 1)).first { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }
        }
    }

    /// A TCP connection with a read deadline per read.
    final class Connection {
        private var descriptor: Int32
        private var buffer: [UInt8] = []

        init(host: String, port: Int, timeout: TimeInterval) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
            var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw Failure(description: "not an IPv4 address: \(host)") }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let reason = String(cString: strerror(errno))
                close()
                throw Failure(description: "connect to \(host):\(port): \(reason)")
            }
        }

        func close() {
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
                sent += count
            }
        }

        /// Reads more bytes into the buffer; false at the end of the stream.
        private func fill() throws -> Bool {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    buffer += chunk[..<count]
                    return true
                }
                if count == 0 { return false }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "no answer before the deadline") }
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
        }

        func readLine() throws -> String {
            while true {
                if let end = buffer.indices.dropFirst().first(where: { buffer[$0 - 1] == 0x0D && buffer[$0] == 0x0A }) {
                    let line = String(decoding: buffer[..<(end - 1)], as: UTF8.self)
                    buffer.removeFirst(end + 1)
                    return line
                }
                guard try fill() else { throw Failure(description: "the connection closed in the middle of a line") }
            }
        }

        func read(count: Int) throws -> [UInt8] {
            while buffer.count < count {
                guard try fill() else { throw Failure(description: "the connection closed after \(buffer.count) of \(count) bytes") }
            }
            defer { buffer.removeFirst(count) }
            return Array(buffer[..<count])
        }

        func readToEnd() throws -> [UInt8] {
            while try fill() {}
            defer { buffer.removeAll() }
            return buffer
        }

        func readHead() throws -> (status: Int, headers: [String: String]) {
            let statusLine = try readLine()
            let fields = statusLine.split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), let status = Int(fields[1]) else {
                throw Failure(description: "not an HTTP status line: \(statusLine)")
            }
            var headers: [String: String] = [:]
            while true {
                let line = try readLine()
                if line.isEmpty { break }
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return (status, headers)
        }

        /// The next chunk of a chunked body; nil after the last one (or when the connection closes).
        func readChunk() throws -> [UInt8]? {
            let sizeLine: String
            do { sizeLine = try readLine() } catch { return nil }
            guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
                throw Failure(description: "not a chunk size: \(sizeLine)")
            }
            if size == 0 { return nil }
            let chunk = try read(count: size)
            _ = try readLine()
            return chunk
        }
    }
}
