import Foundation
import Readers
import ReflowKit
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// The live page in a real browser keeps the reader's place and scrolls to the real end: headless
/// Chromium, driven over the DevTools protocol (`--remote-debugging-pipe`, by the Python script
/// below), opens the page and changes its settings with the page's own controls, as a reader
/// does: a third of the way down a real README at L, the text size slider to AX5 and back to L,
/// the device menu to the iPad mini (744 pt) and back to the iPhone 15 (390 pt), and the Bold Text
/// box on and off; partway down a real screen with string catalogs at AX3, the language menu from
/// English to German, Arabic (right to left) and back. After each change the block at the top of
/// the screen is read from the server's own layout at the page's scroll offset and settings: the
/// same block at the same screen position, within 1 pt (issue 39); deep in a tall block at AX5,
/// changing the width or size and back returns to that place. Then the README is scrolled to
/// the end a screen at a time, noting the page's scroll height, and End pressed. Skipped, saying
/// so, without Chromium or Python; in CI (CI set) or with REFLOW_REQUIRE_CHROMIUM=1 a missing
/// browser fails.
@Suite(.serialized, .runsOutsideTools, .tags(.outsideTools)) struct LivePageBrowserTests {
    @Test func chromiumIsAvailableWhereRequired() {
        if !Chromium.isAvailable, Chromium.isRequired {
            Issue.record("chromium is not installed, and it is required here (CI or REFLOW_REQUIRE_CHROMIUM=1): the live page was not opened")
        }
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// KeptPlaceTests' parameters, `lang` and `bold-text`, read as `reflow-cli serve` reads them
    /// (`--lang`: the catalogs' language, and a real language's tag for the text; `--bold-text`),
    /// so that the page's Bold Text box and language menu change what is drawn. The command
    /// line's own parsing of them is tested with `reflow-cli serve` (CLITests).
    static let parameters: @Sendable (Query) throws -> ScreenParameters = { query in
        var parameters = try KeptPlaceTests.parameters(query)
        if let lang = query.value("lang") {
            do {
                parameters.language = try ScreenParameters.language(of: try LanguageChoice(parsing: lang))
                if PseudoLanguage(tag: lang) == nil { parameters.settings.language = try LanguageTag(lang) }
            } catch let error as InvalidLanguageChoice {
                throw BadRequest(error.message)
            }
        }
        if let bold = query.value("bold-text") { parameters.settings.boldText = ["1", "true", "on", "yes", ""].contains(bold) ? true : nil }
        return parameters
    }

    /// Runs the driver on the page `running` serves through `scenario` and reads what it printed.
    static func drive(_ running: PreviewServerTests.Running, _ scenario: String) throws -> [String: Any] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-live-page-\(UUID().uuidString).py")
        try Self.driver.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [script.path, try #require(Chromium.executable), running.server.url, scenario]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the driver failed: \(String(decoding: data, as: UTF8.self))")
        FileHandle.standardError.write(Data("live page, kept place (\(scenario)): \(String(decoding: data, as: UTF8.self))\n".utf8))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Each step's block at the top of the screen is the first step's, at the same screen
    /// position within 1 pt. A step in `moved` must have been scrolled to keep it (the block's
    /// top in the document is elsewhere at that setting): else the check would prove nothing.
    static func expectKept(_ steps: [[String: Any]], moved: Set<String>) {
        guard let first = steps.first else { return }
        let y0 = first["screenY"] as? Double ?? .nan, scroll0 = first["scrollY"] as? Double ?? .nan
        for step in steps.dropFirst() {
            let name = step["step"] as? String ?? "?"
            #expect(step["indexPath"] as? [String: Int] == first["indexPath"] as? [String: Int],
                    "the block at the top after \(name): \(step), at first: \(first)")
            let y = step["screenY"] as? Double ?? .nan
            #expect(abs(y - y0) <= 1, "its top on the screen after \(name): \(y) pt, at first \(y0) pt")
            if moved.contains(name) {
                #expect(abs((step["scrollY"] as? Double ?? .nan) - scroll0) > 20,
                        "after \(name) the block is elsewhere in the document, so the page scrolled to keep it: \(step), at first: \(first)")
            }
        }
    }

    @Test(.enabled(if: Chromium.isAvailable && python != nil,
                   "SKIPPED: chromium or python3 is not installed, so the live page was not opened in a browser"),
          .timeLimit(.hangGuard))
    func theBlockAtTheTopStaysThroughSizeWidthAndBoldTextAndEndReachesTheEnd() throws {
        let running = try KeptPlaceTests.running { $0.parameters = LivePageBrowserTests.parameters }
        defer { running.stop() }
        let result = try Self.drive(running, "readme")
        let kept = try #require(result["keep"] as? [[String: Any]])
        #expect(kept.map { $0["step"] as? String } == ["l", "ax5", "l again", "744 pt", "390 pt", "bold", "regular"])
        // The page asked for what its controls say.
        let queries = kept.map { URLComponents(string: "?" + ($0["query"] as? String ?? ""))?.queryItems ?? [] }
        let value = { (step: Int, name: String) in queries[step].first { $0.name == name }?.value }
        #expect(kept.indices.map { value($0, "category") } == ["l", "ax5", "l", "l", "l", "l", "l"])
        #expect(kept.indices.map { value($0, "viewport")?.split(separator: "x").first.map(String.init) }
                == ["390", "390", "390", "744", "390", "390", "390"])
        #expect(kept.indices.map { value($0, "bold-text") } == [nil, nil, nil, nil, nil, "1", nil])
        Self.expectKept(kept, moved: ["ax5", "744 pt", "bold"])
        #expect((kept[0]["scrollY"] as? Double ?? 0) > 1000, "a third of the way down: \(kept[0])")
        let whole = try #require(result["whole"] as? [String: Double]), end = try #require(result["end"] as? [String: Any])
        let heights = try #require(result["heights"] as? [Double])
        #expect(heights.last == whole["contentHeight"], "the scroll height while scrolling: \(heights); the page: \(whole)")
        #expect(abs((end["screenBottom"] as? Double ?? 0) - (whole["contentHeight"] ?? 0)) <= 1, "End: \(end); the page: \(whole)")
        #expect((end["screenBottom"] as? Double ?? 0) >= (whole["lastBlockBottom"] ?? .infinity) - 1, "End shows the last block")
    }

    /// Deep in a tall block at AX5, a change to a width or size at which the block is shorter than
    /// the screen's top was into it cannot keep its screen position (the block stays at the top,
    /// `ScreenPlace.top(of:)`); changing back, without scrolling in between, brings the reader back
    /// to where they were: the same block at the same screen position, not where the shorter
    /// block left the page.
    @Test(.enabled(if: Chromium.isAvailable && python != nil,
                   "SKIPPED: chromium or python3 is not installed, so the live page was not opened in a browser"),
          .timeLimit(.hangGuard))
    func changingBackDeepInATallBlockComesBackToThePlace() throws {
        let running = try KeptPlaceTests.running { $0.parameters = LivePageBrowserTests.parameters }
        defer { running.stop() }
        let result = try Self.drive(running, "deep")
        let kept = try #require(result["keep"] as? [[String: Any]])
        #expect(kept.map { $0["step"] as? String } == ["ax5", "744 pt", "390 pt", "l", "ax5 again"])
        #expect(kept.allSatisfy { $0["anchor"] as? String == kept[0]["anchor"] as? String }, "the same place asked for and answered each time")
        Self.expectKept(kept.filter { ["ax5", "390 pt", "ax5 again"].contains($0["step"] as? String) }, moved: [])
        #expect((kept[0]["screenY"] as? Double ?? 0) < -300, "deep in a tall block: \(kept[0])")
    }

    /// Whisky's first setup page (Tests/Corpus/strings) beside its string catalog, which has
    /// German and Arabic: at AX3 it is more than two screens tall in each.
    static func whisky() throws -> PreviewServerTests.Running {
        let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings/Whisky-App--Whisky")
        return try PreviewServerTests.Running("welcome.json", contents: try Data(contentsOf: corpus.appendingPathComponent("welcome.json"))) { configuration in
            // Before the server reads the screen: its catalog beside it.
            let folder = URL(fileURLWithPath: configuration.document).deletingLastPathComponent()
            try? FileManager.default.copyItem(at: corpus.appendingPathComponent("Localizable.xcstrings"),
                                              to: folder.appendingPathComponent("Localizable.xcstrings"))
            configuration.parameters = LivePageBrowserTests.parameters
        }
    }

    @Test(.enabled(if: Chromium.isAvailable && python != nil,
                   "SKIPPED: chromium or python3 is not installed, so the live page was not opened in a browser"),
          .timeLimit(.hangGuard))
    func theCellAtTheTopStaysThroughTheLanguageMenu() throws {
        let running = try Self.whisky()
        defer { running.stop() }
        let result = try Self.drive(running, "language")
        let kept = try #require(result["keep"] as? [[String: Any]])
        #expect(kept.map { $0["step"] as? String } == ["en", "de", "ar", "en again"])
        let langs = kept.map { step in
            (URLComponents(string: "?" + (step["query"] as? String ?? ""))?.queryItems ?? []).first { $0.name == "lang" }?.value
        }
        #expect(langs == ["en", "de", "ar", "en"], "the language the page asked for")
        #expect(kept.allSatisfy { ($0["query"] as? String ?? "").contains("category=ax3") })
        Self.expectKept(kept, moved: ["de", "ar"])
        #expect((kept[0]["scrollY"] as? Double ?? 0) > 300, "partway down the screen: \(kept[0])")
    }

    /// Drives the page: `python3 driver.py CHROMIUM URL SCENARIO` prints the steps' findings as
    /// JSON; SCENARIO is `readme` (size, width, Bold Text, then the end) or `language`.
    static let driver = ##"""
# Drives the live page of `reflow-cli serve` in headless Chromium over the DevTools protocol
# (--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), and prints one JSON
# object: the block at the screen's top after each step, and the page's heights while scrolling.
import json, os, subprocess, sys, time
chrome, url, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
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
// The page's controls as a reader uses them: the slider moved, a menu's item chosen, a box clicked.
window.__size = async (index) => {
  $("size").value = String(index); $("size").dispatchEvent(new Event("input")); return await __settle();
};
window.__choose = async (id, value) => {
  $(id).value = value; $(id).dispatchEvent(new Event("input")); $(id).dispatchEvent(new Event("change")); return await __settle();
};
window.__click = async (id) => { $(id).click(); return await __settle(); };
// The block at the top of the screen on show, from the server's own layout at the page's scroll
// offset and the settings the screen was drawn with.
window.__top = async () => {
  const q = new URLSearchParams(screen.dataset.query);
  const y = Math.round(window.scrollY);
  const l = new URLSearchParams(q);
  for (const name of ["offset", "at", "within", "scale"]) l.delete(name);
  l.set("offset", String(y));
  const report = await (await fetch("/layout.json?" + l)).json();
  const layout = Array.isArray(report.layouts) ? report.layouts[0] : (report.layouts || report.layout || report);
  const cells = (layout.elements || []).filter((e) => e.kind === "cell" && e.frame);
  const frame = (e) => Array.isArray(e.frame) ? { y: e.frame[1], h: e.frame[3] } : { y: e.frame.y, h: e.frame.height };
  const top = cells.filter((e) => frame(e).y <= y + 0.01 && frame(e).y + frame(e).h > y).concat(cells.filter((e) => frame(e).y > y))[0];
  return { category: q.get("category"), query: screen.dataset.query, scrollY: y, scrollHeight: document.documentElement.scrollHeight,
           anchor: screen.dataset.anchor, indexPath: top && top.indexPath, sourceLine: top && top.sourceLine, kind: top && top.kind, text: top && top.text,
           screenY: top ? frame(top).y - y : null };
};
"""
def step(session, out, name, action=None):
    if action: js(session, action)
    found = js(session, "__top()")
    found["step"] = name
    out["keep"].append(found)
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
    if scenario == "deep":
        # At AX5, the screen's top 80 % into the tallest block of the page's middle: deeper than
        # that block is tall at L or 744 pt, so those changes cannot keep its screen position.
        js(session, "__size(11)")
        target = js(session, """(async () => {
          const layout = (await (await fetch("/layout.json?category=ax5&width=390")).json()).layouts[0];
          const height = layout.contentSize.height;
          const cells = layout.elements.filter((e) => e.kind === "cell" && e.frame.y > height * 0.4 && e.frame.y < height * 0.8);
          const tallest = cells.reduce((a, b) => (b.frame.height > a.frame.height ? b : a));
          return Math.round(tallest.frame.y + tallest.frame.height * 0.8);
        })()""")
        # The page scrolls as far as the target once the server has measured the page (its height event).
        for _ in range(400):
            if js(session, f"document.documentElement.scrollHeight - innerHeight >= {target}"): break
            time.sleep(0.05)
        js(session, f"window.scrollTo(0, {target}); __settle()")
        step(session, out, "ax5")
        step(session, out, "744 pt", "__choose('device', '744')")
        step(session, out, "390 pt", "__choose('device', '390')")
        step(session, out, "l", "__size(3)")
        step(session, out, "ax5 again", "__size(11)")
        print(json.dumps(out))
        sys.exit(0)
    if scenario == "language":
        # The menu of the catalogs' languages, filled from /info.json; AX3; partway down the screen.
        for _ in range(200):
            if js(session, "!$('lang-menu').hidden && $('lang-menu').options.length > 0"): break
            time.sleep(0.05)
        js(session, "__settle()")
        js(session, "__size(9)")
        js(session, "window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) * 0.45)); __settle()")
        step(session, out, "en")
        for tag, name in (("de", "de"), ("ar", "ar"), ("en", "en again")):
            step(session, out, name, f"__choose('lang-menu', '{tag}')")
        print(json.dumps(out))
        sys.exit(0)
    js(session, "window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) / 3)); __settle()")
    step(session, out, "l")
    step(session, out, "ax5", "__size(11)")
    step(session, out, "l again", "__size(3)")
    # The device menu: the iPad mini, then the iPhone 15; then the Bold Text box on and off.
    step(session, out, "744 pt", "__choose('device', '744')")
    step(session, out, "390 pt", "__choose('device', '390')")
    step(session, out, "bold", "__click('bold-text')")
    step(session, out, "regular", "__click('bold-text')")
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
