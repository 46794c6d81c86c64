import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One loopback TCP connection driven byte by byte, as a hostile or slow client drives it: send
/// part of a request and wait, pipeline many and never read, read later, or drop the connection
/// with a reset. Every call has a deadline; nothing here waits for ever.
public final class RawConnection {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var descriptor: Int32
    /// Bytes received so far (by `receive`).
    public private(set) var received: [UInt8] = []

    /// Connects to 127.0.0.1 `port`; `receiveBuffer` sets a small SO_RCVBUF (a client that reads
    /// slowly or never), before the connection so that the window is small from the start.
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sends `text`, waiting at most `timeout` seconds for room; returns the bytes sent (fewer
    /// when the server stopped reading and the buffers filled).
    @discardableResult
    public func send(_ text: String, timeout: Double = 5) -> Int { send(Array(text.utf8), timeout: timeout) }

    @discardableResult
    public func send(_ bytes: [UInt8], timeout: Double = 5) -> Int {
        setTimeout(SO_SNDTIMEO, timeout)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            sent += count
        }
        return sent
    }

    /// Reads what arrives until the server closes the connection or `timeout` seconds pass with
    /// nothing new; true when it was closed (end of stream or reset).
    @discardableResult
    public func receive(timeout: Double) -> Bool {
        setTimeout(SO_RCVTIMEO, timeout)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
                continue
            }
            if count == 0 || errno == ECONNRESET { return true }
            if errno == EINTR { continue }
            return false
        }
    }

    /// Whether the server closes the connection within `timeout` seconds (whatever it sends first).
    public func isClosed(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if receive(timeout: min(0.25, max(0.01, deadline.timeIntervalSinceNow))) { return true }
        }
        return false
    }

    /// The status codes of the responses received so far, in order.
    public var statuses: [Int] {
        let text = String(decoding: received, as: UTF8.self)
        return text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
    }

    /// The received text.
    public var text: String { String(decoding: received, as: UTF8.self) }

    /// Drops the connection at once with a reset (no orderly close): a client that went away.
    public func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(descriptor)
        descriptor = -1
    }

    private func setTimeout(_ option: Int32, _ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }
}

/// A request head with a loopback Host, as a client writes one.
public func requestText(_ target: String, close: Bool = false) -> String {
    "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n"
}
