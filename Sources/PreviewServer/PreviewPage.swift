import Preview
import Reflow
import ReflowKit
import TextMetrics

/// The live page (`/`): plain HTML, CSS and script, nothing loaded from elsewhere. The controls
/// are the preview's options: a slider over the twelve text sizes, the width (320–1024 pt, with
/// device presets), language (for a screen with string catalogs a menu of their languages, the
/// source first, and Xcode's pseudolanguages, from `/info.json`), direction, Bold Text, hyphenation, WCAG text spacing, the audit and
/// debug overlays, PNG or SVG. It shows one screen, as tall as the browser window, drawn by the
/// server at the offset the page is scrolled to: the page scrolls as tall as the document is at
/// that size (`X-Reflow-Content-Height`), so scrolling the page scrolls the document. It listens
/// to `/events` and draws its screen again when the document changes; an event says only the
/// version, and the page fetches `/info.json` (capped warnings, their count) for what it shows.
///
/// At most one picture is asked for at a time; a change while one is drawn asks again once it
/// has arrived, for the latest state only (a fast scroll costs the pictures the server can draw,
/// not one per scroll event). The image carries what it shows (`data-category`, `data-version`,
/// `data-query`, `data-top`, `data-anchor`, `data-within`, `data-content-height`) for tests.
/// Its cells can be reordered by pointer and keyboard (`ReorderScript`).
///
/// The reader's place is kept: a change of the settings asks for the place the screen showed
/// (`at=item:S.I&within=N`, the server's `X-Reflow-Anchor` and `X-Reflow-Anchor-Within`: the
/// unit at the top and how far into it, `ScreenPlace`) and scrolls to where the server found it.
/// Until the reader scrolls, further changes ask for that same place, not for where the last
/// change left the screen: deep in a block that a change made shorter than the screen's top was
/// into it, changing back returns to the place.
/// The scroll height is the page's exact height once the server has measured it in the background
/// (the `height` event, or `X-Reflow-Content-Height-Estimated: false`); a page at its end when
/// the height grows follows it to the new end, so End reaches the last item.
enum PreviewPage {
    /// The page's policy: its own inline style and script, pictures from this server (as blobs),
    /// requests to this server only; no frames, forms, plugins or other origins.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "connect-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Widths of devices, in points, as UIKit reports their screens in portrait.
    static let devices: [(name: String, width: Int)] = [
        ("iPhone SE (1st generation)", 320), ("iPhone SE, iPhone 13 mini", 375), ("iPhone 15, 14, 13", 390),
        ("iPhone 15 Pro, 16", 393), ("iPhone 15 Pro Max, 16 Plus", 430), ("iPad mini", 744), ("iPad 9.7\"", 768),
        ("iPad 10th generation, iPad Air", 820), ("iPad Pro 12.9\"", 1024),
    ]

    /// The page for the document named `document`. What the page says that is not its own (the
    /// document's name) is escaped as XML escapes text (`SVGRenderer.escaped`: `&`, `<`, `>` and
    /// `"` as references), which is as safe in HTML text and double-quoted attributes, the only
    /// places the page puts it; everything else from the document (messages, warnings) its
    /// script sets as text (`textContent`), never as HTML.
    ///
    /// With `edit` (`serve --allow-edits`: `EditSession.pageFields()`), the page holds the run's
    /// token and the file's version (`data-edit-token`, `data-edit-version` on its body) and writes
    /// each reorder to the file (`ReorderScript`).
    static func html(document: String, edit: (token: String, version: String)? = nil) -> String {
        let name = SVGRenderer.escaped(document)
        let sizes = ContentSizeCategory.allCases.enumerated().map { index, category in
            "<option value=\"\(index)\" data-name=\"\(category.shortName)\" "
                + "data-label=\"\(SVGRenderer.escaped("\(category.displayName), \(DocumentPreview.bodySizeLabel(category))"))\" "
                + "label=\"\(SVGRenderer.escaped(category.displayName))\"></option>"
        }.joined(separator: "\n      ")
        let presets = devices.map { "<option value=\"\($0.width)\">\(SVGRenderer.escaped($0.name)), \($0.width) pt</option>" }
            .joined(separator: "\n        ")
        let large = ContentSizeCategory.allCases.firstIndex(of: .large) ?? 3
        // Labels under the slider where their sizes are: xS, L (the default), xxxL (the largest
        // before the accessibility sizes), AX1, AX5; a thumb is about 16 px wide.
        let last = Double(ContentSizeCategory.allCases.count - 1)
        let ticks = ContentSizeCategory.allCases.enumerated()
            .filter { [.extraSmall, .large, .extraExtraExtraLarge, .accessibilityMedium, .accessibilityExtraExtraExtraLarge].contains($0.element) }
            .map { index, category in
                "<span style=\"left: calc(8px + (100% - 16px) * \(JSONText.number(Double(index) / last)))\">\(SVGRenderer.escaped(category.displayName))</span>"
            }.joined()
        return #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\#(name) — reflow live preview</title>
        <style>
          :root { color-scheme: light; --side: 300px; --gap: 16px; font: 14px/1.4 system-ui, sans-serif; }
          body { margin: 0; background: #e9e9ee; color: #1c1c1e; }
          #controls { position: fixed; top: 0; left: 0; bottom: 0; width: var(--side); box-sizing: border-box; padding: var(--gap);
                      overflow-y: auto; background: #f7f7fa; border-right: 1px solid #d1d1d6; }
          #controls h1 { font-size: 16px; margin: 0 0 4px; overflow-wrap: anywhere; }
          #controls fieldset { border: 0; padding: 0; margin: 12px 0 0; }
          #controls legend, #controls label.block { display: block; font-weight: 600; margin-bottom: 4px; }
          #controls input[type=range] { width: 100%; }
          #controls input[type=text], #controls select, #controls input[type=number] { width: 100%; box-sizing: border-box; }
          .row { display: flex; gap: 8px; align-items: center; }
          .ticks { position: relative; height: 14px; font-size: 10px; color: #636366; }
          .ticks span { position: absolute; transform: translateX(-50%); }
          #size-label { font-variant-numeric: tabular-nums; }
          #status, #timing { font-size: 12px; color: #3a3a3c; margin-top: 12px; overflow-wrap: anywhere; }
          #problem { display: none; margin-top: 12px; padding: 8px; border-radius: 6px; background: #ffe5e5; color: #8a1111;
                     white-space: pre-wrap; overflow-wrap: anywhere; }
          #findings { font-size: 12px; margin-top: 4px; }
          #stage { position: fixed; top: var(--gap); left: calc(var(--side) + var(--gap)); }
          #screen { display: block; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,.25); }
          #scroll-space { margin-left: var(--side); }
        \#(ReorderScript.style)
        </style>
        </head>
        <body\#(edit.map { " data-edit-token=\"\(SVGRenderer.escaped($0.token))\" data-edit-version=\"\(SVGRenderer.escaped($0.version))\"" } ?? "")>
        <div id="scroll-space"></div>
        <aside id="controls" aria-label="Preview settings">
          <h1>\#(name)</h1>
          <div id="live" class="row" aria-live="polite">connecting…</div>
          <fieldset>
            <label class="block" for="size">Text size: <span id="size-label"></span></label>
            <input id="size" type="range" min="0" max="11" step="1" value="\#(large)" list="sizes">
            <datalist id="sizes">
              \#(sizes)
            </datalist>
            <div class="ticks" aria-hidden="true">\#(ticks)</div>
          </fieldset>
          <fieldset>
            <label class="block" for="width">Width: <span id="width-label"></span> pt</label>
            <input id="width" type="range" min="320" max="1024" step="1" value="390">
            <select id="device" aria-label="Device">
              <option value="">Device…</option>
              \#(presets)
            </select>
          </fieldset>
          <fieldset>
            <label class="block" for="lang" id="lang-label">Language (BCP 47)</label>
            <select id="lang-menu" aria-labelledby="lang-label" hidden></select>
            <input id="lang" type="text" list="languages" placeholder="the document's" spellcheck="false" autocomplete="off">
            <datalist id="languages">
              <option value="en"><option value="de"><option value="fr"><option value="es"><option value="ar"><option value="he">
              <option value="hi"><option value="ja"><option value="ko"><option value="zh-Hans"><option value="zh-Hant">
            </datalist>
          </fieldset>
          <fieldset>
            <label class="block" for="direction">Direction</label>
            <select id="direction">
              <option value="">the document's</option><option value="auto">auto</option>
              <option value="ltr">left to right</option><option value="rtl">right to left</option>
            </select>
          </fieldset>
          <fieldset>
            <legend>Settings</legend>
            <label class="row"><input id="bold-text" type="checkbox"> Bold Text</label>
            <label class="row"><input id="text-spacing" type="checkbox"> WCAG 1.4.12 text spacing</label>
            <label class="row"><input id="hyphenate" type="checkbox"> Hyphenation</label>
          </fieldset>
          <fieldset>
            <legend>Overlays</legend>
            <label class="row"><input id="audit" type="checkbox"> Audit findings</label>
            <div id="findings"></div>
            <label class="row"><input id="debug" type="checkbox"> Frames and baselines</label>
          </fieldset>
          <fieldset>
            <legend>Picture</legend>
            <label class="row"><input type="radio" name="format" value="png" checked> PNG</label>
            <label class="row"><input type="radio" name="format" value="svg"> SVG</label>
          </fieldset>
          <div id="problem" role="alert"></div>
          <div id="status"></div>
          <div id="timing"></div>
        </aside>
        <main id="stage"><img id="screen" alt="The document's screen at the chosen text size"></main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const sizes = Array.from($("sizes").options).map((o) => ({ name: o.dataset.name, label: o.dataset.label }));
        const screen = $("screen"), space = $("scroll-space");
        const page = { version: 0, contentHeight: 0, drawing: false, again: false, force: false, shown: null, error: "",
                       keep: false, place: null, heights: new Map() };

        function screenHeight() { return Math.max(200, Math.floor(window.innerHeight - 32)); }
        function screenWidth() { return Number($("width").value); }
        function format() { return document.querySelector("input[name=format]:checked").value; }

        // The query of the screen the controls ask for now, at the page's scroll offset; after a
        // change of the settings, at the reader's place: where they last scrolled to (its anchor and
        // how far into it), kept through any number of changes until they scroll again.
        function query() {
          const q = new URLSearchParams();
          q.set("category", sizes[$("size").value].name);
          q.set("viewport", screenWidth() + "x" + screenHeight());
          q.set("offset", String(Math.max(0, Math.round(window.scrollY))));
          q.set("scale", String(Math.min(4, Math.max(1, Math.round(window.devicePixelRatio || 1)))));
          const lang = language();
          if (lang) q.set("lang", lang);
          if ($("direction").value) q.set("direction", $("direction").value);
          if ($("bold-text").checked) q.set("bold-text", "1");
          if ($("text-spacing").checked) q.set("text-spacing", "wcag");
          if ($("hyphenate").checked) q.set("hyphenate", "1");
          if ($("audit").checked) q.set("audit", "1");
          if ($("debug").checked) q.set("debug", "1");
          const shown = page.shown;
          if (page.keep && shown && shown.anchor) {
            // Scrolled since that screen was drawn: the place is that much further into the anchor.
            // Not scrolled (the page stands at the drawn top rounded to a whole point): the place
            // the reader scrolled to, exactly (not the drawn top, so that the rounding does not move
            // it at each change), and as it was before the last change: a change to a size or width
            // at which the block is shorter than the screen's top was into it leaves the block's
            // end at the top, and changing back returns to the place, not to that end.
            const scrolled = Math.round(window.scrollY) - shown.top;
            const place = scrolled === 0 && page.place ? page.place
              : { anchor: shown.anchor, within: shown.within + Math.round(window.scrollY) - shown.exactTop };
            q.delete("offset");
            q.set("at", place.anchor);
            q.set("within", String(place.within));
          }
          reorder.addTo(q);
          return q;
        }

        // What a screen's answer depends on besides where it is.
        function settingsOf(q) {
          const s = new URLSearchParams(q);
          for (const name of ["offset", "at", "within"]) s.delete(name);
          return s.toString();
        }

        // The language asked for: the menu's when the screen has string catalogs, else the tag typed.
        function language() { return $("lang-menu").hidden ? $("lang").value.trim() : $("lang-menu").value; }

        // The menu of the catalogs' languages (source first) and the pseudolanguages, from
        // /info.json; hidden, with the free tag field shown, for a document without catalogs.
        // The language chosen stays chosen while the catalogs still have it.
        function showLanguages(languages) {
          const menu = $("lang-menu"), chosen = language();
          const tags = languages.map((l) => l.tag).join(" ");
          if (menu.dataset.tags === tags) return;
          menu.dataset.tags = tags;
          menu.replaceChildren();
          const groups = { source: null, translation: null, pseudo: document.createElement("optgroup") };
          groups.pseudo.label = "Pseudolanguages";
          for (const l of languages) {
            const option = document.createElement("option");
            option.value = l.tag;
            option.textContent = l.name + " (" + l.tag + ")" + (l.kind === "source" ? " · source" : "");
            (groups[l.kind] || menu).appendChild(option);
          }
          if (groups.pseudo.children.length) menu.appendChild(groups.pseudo);
          menu.hidden = languages.length === 0;
          $("lang").hidden = !menu.hidden;
          $("lang-label").textContent = menu.hidden ? "Language (BCP 47)" : "Language";
          $("lang-label").htmlFor = menu.hidden ? "lang" : "lang-menu";
          const keep = [...menu.options].find((o) => o.value === chosen);
          if (menu.options.length) menu.value = keep ? keep.value : menu.options[0].value;
          if (language() !== chosen) settingsChanged();
        }

        function showProblem(text) {
          $("problem").textContent = text;
          $("problem").style.display = text ? "block" : "none";
        }

        // What /info.json says: at most 100 warnings, each cut to 500 characters, and their count.
        function showInfo(info) {
          const more = info.warningCount - info.warnings.length;
          const warnings = (info.warnings.length ? " · " + info.warnings.join(" · ") : "")
            + (more > 0 ? " · and " + more + " more warning" + (more === 1 ? "" : "s") + " (all are on the server's standard error)" : "");
          $("status").textContent = info.document + ", version " + info.version + warnings;
          showLanguages(info.languages || []);
          showProblem(info.problem ? "The document could not be read again: " + info.problem
                      + ". Showing version " + info.version + "." : page.error);
        }

        // Sizes the page so that it scrolls exactly as far as the document does on this screen.
        function sizeScrollSpace() {
          const height = Math.max(0, page.contentHeight - screenHeight()) + window.innerHeight;
          space.style.height = height + "px";
        }
        function maximumScroll() { return Math.max(0, page.contentHeight - screenHeight()); }

        // Draws the screen the controls ask for: one request at a time, the latest state after it.
        // A scroll to where the screen on show already is asks for nothing (`force`: draw anyway).
        async function draw(force) {
          if (force === true) page.force = true;
          if (page.drawing) { page.again = true; return; }
          const q = query(), kind = format(), started = performance.now();
          const shown = page.shown;
          if (!page.force && !page.keep && shown && shown.settings === settingsOf(q) && shown.kind === kind
              && shown.top === Math.round(window.scrollY)) return;
          page.drawing = true;
          page.force = false;
          page.keep = false;
          try {
            const response = await fetch("/render." + kind + "?" + q.toString());
            if (!response.ok) {
              page.error = "The server says (" + response.status + "): " + (await response.text()).trim();
              showProblem(page.error);
            } else {
              const blob = await response.blob();
              const old = screen.src;
              screen.src = URL.createObjectURL(blob);
              if (old.startsWith("blob:")) URL.revokeObjectURL(old);
              screen.style.width = screenWidth() + "px";
              screen.style.height = screenHeight() + "px";
              const key = response.headers.get("X-Reflow-Layout-Key") || "";
              const measured = page.heights.get(key);
              let estimated = response.headers.get("X-Reflow-Content-Height-Estimated") === "true";
              page.contentHeight = estimated && measured ? measured : Number(response.headers.get("X-Reflow-Content-Height")) || 0;
              if (measured) estimated = false;
              page.version = Number(response.headers.get("X-Reflow-Version")) || page.version;
              const top = Number(response.headers.get("X-Reflow-Screen-Top")) || 0;
              page.shown = { settings: settingsOf(q), kind, key, top: Math.round(top), exactTop: top, anchor: response.headers.get("X-Reflow-Anchor"),
                             within: Number(response.headers.get("X-Reflow-Anchor-Within")) || 0 };
              // The reader's place: the one asked to be kept, else where this screen is (a scroll,
              // a save, a reorder: the place is the screen's own).
              page.place = q.has("within") ? { anchor: q.get("at"), within: Number(q.get("within")) }
                : (page.shown.anchor ? { anchor: page.shown.anchor, within: page.shown.within } : null);
              screen.dataset.category = q.get("category");
              screen.dataset.version = String(page.version);
              screen.dataset.query = q.toString();
              screen.dataset.format = kind;
              screen.dataset.top = String(top);
              screen.dataset.anchor = page.shown.anchor || "";
              screen.dataset.within = String(page.shown.within);
              screen.dataset.contentHeight = String(page.contentHeight);
              const steps = (response.headers.get("Server-Timing") || "").replace(/;dur=/g, " ").replace(/,/g, " ms,");
              $("timing").textContent = sizes[$("size").value].label + " · page " + Math.round(page.contentHeight) + " pt"
                + (estimated ? " (estimated below the screen)" : "") + " · answered in "
                + Math.round(performance.now() - started) + " ms" + (steps ? " (" + steps + " ms)" : "");
              page.error = "";
              showProblem("");
              sizeScrollSpace();
              // The page scrolls to the screen drawn: the place kept after a change of the
              // settings, or the last screen for a scroll past the end.
              if (Math.round(window.scrollY) !== page.shown.top) window.scrollTo(0, page.shown.top);
              reorder.drawn(q, response);
            }
          } catch (error) {
            page.error = "The server cannot be reached: " + error;
            showProblem(page.error);
          } finally {
            page.drawing = false;
            if (page.again) { page.again = false; draw(); }
          }
        }

        // A page measured whole on the server: its exact height, kept for the screens that
        // belong to it; a page at its end follows the end as it moves (End reaches the last item).
        function heightMeasured(event) {
          const said = JSON.parse(event.data);
          if (page.heights.size >= 32) page.heights.clear();
          page.heights.set(said.key, said.contentHeight);
          if (!page.shown || said.key !== page.shown.key) return;
          const atEnd = Math.round(window.scrollY) >= maximumScroll() - 1;
          page.contentHeight = said.contentHeight;
          screen.dataset.contentHeight = String(page.contentHeight);
          sizeScrollSpace();
          if (atEnd) window.scrollTo(0, maximumScroll());
        }

        async function countFindings() {
          if (!$("audit").checked) { $("findings").textContent = ""; return; }
          const q = query();
          q.delete("viewport"); q.delete("offset"); q.delete("audit"); q.delete("debug"); q.delete("scale");
          q.set("width", String(screenWidth()));
          const response = await fetch("/audit.json?" + q.toString());
          if (!response.ok) { $("findings").textContent = (await response.text()).trim(); return; }
          const s = (await response.json()).summary;
          $("findings").textContent = s.errors + " errors, " + s.warnings + " warnings, " + s.info + " notes at this size and width";
        }

        // A new size, width, language, direction or text setting: the screen shows the place it
        // showed (the element at its top stays where it is on the screen).
        function settingsChanged() {
          $("size-label").textContent = sizes[$("size").value].label;
          $("width-label").textContent = screenWidth();
          if (page.shown) page.keep = true;
          draw();
          countFindings();
        }

        for (const id of ["size", "width", "direction", "bold-text", "text-spacing", "hyphenate", "audit", "debug"]) {
          $(id).addEventListener("input", settingsChanged);
        }
        $("lang").addEventListener("change", settingsChanged);
        $("lang-menu").addEventListener("change", settingsChanged);
        for (const radio of document.querySelectorAll("input[name=format]")) radio.addEventListener("change", () => draw(true));
        $("device").addEventListener("change", () => {
          if ($("device").value) { $("width").value = $("device").value; settingsChanged(); }
        });
        window.addEventListener("scroll", () => draw(), { passive: true });
        window.addEventListener("resize", () => { sizeScrollSpace(); if (page.shown) page.keep = true; draw(true); });

        // The document's name, problem and warnings, fetched: one request at a time, the latest
        // state after it (the events say only the version and a count).
        const about = { fetching: false, again: false };
        async function fetchInfo() {
          if (about.fetching) { about.again = true; return; }
          about.fetching = true;
          try {
            const response = await fetch("/info.json");
            if (response.ok) showInfo(await response.json());
          } catch (error) {
            // The server is gone: the stream says so ("not connected") and fetches again on reconnecting.
          } finally {
            about.fetching = false;
            if (about.again) { about.again = false; fetchInfo(); }
          }
        }

        // hello (on every connection, a reconnection too) and changed carry {version, problem,
        // warningCount}; what to show is fetched, and the screen drawn again for a new version.
        const events = new EventSource("/events");
        const onDocument = (event) => {
          const said = JSON.parse(event.data);
          fetchInfo();
          if (page.version && said.version !== page.version) draw(true);
        };
        events.addEventListener("hello", onDocument);
        events.addEventListener("changed", onDocument);
        events.addEventListener("height", heightMeasured);
        events.onopen = () => { $("live").textContent = "● live: saving the document redraws this screen"; };
        events.onerror = () => { $("live").textContent = "○ not connected to the server; retrying…"; };

        \#(ReorderScript.script)
        settingsChanged();
        </script>
        </body>
        </html>

        """#
    }
}
