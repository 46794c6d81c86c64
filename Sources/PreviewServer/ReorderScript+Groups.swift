/// `ReorderScript`'s list items with blocks of their own (issue 39): an item and the cells below
/// it that are its own (a nested list, a second paragraph) move as one, among its list's items.
extension ReorderScript {
    /// `documentCells`, `itemMove`: the document's cells (not only the screen's) in the committed
    /// order, and Alt+ArrowUp/ArrowDown past one sibling item with that sibling's own blocks.
    static let groups = #"""
      // Every cell of the document in the committed order (kind, depth, marker), from /layout.json
      // without a viewport: an item's own blocks may reach past the screen. Kept per query.
      const whole = { key: null, cells: null };
      function wholeKey() {
        const q = query();
        for (const name of ["viewport", "offset", "at", "within", "audit", "debug", "scale"]) q.delete(name);
        const order = text(state.moves);
        if (order) q.set("order", order); else q.delete("order");
        return q.toString();
      }
      async function documentCells() {
        const key = wholeKey();
        if (whole.key === key) return whole.cells;
        const answer = await fetch("/layout.json?" + key);
        if (!answer.ok) return null;
        const cells = new Map();
        for (const e of (await answer.json()).layouts[0].elements) {
          if (e.kind === "cell") cells.set(e.indexPath.section + "." + e.indexPath.item,
                                           { kind: e.cell, depth: e.depth || 0, marker: e.marker && e.marker.text });
        }
        whole.key = key; whole.cells = cells;
        return cells;
      }
      const numberedMarker = (c) => /^[0-9]+[.)]$/.test(c.marker || "");
      // `o` is an item of the same list as `me`: a first block with a marker of its kind at its depth.
      const siblingItem = (o, me) => o && o.kind === "listItem" && o.marker && o.depth === me.depth && numberedMarker(o) === numberedMarker(me);
      // `o`, below an item at `me`'s depth, is one of that item's own blocks: deeper, or at its depth without a marker.
      const ownBlock = (o, me) => o && o.depth >= me.depth && !(o.depth === me.depth && o.marker) && o.depth > 0;
      // How many cells the item at [s, i] spans: its first and its own blocks below it.
      function span(cells, s, i) {
        const me = cells.get(s + "." + i);
        let n = 1;
        while (ownBlock(cells.get(s + "." + (i + n)), me)) n++;
        return n;
      }

      // Alt+ArrowUp/ArrowDown on a list item: past the sibling item next to it, with that item's
      // own blocks; the item's own go with it. `to` is where its first cell ends (PageOrder), and
      // the file's edit is told the item it passes (`write`: a cell of that item, as POST /reorder
      // takes it). With no sibling there, the move is asked for as one place, and the server says why not.
      async function itemMove(cell, section, item, forward) {
        const cells = await documentCells(), me = cells && cells.get(section + "." + item);
        if (!me || !me.marker) return commit({ from: [section, item], to: [section, item + (forward ? 1 : -1)] }, cell.text);
        const own = span(cells, section, item);
        let to = null;
        if (forward) {
          if (siblingItem(cells.get(section + "." + (item + own)), me)) to = item + span(cells, section, item + own);
        } else {
          let k = item - 1;
          while (k >= 0 && !siblingItem(cells.get(section + "." + k), me) && ownBlock(cells.get(section + "." + k), me)) k--;
          if (k >= 0 && siblingItem(cells.get(section + "." + k), me) && k + span(cells, section, k) === item) to = k;
        }
        if (to === null) return commit({ from: [section, item], to: [section, forward ? item + own : item - 1] }, cell.text);
        return commit({ from: [section, item], to: [section, to], write: [section, forward ? to + own - 1 : to] }, cell.text);
      }

      // The screen's cells (the layout drawn: while dragging, the would-be order) by index path.
      const onScreen = () => new Map(state.cells.map((c) => [c.section + "." + c.item, c]));
      // How many cells the item `c` spans on the screen (to its screen's end at most).
      function screenSpan(c) {
        const cells = onScreen();
        let n = 1;
        while (ownBlock(cells.get(c.section + "." + (c.item + n)), c)) n++;
        return n;
      }
      // How many cells the item `c` of the layout drawn spans, for a drag of `d` whose first cell is
      // drawn at `gap`: read from the whole document (its items keep their spans in any order), the
      // screen's cells where it is not known.
      function itemSpan(c, gap, d) {
        if (whole.key !== wholeKey() || !whole.cells || c.section !== d.source[0] || c.section !== gap[0]) return screenSpan(c);
        const g = d.own, source = d.source[1], i = c.item, w = i >= gap[1] ? i - g : i;
        const committed = i >= gap[1] && i < gap[1] + g ? source + i - gap[1] : w < source ? w : w + g;
        return whole.cells.has(c.section + "." + committed) ? span(whole.cells, c.section, committed) : screenSpan(c);
      }
      // The first cells of the lifted item's list's other items on the screen, in the layout drawn
      // with its first cell at `gap`: its siblings in the whole document (committed order), at their
      // places in the drawn order. Null while the whole document is not known.
      function groupPeers(d, gap) {
        const s = d.source[0], source = d.source[1], g = d.own;
        if (whole.key !== wholeKey() || !whole.cells || gap[0] !== s) return null;
        const me = whole.cells.get(s + "." + source);
        if (!me) return null;
        const starts = new Set(), at = (i) => whole.cells.get(s + "." + i);
        const inList = (o) => siblingItem(o, me) || ownBlock(o, me);
        for (let i = source - 1; inList(at(i)); i--) if (siblingItem(at(i), me)) starts.add(i);
        for (let i = source + g; inList(at(i)); i++) if (siblingItem(at(i), me)) starts.add(i);
        const drawn = new Set([...starts].map((j) => { const w = j < source ? j : j - g; return w >= gap[1] ? w + g : w; }));
        return state.cells.filter((c) => c.section === s && drawn.has(c.item));
      }
      // The cells a lifted list item takes with it: itself and its own blocks (read from the whole
      // document when known for the committed order, else from the screen).
      function ownCount(cell) {
        if (cell.kind !== "listItem") return 1;
        return whole.key === wholeKey() && whole.cells && whole.cells.get(cell.section + "." + cell.item)
          ? span(whole.cells, cell.section, cell.item) : screenSpan(cell);
      }
      // The rectangle of `count` cells from `cell` on, as far as the screen shows them.
      function groupFrame(cell, count) {
        const parts = state.cells.filter((c) => c.section === cell.section && c.item >= cell.item && c.item < cell.item + count);
        const left = Math.min(...parts.map((c) => c.frame.x)), top = Math.min(...parts.map((c) => c.frame.y));
        const right = Math.max(...parts.map((c) => c.frame.x + c.frame.width)), bottom = Math.max(...parts.map((c) => c.frame.y + c.frame.height));
        return { x: left, y: top, width: right - left, height: bottom - top };
      }
      // The first cells of the items of `cell`'s list on the screen: its sibling items, with only
      // their own blocks between them.
      function listPeers(cell) {
        const cells = onScreen(), at = (i) => cells.get(cell.section + "." + i), found = [cell];
        const inList = (o) => siblingItem(o, cell) || ownBlock(o, cell);
        for (let i = cell.item - 1; inList(at(i)); i--) if (siblingItem(at(i), cell)) found.unshift(at(i));
        for (let i = cell.item + 1; inList(at(i)); i++) if (siblingItem(at(i), cell)) found.push(at(i));
        return found;
      }

    """#
}
