/// `ReorderScript`'s saving to the file under `serve --allow-edits`: part of the same script
/// (its functions share the script's scope), kept apart as the part that writes.
extension ReorderScript {
    /// `editFields`, `saveToFile`: each committed move posted to `/reorder` (`EditSession`).
    static let saving = #"""
      // `serve --allow-edits`: the page's token and the file's version as the page loaded it (then
      // the version of the page's last write), or null when the server does not write (the order
      // then lives in the page until it is reloaded).
      const editing = document.body.dataset.editToken
        ? { token: document.body.dataset.editToken, version: document.body.dataset.editVersion } : null;
      function editFields() { return editing; }

      // With edits allowed, each committed move is written to the file (POST /reorder), one at a
      // time and in order (a move's index paths are those of the file after the moves before it).
      // A list item's move names the item it passes (`write`, `itemMove`), as the file's edit takes it.
      // A write refused (409: the file changed since the page loaded it; 422: a move the file
      // cannot take) leaves the order in the page and says why.
      const saving = { queue: [], busy: false, written: 0 };
      function saveToFile(move) {
        if (!editFields()) return;
        saving.queue.push(move);
        writeNext();
      }
      async function writeNext() {
        const fields = editFields();
        if (saving.busy || !saving.queue.length || !fields) return;
        saving.busy = true;
        const move = saving.queue.shift();
        try {
          const answer = await fetch("/reorder", { method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ token: fields.token, version: fields.version, from: move.from.join("."), to: (move.write || move.to).join(".") }) });
          if (answer.ok) {
            fields.version = (await answer.json()).version;
            saving.written++;
            tell("Saved: the file holds the new order.");
          } else {
            saving.queue = [];
            tell("The new order was not saved to the file. The server says (" + answer.status + "): " + (await answer.text()).trim());
          }
        } catch (error) {
          saving.queue = [];
          tell("The new order was not saved to the file: the server cannot be reached.");
        } finally {
          saving.busy = false;
          writeNext();
        }
      }

    """#
}
