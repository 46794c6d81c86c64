const BLOCKS = "p,li,pre,blockquote,h1,h2,h3,h4,h5,h6,summary";
const NOT_OWN_TEXT = "ul,ol,blockquote,pre,table,details";
function firstStrong(text) {
  const letter = text.match(/\p{L}/u);
  return letter && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u.test(letter[0]) ? "rtl" : "ltr";
}
function round(x) { return Math.round(x * 100) / 100; }
function rectsOf(element, skip) {
  const rects = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode(node) {
      if (node !== element && node.nodeType === 1 && skip && node.matches(skip)) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    }});
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      if (node.matches("input, img, svg, video")) {
        const r = node.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) rects.push(r);
      }
      continue;
    }
    const pre = getComputedStyle(node.parentElement).whiteSpace.startsWith("pre");
    if (!pre && !/\S/.test(node.data)) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.height > 0 && (r.width > 0 || pre)) rects.push(r);
  }
  return rects;
}
function lines(rects) {
  const sorted = [...rects].sort((a, b) => a.top - b.top || a.left - b.left);
  const out = [];
  for (const r of sorted) {
    let line = null;
    for (const l of out) {
      const overlap = Math.min(l.bottom, r.bottom) - Math.max(l.top, r.top);
      if (overlap > 0.5 * Math.min(l.bottom - l.top, r.bottom - r.top)) { line = l; break; }
    }
    if (line) {
      line.top = Math.min(line.top, r.top); line.bottom = Math.max(line.bottom, r.bottom);
      line.left = Math.min(line.left, r.left); line.right = Math.max(line.right, r.right);
    } else out.push({top: r.top, bottom: r.bottom, left: r.left, right: r.right});
  }
  return out.sort((a, b) => a.top - b.top);
}
function measure(root, origin) {
  const out = [];
  for (const element of root.querySelectorAll(BLOCKS)) {
    const style = getComputedStyle(element);
    if (style.display === "none") continue;
    const box = element.getBoundingClientRect();
    const padLeft = parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
    const padRight = parseFloat(style.paddingRight) + parseFloat(style.borderRightWidth);
    const tag = element.tagName.toLowerCase();
    const found = lines(rectsOf(element, tag === "li" ? NOT_OWN_TEXT : null));
    let depth = 0;
    for (let node = element; node && node !== root; node = node.parentElement)
      if (node.matches("li, blockquote")) depth += 1;
    const position = element.getAttribute("data-sourcepos");
    let line = null, endLine = null;
    if (position) { const m = position.match(/^(\d+):\d+-(\d+):\d+$/); if (m) { line = +m[1]; endLine = +m[2]; } }
    out.push({
      tag, line, endLine, depth, direction: style.direction,
      boxLeft: round(box.left + padLeft - origin), boxRight: round(box.right - padRight - origin),
      left: found.length ? round(Math.min(...found.map(l => l.left)) - origin) : null,
      right: found.length ? round(Math.max(...found.map(l => l.right)) - origin) : null,
      firstLineLeft: found.length ? round(found[0].left - origin) : null,
      firstLineRight: found.length ? round(found[0].right - origin) : null,
      lines: found.length,
    });
  }
  return out;
}
// reflow's indentation rule beyond a fixed step (Sources/Reflow/Cells/Indentation.swift), when
// MARKER_COLUMN is set: a list level is at least as wide as its widest marker as reflow shows it
// (•, ◦, ▪ by bullet level, "N." from the list's start, ☐/☑ for a task), measured in the item's
// font, plus the gap; and with it, past 0.4 of the width each level steps in by less (x past
// 0.4 W becomes 0.1 W (1 - e^(-x / 0.1 W))). Each list's and quote's padding is set so its text
// starts where the rule puts it.
function markerColumns(article) {
  const {step, quote, gap, width} = MARKER_COLUMN;
  const soft = 0.4 * width, room = 0.1 * width;
  const bounded = x => x <= soft ? x : soft + room * (1 - Math.exp(-(x - soft) / room));
  const probe = document.createElement("span");
  probe.style.cssText = "position: absolute; white-space: pre; padding: 0; margin: 0;";
  const ends = new Map();
  const startOf = element => {
    for (let node = element.parentElement; node && node !== article; node = node.parentElement)
      if (ends.has(node)) return ends.get(node);
    return 0;
  };
  for (const element of article.querySelectorAll("ul, ol, blockquote")) {
    const x = startOf(element);
    let end = x + quote;
    if (!element.matches("blockquote")) {
      let level = 0;
      for (let node = element; node && node !== article; node = node.parentElement) if (node.matches("ul")) level += 1;
      const ordered = element.matches("ol");
      const start = ordered ? parseInt(element.getAttribute("start") || "1", 10) : 0;
      let widest = 0;
      [...element.children].filter(c => c.matches("li")).forEach((item, index) => {
        const box = item.querySelector(":scope > input[type=checkbox], :scope > p:first-child > input[type=checkbox]");
        const task = box ? (box.checked || box.hasAttribute("checked") ? "☑" : "☐") : null;
        const number = ordered ? (start + index) + "." : null;
        probe.textContent = number ? (task ? number + " " + task : number) : (task || ["•", "◦", "▪"][Math.min(level, 3) - 1]);
        probe.style.font = getComputedStyle(item).font;
        item.appendChild(probe);
        widest = Math.max(widest, probe.getBoundingClientRect().width);
        probe.remove();
      });
      end = x + Math.max(step, widest + gap);
    }
    ends.set(element, end);
    element.style.paddingInlineStart = (bounded(end) - bounded(x)) + "px";
  }
}
async function run() {
  const results = [];
  for (const doc of DOCUMENTS) {
    const host = document.createElement("div");
    host.className = "host";
    document.body.appendChild(host);
    const shadow = host.attachShadow({mode: "open"});
    shadow.innerHTML = "<style>" + CSS_BY_CJK[doc.cjk] + "</style><article class=doc" +
      (doc.lang ? " lang=\"" + doc.lang + "\"" : "") + ">" + doc.html + "</article>";
    const article = shadow.querySelector("article");
    for (const d of article.querySelectorAll("details")) d.open = true;
    if (AUTO_DIRECTION) {
      // every block and container the author gave no direction takes its first strong letter's
      // (UAX #9, P2-P3), its whole text considered: dir=auto would skip the text of descendants
      // that have a dir, so a list of paragraphs would always be left to right
      const blocks = [...article.querySelectorAll("p,li,ul,ol,blockquote,h1,h2,h3,h4,h5,h6,summary,td,th,dt,dd")]
        .filter(e => !e.closest("[dir]"));
      for (const e of blocks) e.setAttribute("dir", firstStrong(e.textContent));
    }
    for (const image of article.querySelectorAll("img")) {
      const alt = document.createElement("span");
      alt.className = "alt";
      alt.textContent = image.getAttribute("alt") || "";
      image.replaceWith(alt);
    }
    results.push({article});
  }
  document.body.offsetHeight;
  await document.fonts.ready;
  if (MARKER_COLUMN) {
    for (const r of results) markerColumns(r.article);
    document.body.offsetHeight;
    await document.fonts.ready;
  }
  const out = results.map((r, i) => ({
    id: DOCUMENTS[i].id,
    blocks: measure(r.article, r.article.getBoundingClientRect().left + parseFloat(getComputedStyle(r.article).paddingLeft)),
  }));
  return {userAgent: navigator.userAgent, documents: out,
          webFonts: [...document.fonts].filter(f => f.status === "loaded").map(f => f.family + " " + f.weight + " " + f.style)};
}
