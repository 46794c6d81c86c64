import Foundation

/// Headless Chromium as a reference renderer: takes a screenshot of a file it opens (an SVG, an
/// HTML report) at a given window size and device pixel ratio. Found at $REFLOW_CHROMIUM, else as
/// `chromium`, `chromium-browser` or `google-chrome` on the PATH (Debian's package installs
/// /usr/bin/chromium; .ci/run installs it).
public enum Chromium {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The browser's path, or nil when none is installed.
    public static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["REFLOW_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories {
                let path = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }()

    public static var isAvailable: Bool { executable != nil }

    /// Whether a missing browser is a failure rather than a skip: in CI (CI set, as CI services
    /// do) or when REFLOW_REQUIRE_CHROMIUM=1.
    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["REFLOW_REQUIRE_CHROMIUM"] == "1" || !(environment["CI"] ?? "").isEmpty
    }

    /// A PNG screenshot of the file `page` (an SVG, an HTML page) in a `width` x `height`
    /// CSS-pixel window at `scale` device pixels per CSS pixel. Each call has its own profile
    /// folder, so calls can run in parallel; a browser that takes longer than `timeout` seconds is
    /// stopped and the call throws.
    public static func screenshot(page: URL, width: Int, height: Int, scale: Int, timeout: TimeInterval = 120) throws -> Data {
        guard let executable else { throw Failure(description: "chromium is not installed") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("screenshot.png")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-extensions", "--mute-audio", "--user-data-dir=\(work.appendingPathComponent("profile").path)",
            "--force-device-scale-factor=\(scale)", "--window-size=\(width),\(height)",
            "--default-background-color=ffffffff", "--screenshot=\(output.path)", page.absoluteString,
        ]
        let log = work.appendingPathComponent("log.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw Failure(description: "chromium took more than \(Int(timeout)) s to take a screenshot of \(page.lastPathComponent)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let data = FileManager.default.contents(atPath: output.path), !data.isEmpty else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium (exit \(process.terminationStatus)) wrote no screenshot of \(page.lastPathComponent): "
                + text.split(separator: "\n").suffix(3).joined(separator: " | "))
        }
        return data
    }
}
