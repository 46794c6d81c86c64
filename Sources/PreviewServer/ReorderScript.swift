/// Reordering on the live page (issue 39): a person drags a cell with the pointer (Pointer
/// Events), or selects one and moves it with Alt+ArrowUp and Alt+ArrowDown, as iOS offers
/// VoiceOver users a custom action for it: reordering never needs a pointer.
///
/// The page keeps an order, the moves made so far (`PageOrder`, sent as `order=` with every
/// picture, layout and audit request), so the server lays the cells out in it and the picture,
/// `/layout.json` and the page agree at any text size and width. Over the picture lies one
/// focusable element per cell on the screen, placed from the screen's `/layout.json` frames
/// (`role=option` in a `listbox`, a roving tab stop, a visible focus ring); they are what the
/// pointer picks and what the keyboard walks.
///
/// While dragging, the lifted cell is its pixels cropped from the picture, raised and shadowed,
/// following the pointer; the target is where the midpoint rule puts the pointer among the
/// other cells of its section on the screen (its list's items in a Markdown document), and the
/// screen is drawn in the would-be order with the cell's new place shown as a gap (the page's one
/// request at a time, the latest state after it). Dropping commits the move once the server has
/// laid the new order out; Escape or a cancelled pointer puts the cells back. A move the server
/// refuses (a table's cells, a heading, outside its list) is not made, and the page says why.
/// An announcement (`aria-live`) says each move: "Moved Travel to position 3 of 6".
///
/// With `serve --allow-edits` each move is written to the file (`POST /reorder`, `saveToFile`;
/// `editFields` says whether the server writes); without it the order lives in the page until
/// it is reloaded.
enum ReorderScript {
    /// The elements' style: the cells' layer over the picture, the focus ring, the gap, the lifted cell.
    static let style = #"""
      #reorder-layer { position: absolute; top: 0; left: 0; overflow: hidden; outline: none; }
      #reorder-layer .cell { position: absolute; box-sizing: border-box; border-radius: 4px; touch-action: none; cursor: grab; }
      #reorder-layer .cell:focus { outline: none; }
      #reorder-layer .cell:focus-visible, #reorder-layer .cell[aria-selected=true] { box-shadow: 0 0 0 3px #0a84ff; }
      #reorder-layer .cell.gap { background: #e9e9ee; border: 2px dashed #8e8e93; box-shadow: none; }
      #reorder-lifted { position: fixed; z-index: 10; pointer-events: none; transform: scale(1.03); border-radius: 6px;
                        box-shadow: 0 10px 28px rgba(0,0,0,.35); background: #fff; }
      #reorder-message { display: none; margin-top: 12px; padding: 8px; border-radius: 6px; background: #fff4d6; color: #5c3c00;
                         overflow-wrap: anywhere; }
      #reorder-hint { font-size: 12px; color: #636366; margin-top: 12px; }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    """#

    /// The script: `reorder`, which `PreviewPage`'s script asks for the order of a query
    /// (`reorder.addTo`) and tells of each screen drawn (`reorder.drawn`).
    static let script = #"""
    // Reordering: see ReorderScript.swift.
    const reorder = (() => {
      const state = {
        moves: [],          // committed moves [{from: [s, i], to: [s, i]}], made in turn
        cells: [],          // the screen's cells from /layout.json: {section, item, kind, text, frame}
        top: 0,             // the page offset the screen shows
        sections: [],       // cells per section, from X-Reflow-Sections
        selected: null,     // [section, item] of the selected cell
        drag: null,         // the drag under way
        layoutQuery: "",    // the query of the layout fetched last
        layoutOrder: "",    // and its order
        rtl: false,         // the layout on show is right to left
        version: null,      // the document version the moves were made on
      };
      const layer = document.createElement("div");
      layer.id = "reorder-layer";
      layer.setAttribute("role", "listbox");
      layer.tabIndex = -1;
      layer.setAttribute("aria-label", "The screen's cells. Arrow keys choose a cell; Alt+Up and Alt+Down move it.");
      $("stage").appendChild(layer);
      const live = document.createElement("div");
      live.id = "reorder-live"; live.className = "visually-hidden"; live.setAttribute("aria-live", "assertive");
      const message = document.createElement("div");
      message.id = "reorder-message"; message.setAttribute("role", "status");
      const hint = document.createElement("div");
      hint.id = "reorder-hint";
      hint.textContent = "Reorder: drag a cell, or Tab to the screen, choose a cell with the arrow keys and move it "
        + "with Alt+↑ and Alt+↓. " + (document.body.dataset.editToken ? "Each move is saved to the file."
          : "The order lives in this page until it is reloaded ('serve --allow-edits' saves it to the file).");
      $("problem").after(message, live, hint);

      const text = (moves) => moves.map((m) => m.from.join(".") + ":" + m.to.join(".")).join(",");
      const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
      function say(words) { live.textContent = ""; setTimeout(() => { live.textContent = words; }, 30); }
      function tell(words) { message.textContent = words; message.style.display = words ? "block" : "none"; }

      // The moves a request carries: the committed ones, and while dragging the would-be one.
      function current() {
        const d = state.drag;
        return d && d.lifted && !same(d.source, d.target) ? state.moves.concat([{ from: d.source, to: d.target }]) : state.moves;
      }
      function addTo(q) {
        const order = text(current());
        if (order) q.set("order", order); else q.delete("order");
        document.body.dataset.order = text(state.moves);
      }

      // A screen was drawn for `q`: its cells are fetched, for the layer, at the same query.
      async function drawn(q, response) {
        if (!state.moves.length) state.version = Number(response.headers.get("X-Reflow-Version")) || state.version;
        state.top = Number(response.headers.get("X-Reflow-Screen-Top")) || 0;
        const lq = new URLSearchParams(q);
        lq.delete("audit"); lq.delete("debug");
        const asked = lq.toString();
        state.layoutQuery = asked;
        state.layoutOrder = lq.get("order") || "";
        let answer;
        try { answer = await fetch("/layout.json?" + asked); } catch (error) { return; }  // the server is gone: the page says so
        if (!answer.ok || state.layoutQuery !== asked) return;
        let layout;
        try { layout = (await answer.json()).layouts[0]; } catch (error) { return; }
        // Only the newest screen's cells are kept: a screen asked for while this answer was read
        // (a move, a scroll) makes it stale, and a layer built from it would name the cells of
        // an older order (a move from the keyboard then announced the wrong cell).
        if (state.layoutQuery !== asked) return;
        state.sections = (answer.headers.get("X-Reflow-Sections") || "").split(",").filter((s) => s).map(Number);
        state.rtl = layout.environment.layoutDirection === "rightToLeft";
        state.cells = layout.elements.filter((e) => e.kind === "cell").map((e) => ({
          section: e.indexPath.section, item: e.indexPath.item, kind: e.cell, text: e.text || e.cell, frame: e.frame,
          depth: e.depth, marker: e.marker && e.marker.text }))
          .filter((c) => c.frame.x < screenWidth() && c.frame.x + c.frame.width > 0);  // not a band's hidden part
        layer.dataset.query = asked;
        build();
        if (state.cells.some((c) => c.kind === "listItem")) documentCells().catch(() => {});  // the items' own blocks, for a drag
      }

      // The layer: one element per cell on the screen, the selected one the tab stop.
      function build() {
        const hadFocus = layer.contains(document.activeElement);
        layer.style.width = screenWidth() + "px"; layer.style.height = screenHeight() + "px";
        layer.replaceChildren();
        const d = state.drag;
        for (const c of state.cells) {
          const e = document.createElement("div");
          e.className = "cell";
          e.setAttribute("role", "option");
          e.dataset.path = c.section + "." + c.item;
          e.setAttribute("aria-label", c.text);
          Object.assign(e.style, { left: c.frame.x + "px", top: (c.frame.y - state.top) + "px",
                                   width: c.frame.width + "px", height: c.frame.height + "px" });
          // While a cell is lifted, its place in the would-be layout (the gap) is the selected one.
          const selected = same(d && d.lifted ? d.target : state.selected, [c.section, c.item]);
          e.setAttribute("aria-selected", selected ? "true" : "false");
          e.tabIndex = selected ? 0 : -1;
          // The dragged cell's place in the would-be layout is drawn empty, under the lifted cell.
          const inGap = d && c.section === d.target[0] && c.item >= d.target[1] && c.item < d.target[1] + d.own;  // with its own blocks
          if (d && d.lifted && inGap && state.layoutOrder === text(current())) e.classList.add("gap");
          layer.appendChild(e);
        }
        if (!state.selected || !layer.querySelector("[tabindex='0']")) {
          const first = layer.querySelector(".cell");
          if (first) first.tabIndex = 0;
        }
        // Focus stays on the selected cell, or on the layer while that cell is off the screen
        // (not on whichever cell happens to be first).
        if (hadFocus) (layer.querySelector("[aria-selected=true]") || layer).focus({ preventScroll: true });
        if (state.walk) walkOn(); else reveal();
      }

      // Scrolls the page by `points`; whether it moved (not at either end).
      function scrollBy(points) { const before = window.scrollY; window.scrollBy(0, points); return window.scrollY !== before; }

      // The selected cell kept in view: a keyboard move past the screen's edge scrolls the page
      // (half a screen at a time while the cell is not on it, at most four times), and the
      // screen drawn there brings the layer back here.
      function reveal() {
        const want = state.reveal;
        if (!want) return;
        const c = state.cells.find((c) => same([c.section, c.item], state.selected)), height = screenHeight();
        if (c) {
          state.reveal = null;
          const top = c.frame.y - state.top, bottom = top + c.frame.height;
          if (bottom > height) scrollBy(Math.min(top, bottom - height + 8));
          else if (top < 0) scrollBy(top - 8);
        } else if (want.tries-- <= 0 || !scrollBy((want.forward ? 1 : -1) * Math.round(height / 2))) {
          state.reveal = null;
        }
      }

      // An arrow key past the screen's first or last cell: once the page has scrolled, the cell
      // after (or before) the one selected is selected.
      function walkOn() {
        const { from, forward } = state.walk;
        state.walk = null;
        const key = (c) => c.section * 1e9 + c.item, at = from[0] * 1e9 + from[1];
        const beyond = state.cells.filter((c) => (forward ? key(c) > at : key(c) < at)).sort((a, b) => key(a) - key(b));
        const next = forward ? beyond[0] : beyond[beyond.length - 1];
        if (!next) return;
        state.selected = [next.section, next.item];
        state.reveal = { forward, tries: 4 };
        build();
      }

      const cellOf = (element) => {
        const path = element && element.closest && element.closest("#reorder-layer .cell");
        if (!path) return null;
        const [s, i] = path.dataset.path.split(".").map(Number);
        return state.cells.find((c) => c.section === s && c.item === i) || null;
      };

      // The cells a cell moves among on this screen: its section's, or in a Markdown document
      // its list's: the items next to it, one after another, of its depth and its kind of
      // marker (numbered or not), each with the blocks of its own. The server has the last word (`PageOrder`).
      function peers(cell) {
        const section = state.cells.filter((c) => c.section === cell.section).sort((a, b) => a.item - b.item);
        return cell.kind === "listItem" ? listPeers(cell) : section;  // its list's items, with their own blocks between
      }

      // Where the dragged cell would land for the pointer at (x, y) in page points: after every
      // other cell whose middle the pointer has passed in reading order (the midpoint rule).
      // The others are those the layer shows now (the screen scrolls under a drag): in the
      // committed order, or in the would-be order of the target drawn last, without the dragged
      // cell's own place (its gap); a place is an index among the section's cells without it.
      function targetFor(d, x, y) {
        const rtl = state.rtl, committed = text(state.moves);
        const extra = state.layoutOrder.startsWith(committed) ? state.layoutOrder.slice(committed.length).replace(/^,/, "") : null;
        const gap = extra ? extra.split(":")[1].split(".").map(Number) : d.source;
        const gapCell = extra === null ? null : state.cells.find((c) => same([c.section, c.item], gap));
        // A screen's cell goes into the section nearest the pointer; a list item stays in its list.
        let section = gap[0];
        if (extra !== null && d.cell.kind === "item") {
          const spans = new Map();
          for (const c of state.cells.filter((c) => c.kind === "item")) {
            const [top, bottom] = spans.get(c.section) || [Infinity, -Infinity];
            spans.set(c.section, [Math.min(top, c.frame.y), Math.max(bottom, c.frame.y + c.frame.height)]);
          }
          let nearest = Infinity;
          for (const [s, [top, bottom]] of spans) {
            const distance = y < top ? top - y : y > bottom ? y - bottom : 0;
            if (distance < nearest) { nearest = distance; section = s; }
          }
        }
        const among = extra === null ? d.peers : section !== gap[0] ? state.cells.filter((c) => c.section === section && c.kind === "item")
          : gapCell ? peers(gapCell) : state.cells.filter((c) => c.section === gap[0] && (d.cell.kind !== "listItem" || c.kind === "listItem"));
        const others = ((d.cell.kind === "listItem" && groupPeers(d, gap)) || among).filter((c) => !same([c.section, c.item], gap)).sort((a, b) => a.item - b.item);
        if (!others.length) return d.target;
        const place = (c) => (c.section === gap[0] && c.item > gap[1] ? c.item - d.own : c.item);  // without the lifted cells
        let passed = 0;
        for (const c of others) {
          const f = c.frame, below = y > f.y + f.height, beside = y >= f.y && (rtl ? x < f.x + f.width / 2 : x > f.x + f.width / 2);
          const row = others.every((o) => o.frame.width >= screenWidth() * 0.6);  // one cell a row: only the middle's height counts
          if (row ? y > f.y + f.height / 2 : below || beside) passed++;
        }
        return [section, passed === 0 ? place(others[0]) : place(others[passed - 1]) + (d.cell.kind === "listItem" ? itemSpan(others[passed - 1], gap, d) : 1)];
      }

      // The target for the pointer where it is now; the screen drawn again when it changed.
      function retarget(d) {
        const stage = layer.getBoundingClientRect();
        const target = targetFor(d, d.last.clientX - stage.left, d.last.clientY - stage.top + state.top);
        if (!same(target, d.target)) { d.target = target; draw(); }
      }

      // Near the screen's top or bottom edge the page scrolls under the lifted cell, faster the
      // deeper the pointer is in the edge zone, as a collection view does while a cell is dragged.
      const edgeZone = 48;
      function autoScroll() {
        const d = state.drag;
        if (!d || !d.lifted) return;
        const y = d.last.clientY - layer.getBoundingClientRect().top, height = screenHeight();
        const depth = Math.max(-1.5 * edgeZone, Math.min(1.5 * edgeZone, y < edgeZone ? y - edgeZone : y > height - edgeZone ? y - (height - edgeZone) : 0));
        if (!depth || !scrollBy(Math.round(depth / edgeZone * 16) || Math.sign(depth))) { d.scrolling = false; return; }
        retarget(d);
        requestAnimationFrame(autoScroll);
      }

      // The lifted cell: its pixels cropped from the picture on show, raised and shadowed.
      function lift(d) {
        const f = d.frame, ratio = screen.naturalWidth / screenWidth();
        const canvas = document.createElement("canvas");
        canvas.id = "reorder-lifted";
        canvas.width = Math.max(1, Math.round(f.width * ratio)); canvas.height = Math.max(1, Math.round(f.height * ratio));
        canvas.style.width = f.width + "px"; canvas.style.height = f.height + "px";
        canvas.getContext("2d").drawImage(screen, f.x * ratio, (f.y - state.top) * ratio, canvas.width, canvas.height,
                                          0, 0, canvas.width, canvas.height);
        document.body.appendChild(canvas);
        d.canvas = canvas;
        d.lifted = true;
      }

      function follow(d, event) {
        d.canvas.style.left = (event.clientX - d.grab.x) + "px";
        d.canvas.style.top = (event.clientY - d.grab.y) + "px";
      }

      function end(d) {
        if (d.canvas) d.canvas.remove();
        state.drag = null;
      }

      layer.addEventListener("pointerdown", (event) => {
        const cell = cellOf(event.target);
        if (!cell || event.button !== 0 || state.drag) return;
        event.preventDefault();
        const box = event.target.getBoundingClientRect();
        state.selected = [cell.section, cell.item];
        const own = ownCount(cell);  // a list item lifts its own blocks with it, one rectangle
        state.drag = { cell, source: [cell.section, cell.item], target: [cell.section, cell.item], peers: peers(cell), own, frame: groupFrame(cell, own),
                       start: { x: event.clientX, y: event.clientY }, grab: { x: event.clientX - box.left, y: event.clientY - box.top },
                       pointer: event.pointerId, lifted: false };
        layer.setPointerCapture(event.pointerId);
        build();
        const e = layer.querySelector("[tabindex='0']"); if (e) e.focus({ preventScroll: true });
      });

      layer.addEventListener("pointermove", (event) => {
        const d = state.drag;
        if (!d || event.pointerId !== d.pointer) return;
        if (!d.lifted) {
          if (Math.hypot(event.clientX - d.start.x, event.clientY - d.start.y) < 4) return;
          lift(d);
          tell("");
        }
        follow(d, event);
        d.last = { clientX: event.clientX, clientY: event.clientY };
        retarget(d);
        if (!d.scrolling) { d.scrolling = true; requestAnimationFrame(autoScroll); }
      });

      // Dropped: the move is committed once the server lays the new order out, else the page says why.
      layer.addEventListener("pointerup", (event) => {
        const d = state.drag;
        if (!d || event.pointerId !== d.pointer) return;
        end(d);
        const write = [d.target[0], d.target[1] > d.source[1] && d.target[0] === d.source[0] ? d.target[1] + d.own - 1 : d.target[1]];
        if (d.lifted && !same(d.source, d.target)) inTurn(() => commit({ from: d.source, to: d.target, write }, d.cell.text));
        else if (d.lifted) draw();  // dropped where it was: the screen without the gap
        else build();               // a press without a drag selects the cell
      });
      layer.addEventListener("pointercancel", () => cancel("The pointer was taken away: the cells are back in their places."));
      layer.addEventListener("lostpointercapture", () => { if (state.drag && state.drag.lifted) cancel(""); });

      function cancel(words) {
        const d = state.drag;
        if (!d) return;
        end(d);
        if (d.lifted) say(words || "Move cancelled: " + d.cell.text + " is back in its place.");
        draw();
      }

      // Moves are committed one after another: each waits for the server's answer to the one before.
      let turn = Promise.resolve();
      function inTurn(step) { turn = turn.then(step).catch(() => {}); }

      async function commit(move, name) {
        const candidate = state.moves.concat([move]);
        const q = query();
        q.set("order", text(candidate));
        const answer = await fetch("/layout.json?" + q.toString());
        if (!answer.ok) {
          tell("This move was not made. The server says (" + answer.status + "): " + (await answer.text()).trim());
          say("Not moved: " + name + ".");
          draw();
          return;
        }
        tell("");
        state.sections = (answer.headers.get("X-Reflow-Sections") || "").split(",").filter((s) => s).map(Number);
        state.moves = candidate;
        state.selected = move.to;
        state.reveal = { forward: move.to[1] > move.from[1], tries: 4 };
        // The server counts the places ("4 of 6"; a Markdown list's items only).
        say("Moved " + name + " to position " + (answer.headers.get("X-Reflow-Moved-To") || (move.to[1] + 1)) + ".");
        saveToFile(move);
        draw();
      }

    """# + saving + groups + #"""
      layer.addEventListener("keydown", (event) => {
        const cell = cellOf(event.target);
        if (event.key === "Escape" && state.drag) { event.preventDefault(); cancel(""); return; }
        if (!cell || !["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
        event.preventDefault();
        const ordered = state.cells.slice().sort((a, b) => a.section - b.section || a.item - b.item);
        const at = ordered.indexOf(cell), forward = event.key === "ArrowDown" || event.key === "ArrowRight";
        if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
          // Made in turn, each from where the moves before it put the cell (the selection), so
          // keys pressed faster than the screens arrive move the cell once each.
          inTurn(() => {
            const [section, item] = state.selected || [cell.section, cell.item];
            if (cell.kind === "listItem") return itemMove(cell, section, item, forward);  // with its own blocks
            const to = item + (forward ? 1 : -1), limit = state.sections[section];
            let target = [section, to];
            if (to < 0 || (limit !== undefined && to >= limit)) {
              // A screen's cell goes on into the section before or after (its end, its start), as
              // the engine allows; a document's list item stays in its list.
              const next = section + (forward ? 1 : -1);
              if (cell.kind !== "item" || next < 0 || next >= state.sections.length) {
                tell(cell.text + " is already " + (forward ? "last" : "first") + (cell.kind === "item" ? " on the screen." : " in its section."));
                return;
              }
              target = [next, forward ? 0 : state.sections[next]];
            }
            return commit({ from: [section, item], to: target }, cell.text);
          });
          return;
        }
        const step = at + (forward ? 1 : -1);
        if ((event.key.startsWith("Arrow")) && (step < 0 || step >= ordered.length)) {
          // Past the screen's edge: scroll, and walk on once the next screen's cells are known.
          if (scrollBy((forward ? 1 : -1) * Math.round(screenHeight() / 2))) state.walk = { from: [cell.section, cell.item], forward };
          return;
        }
        const next = event.key === "Home" ? ordered[0] : event.key === "End" ? ordered[ordered.length - 1] : ordered[step];
        state.selected = [next.section, next.item];
        state.reveal = { forward, tries: 0 };
        build();
      });
      layer.addEventListener("click", (event) => {
        const cell = cellOf(event.target);
        if (cell) { state.selected = [cell.section, cell.item]; build(); }
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && state.drag) { event.preventDefault(); cancel(""); }
      });

      // A new version of the file (told by the page's event stream, after the page asked for its
      // screen): its cells may be others, so the moves made on this page are dropped, and the
      // screen asked for again in the file's order.
      // Moves the page wrote to the file are in it now: they leave the page's order, quietly.
      const onVersion = (event) => {
        const version = JSON.parse(event.data).version;
        if (!state.moves.length || !state.version || version === state.version) return;
        state.version = version;
        if (saving.written) {  // the page's own writes; the moves after them are being written
          state.moves = state.moves.slice(saving.written);
          saving.written = 0;
          draw();
          return;
        }
        state.moves = [];
        state.selected = null;
        if (state.drag) end(state.drag);
        tell("The file changed, so the cells are in its order again; the moves made on this page are dropped.");
        draw();
      };
      events.addEventListener("hello", onVersion);
      events.addEventListener("changed", onVersion);

      return { addTo, drawn, state, text };
    })();
    """#
}
