import Foundation

/// What a process uses now, read from /proc: its resident memory, its CPU time, its open files.
/// For bounds in tests (memory that must not grow with an attack, CPU that must not spin), never
/// for timings.
public enum ProcessUsage {
    /// Resident memory in bytes (VmRSS) of `pid`, this process by default; 0 if it cannot be read.
    public static func residentBytes(pid: Int32? = nil) -> Int {
        kilobytes("VmRSS:", pid: pid) * 1024
    }

    /// The most resident memory `pid` has had, in bytes (VmHWM).
    public static func peakResidentBytes(pid: Int32? = nil) -> Int {
        kilobytes("VmHWM:", pid: pid) * 1024
    }

    /// CPU seconds `pid` has used, user and system (fields 14 and 15 of /proc/PID/stat).
    public static func cpuSeconds(pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After the command's name in parentheses: state is field 3, utime field 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The files `pid` has open.
    public static func openDescriptors(pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    private static func kilobytes(_ field: String, pid: Int32?) -> Int {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes
    }
}
