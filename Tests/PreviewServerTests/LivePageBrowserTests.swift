import Foundation
import Testing
import TestSupport
@testable import PreviewServer

/// The live page in a real browser keeps the reader's place and scrolls to the real end: headless
/// Chromium, driven over the DevTools protocol (`--remote-debugging-pipe`, by the Python script
/// below), opens the page of a real README, scrolls a third of the way down at L, moves the text
/// size slider to AX5 and back to L, and reads the block at the top of the screen each time from
/// the server's layout at the page's scroll offset; then scrolls to the end a screen at a time,
/// noting the page's scroll height, and presses End. Skipped, saying so, without Chromium or
/// Python; in CI (CI set) or with REFLOW_REQUIRE_CHROMIUM=1 a missing browser fails.
@Suite(.serialized, .runsOutsideTools, .tags(.outsideTools)) struct LivePageBrowserTests {
    @Test func chromiumIsAvailableWhereRequired() {
        if !Chromium.isAvailable, Chromium.isRequired {
            Issue.record("chromium is not installed, and it is required here (CI or REFLOW_REQUIRE_CHROMIUM=1): the live page was not opened")
        }
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: Chromium.isAvailable && python != nil,
                   "SKIPPED: chromium or python3 is not installed, so the live page was not opened in a browser"),
          .timeLimit(.hangGuard))
    func theBlockAtTheTopStaysFromLToAX5AndBackAndEndReachesTheEnd() throws {
        let running = try KeptPlaceTests.running()
        defer { running.stop() }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-live-page-\(UUID().uuidString).py")
        try Self.driver.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [script.path, try #require(Chromium.executable), running.server.url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the driver failed: \(String(decoding: data, as: UTF8.self))")
        FileHandle.standardError.write(Data("live page, kept place: \(String(decoding: data, as: UTF8.self))\n".utf8))
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let kept = try #require(result["keep"] as? [[String: Any]])
        #expect(kept.map { $0["category"] as? String } == ["l", "ax5", "l"])
        let first = kept[0]
        for step in kept.dropFirst() {
            #expect(step["indexPath"] as? [String: Int] == first["indexPath"] as? [String: Int],
                    "the block at the top at \(step["category"] ?? "?"): \(step), at L: \(first)")
            let y = step["screenY"] as? Double ?? .nan, y0 = first["screenY"] as? Double ?? .nan
            #expect(abs(y - y0) <= 1, "its top on the screen at \(step["category"] ?? "?"): \(y) pt, at L \(y0) pt")
        }
        #expect((first["scrollY"] as? Double ?? 0) > 1000, "a third of the way down: \(first)")
        let whole = try #require(result["whole"] as? [String: Double]), end = try #require(result["end"] as? [String: Any])
        let heights = try #require(result["heights"] as? [Double])
        #expect(heights.last == whole["contentHeight"], "the scroll height while scrolling: \(heights); the page: \(whole)")
        #expect(abs((end["screenBottom"] as? Double ?? 0) - (whole["contentHeight"] ?? 0)) <= 1, "End: \(end); the page: \(whole)")
        #expect((end["screenBottom"] as? Double ?? 0) >= (whole["lastBlockBottom"] ?? .infinity) - 1, "End shows the last block")
    }

    /// Drives the page: `python3 driver.py CHROMIUM URL` prints the steps' findings as JSON.
    static let driver = ##"""
# Drives the live page of `reflow-cli serve` in headless Chromium over the DevTools protocol
# (--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), and prints one JSON
# object: the block at the screen's top after each step, and the page's heights while scrolling.
import json, os, subprocess, sys, time
chrome, url = sys.argv[1], sys.argv[2]
to_chrome_r, to_chrome_w = os.pipe()
from_chrome_r, from_chrome_w = os.pipe()
def child():
    a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)  # never fd 3 or 4 themselves, which dup2 would leave close-on-exec
    os.dup2(a, 3); os.dup2(b, 4)
proc = subprocess.Popen([chrome, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--no-first-run", "--disable-extensions", "--mute-audio", "--disable-dev-shm-usage",
                         "--force-device-scale-factor=1", "--window-size=1200,900", "about:blank"],
                        preexec_fn=child, pass_fds=(3, 4) if False else (), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        close_fds=False)
os.close(to_chrome_r); os.close(from_chrome_w)
buffer = b""; ident = 0
def send(method, params=None, session=None):
    global ident, buffer
    ident += 1
    message = {"id": ident, "method": method, "params": params or {}}
    if session: message["sessionId"] = session
    os.write(to_chrome_w, json.dumps(message).encode() + b"\0")
    deadline = time.time() + 60
    while time.time() < deadline:
        while b"\0" in buffer:
            raw, buffer = buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == ident:
                if "error" in reply: raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
        chunk = os.read(from_chrome_r, 1 << 16)
        if not chunk: raise RuntimeError("chromium closed the pipe")
        buffer += chunk
    raise RuntimeError(f"{method}: no answer in 60 s")
def js(session, expression):
    result = send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
    if "exceptionDetails" in result: raise RuntimeError(json.dumps(result["exceptionDetails"])[:800])
    return result["result"].get("value")
HELPERS = r"""
window.__settle = async () => {
  let quiet = 0;
  for (let i = 0; i < 600 && quiet < 8; i++) {
    await new Promise((r) => setTimeout(r, 50));
    quiet = (!page.drawing && !page.again && screen.dataset.query) ? quiet + 1 : 0;
  }
  return quiet >= 8;
};
window.__size = async (index) => {
  $("size").value = String(index); $("size").dispatchEvent(new Event("input")); return await __settle();
};
// The block at the top of the screen on show, from the server's own layout at the page's scroll offset.
window.__top = async () => {
  const q = new URLSearchParams(screen.dataset.query);
  const y = Math.round(window.scrollY);
  const l = new URLSearchParams({ category: q.get("category"), viewport: q.get("viewport"), offset: String(y) });
  const report = await (await fetch("/layout.json?" + l)).json();
  const layout = Array.isArray(report.layouts) ? report.layouts[0] : (report.layouts || report.layout || report);
  const cells = (layout.elements || []).filter((e) => e.kind === "cell" && e.frame);
  const frame = (e) => Array.isArray(e.frame) ? { y: e.frame[1], h: e.frame[3] } : { y: e.frame.y, h: e.frame.height };
  const top = cells.filter((e) => frame(e).y <= y + 0.01 && frame(e).y + frame(e).h > y).concat(cells.filter((e) => frame(e).y > y))[0];
  return { category: q.get("category"), scrollY: y, scrollHeight: document.documentElement.scrollHeight,
           indexPath: top && top.indexPath, sourceLine: top && top.sourceLine, kind: top && top.kind,
           screenY: top ? frame(top).y - y : null };
};
"""
try:
    target = send("Target.createTarget", {"url": url})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    send("Runtime.enable", {}, session)
    for _ in range(200):
        if js(session, "document.readyState === 'complete' && typeof page !== 'undefined' && !!screen.dataset.query"): break
        time.sleep(0.05)
    js(session, HELPERS)
    js(session, "__settle()")
    out = {"keep": [], "heights": []}
    js(session, "window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) / 3)); __settle()")
    out["keep"].append(js(session, "__top()"))
    for index in (11, 3):
        js(session, f"__size({index})")
        out["keep"].append(js(session, "__top()"))
    # Scrolling to the end at L a screen at a time, from the top: the page's scroll height after each screen.
    js(session, "window.scrollTo(0, 0); __settle()")
    for _ in range(400):
        state = js(session, "({y: Math.round(scrollY), h: document.documentElement.scrollHeight - innerHeight + screenHeight(), max: document.documentElement.scrollHeight - innerHeight})")
        out["heights"].append(state["h"])
        if state["y"] >= state["max"] - 1: break
        js(session, "window.scrollBy(0, Math.round(innerHeight * 0.9)); __settle()")
    js(session, "window.scrollTo(0, 0); __settle()")
    # End: to the bottom at once, then wait for the height to settle.
    js(session, "window.scrollTo(0, document.documentElement.scrollHeight); __settle()")
    js(session, "new Promise((r) => setTimeout(r, 3000))")
    js(session, "__settle()")
    out["end"] = js(session, "__top()")
    out["end"]["screenBottom"] = js(session, "Math.round(scrollY) + screenHeight()")
    # The page's last block and its end, from the whole layout at that size and width.
    out["whole"] = js(session, """(async () => {
      const q = new URLSearchParams(screen.dataset.query);
      const w = new URLSearchParams({ category: q.get("category"), width: q.get("viewport").split("x")[0] });
      const layout = (await (await fetch("/layout.json?" + w)).json()).layouts[0];
      const cells = layout.elements.filter((e) => e.kind === "cell");
      return { contentHeight: layout.contentSize.height, lastBlockBottom: Math.max(...cells.map((e) => e.frame.y + e.frame.height)) };
    })()""")
    print(json.dumps(out))
finally:
    try: send("Browser.close")
    except Exception: pass
    proc.wait(timeout=10)
"""##
}
