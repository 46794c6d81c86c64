import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request sent byte for byte as written (any Host, Origin or other header, or none; HTTP/1.0),
/// to a loopback address only (127.0.0.0/8 or ::1), and its response read whole, with a deadline
/// for every read: what a hostile page or program sends, which `LoopbackHTTP` (always a Host of
/// its own) cannot.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Response: CustomStringConvertible {
        let status: Int
        /// Header values by lowercased name.
        let headers: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var description: String { "\(status) \(text.prefix(200))" }
    }

    /// `GET target` with `headers` (each a whole `Name: value` line, a Host among them if wanted),
    /// `Connection: close` added, over `address` (`127.0.0.1`, `::1`).
    static func get(_ target: String, port: Int, address: String = "127.0.0.1", version: String = "HTTP/1.1",
                    headers: [String], timeout: Double = 30) throws -> Response {
        let head = (["GET \(target) \(version)"] + headers + ["Connection: close"]).joined(separator: "\r\n") + "\r\n\r\n"
        return try exchange(Array(head.utf8), port: port, address: address, timeout: timeout)
    }

    /// Sends `bytes` and reads the response to the end of the connection (or of its body).
    static func exchange(_ bytes: [UInt8], port: Int, address: String = "127.0.0.1", timeout: Double = 30) throws -> Response {
        let descriptor = try connect(address: address, port: port, timeout: timeout)
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }  // the server may close before reading all of an oversized request
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
                if let response = parse(received), response.complete { return response.response }
                continue
            }
            if count == 0 || errno == ECONNRESET { break }
            if errno == EINTR { continue }
            throw Failure(description: errno == EAGAIN ? "no answer within \(timeout) s" : "recv: \(String(cString: strerror(errno)))")
        }
        guard let response = parse(received) else {
            throw Failure(description: "not an HTTP response: \(String(decoding: received.prefix(200), as: UTF8.self).debugDescription)")
        }
        return response.response
    }

    private static func parse(_ bytes: [UInt8]) -> (response: Response, complete: Bool)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let fields = lines[0].split(separator: " ")
        guard fields.count >= 2, let status = Int(fields[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = Array(bytes[(end + 4)...])
        let length = headers["content-length"].flatMap(Int.init)
        let complete = length.map { body.count >= $0 } ?? false
        return (Response(status: status, headers: headers, body: length.map { Array(body.prefix($0)) } ?? body), complete)
    }

    private static func connect(address: String, port: Int, timeout: Double) throws -> Int32 {
        let isIPv6 = address.contains(":")
        guard isIPv6 ? address == "::1" : address.hasPrefix("127.") else { throw Failure(description: "not a loopback address: \(address)") }
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, address, &socketAddress.sin6_addr)
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, address, &socketAddress.sin_addr)
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to \(address) port \(port): \(reason)")
        }
        return descriptor
    }
}
