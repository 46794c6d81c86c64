#!/usr/bin/env python3
"""Reordering on the live page in a real browser (Debian's chromium, headless, driven by Selenium
through Debian's chromium-driver), run by ServeBrowserTests against `reflow-cli serve`:

    reorder_page.py URL screen      # Examples/store.json: drag a cell with the pointer, Escape cancels
    reorder_page.py URL across      # Examples/store.json: a cell dragged into another section
    reorder_page.py URL markdown [--document FILE]   # Examples/welcome.md: a list item moved with Alt+ArrowDown
    reorder_page.py URL edits --document FILE        # the same under serve --allow-edits: the file holds the move
    reorder_page.py URL nested --document FILE --readme README  # an item with a nested list moved and saved

screen: the cell Travel (1.0) is dragged with pointer events onto the right half of Tools (1.3):
while lifted, the lifted cell follows the pointer, the screen is drawn in the would-be order and
the cell's new place shows as a gap; dropped, the page's order is 1.0:1.3 and the server's
/layout.json in that order has Travel at 1.3. A second drag cancelled with Escape changes nothing.
At AX5, Travel held at the screen's bottom edge scrolls the page (Escape puts it back); from the
keyboard, Alt+ArrowDown moves it to its section's end and on to the next section's start.

markdown: the page is reached with Tab, the arrow keys walk to the list item "Reads CommonMark"
(1.1), which has a visible focus ring; Alt+ArrowDown moves it to 1.2 and the page announces
"Moved … to position 2 of 4" (of its list's items); /layout.json in the page's order agrees. Moving it out of its list
(past the list's last item, into the numbered list after it) is refused with a message in
the page, and the order stays. With --document, the file is then edited: the page drops its
moves and says why.

Prints one JSON line of what it saw; exits 0 when all held, 1 with the reason otherwise.
"""
import argparse
import json
import os
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_page import Failed, shown, wait_for  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


def page_order(driver):
    return driver.execute_script("return document.body.dataset.order;")


def shown_order(driver):
    """The order the picture on show was drawn in ('' for the document's own)."""
    screen = shown(driver)
    return None if not screen else urllib.parse.parse_qs(screen["query"]).get("order", [""])[0]


def cell(driver, path):
    return driver.find_element(By.CSS_SELECTOR, f"#reorder-layer .cell[data-path='{path}']")


def cell_box(driver, path):
    """The name and viewport rectangle of the layer's cell at `path`, read at once (the layer is
    made again with every screen drawn, so an element found earlier may be gone)."""
    return driver.execute_script(
        "const e = document.querySelector(`#reorder-layer .cell[data-path='${arguments[0]}']`);"
        "return e && Object.assign(e.getBoundingClientRect().toJSON(), {name: e.getAttribute('aria-label')});", path)


def layer_offset(driver):
    """The offset of the screen whose cells the layer holds."""
    query = driver.execute_script("return document.getElementById('reorder-layer').dataset.query || ''")
    return urllib.parse.parse_qs(query).get("offset", [None])[0]


def press_at(driver, x, y):
    """Actions that press the mouse at viewport point (x, y): to be moved and released."""
    actions = ActionChains(driver, duration=50)
    actions.w3c_actions.pointer_action.move_to_location(int(x), int(y))
    actions.w3c_actions.pointer_action.click_and_hold()
    return actions


def layout_cells(base, screen_query, order):
    """The cells of the server's /layout.json at the page's query in `order`: index path -> text."""
    query = urllib.parse.parse_qs(screen_query)
    query.pop("audit", None)
    query["order"] = [order]
    url = base + "/layout.json?" + urllib.parse.urlencode({k: v[0] for k, v in query.items()})
    with urllib.request.urlopen(url, timeout=60) as response:
        layout = json.load(response)["layouts"][0]
    return {f"{e['indexPath']['section']}.{e['indexPath']['item']}": e.get("text", "")
            for e in layout["elements"] if e["kind"] == "cell"}


def focused_path(driver):
    """The index path of the focused cell, or None."""
    return driver.execute_script("const e = document.activeElement; return e && e.dataset && e.dataset.path || null;")


def focus_cell(driver, path, what, tries=20):
    """From the last control, Tab reaches the screen's cells (no pointer), and the arrow keys walk
    them down to the cell at `path` (`what` names it in the failure)."""
    driver.execute_script("document.querySelector('input[name=format][value=svg]').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = lambda: focused_path(driver)
    if not focused():
        raise Failed("Tab from the last control does not reach the screen's cells")
    for _ in range(tries):
        if focused() == path:
            break
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    if focused() != path:
        raise Failed(f"the arrow keys did not reach {what} (at {focused()!r})")


def drag_screen_cell(driver, base, timeout, seen):
    wait_for("the cells' layer", lambda: driver.find_elements(By.CSS_SELECTOR, "#reorder-layer .cell[data-path='1.3']"), timeout)
    start, end = cell_box(driver, "1.0"), cell_box(driver, "1.3")
    if start["name"] != "Travel" or end["name"] != "Tools":
        raise Failed(f"the layer's cells are not the screen's: 1.0 is {start['name']!r}, 1.3 {end['name']!r}")
    sx, sy = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    ex, ey = end["x"] + end["width"] * 0.8, end["y"] + end["height"] / 2
    actions = press_at(driver, sx, sy)
    for step in range(1, 11):
        actions.w3c_actions.pointer_action.move_to_location(int(sx + (ex - sx) * step / 10), int(sy + (ey - sy) * step / 10))
    actions.perform()
    # Lifted: the cell follows the pointer, the others flow (the screen drawn in the would-be
    # order), and its new place is a gap.
    lifted = wait_for("the lifted cell", lambda: driver.execute_script(
        "const c = document.getElementById('reorder-lifted'); return c && c.getBoundingClientRect().toJSON();"), timeout)
    if abs(lifted["x"] + lifted["width"] / 2 - ex) > lifted["width"] or abs(lifted["y"] + lifted["height"] / 2 - ey) > lifted["height"]:
        raise Failed(f"the lifted cell is at {lifted}, not under the pointer at {ex}, {ey}")
    wait_for("the screen drawn in the would-be order", lambda: shown_order(driver) == "1.0:1.3", timeout)
    wait_for("the gap at the cell's new place", lambda: driver.find_elements(
        By.CSS_SELECTOR, "#reorder-layer .cell.gap[data-path='1.3']"), timeout)
    if page_order(driver) != "":
        raise Failed(f"the order changed before the drop: {page_order(driver)!r}")
    ActionChains(driver).release().perform()
    wait_for("the order after the drop", lambda: page_order(driver) == "1.0:1.3", timeout)
    screen = wait_for("the screen in the new order", lambda: (s := shown(driver)) and shown_order(driver) == "1.0:1.3" and s, timeout)
    if driver.find_elements(By.ID, "reorder-lifted"):
        raise Failed("the lifted cell is still shown after the drop")
    cells = layout_cells(base, screen["query"], "1.0:1.3")
    if cells.get("1.3") != "Travel" or cells.get("1.0") != "Food":
        raise Failed(f"/layout.json in the page's order has {cells.get('1.0')!r} at 1.0 and {cells.get('1.3')!r} at 1.3")
    wait_for("the layer in the new order", lambda: (c := cell_box(driver, "1.3")) and c["name"] == "Travel", timeout)
    announced = wait_for("the drop announced", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent"))
                         .startswith("Moved") and t, timeout)
    seen["dropped"] = {"order": page_order(driver), "1.3": cells["1.3"], "announced": announced}

    # A second drag, cancelled with Escape: nothing moves.
    weather = cell_box(driver, "2.0")
    wx, wy = weather["x"] + weather["width"] / 2, weather["y"] + 10
    actions = press_at(driver, wx, wy)
    actions.w3c_actions.pointer_action.move_to_location(int(wx), int(wy + 30))
    actions.w3c_actions.pointer_action.move_to_location(int(wx), int(wy + 60))
    actions.perform()
    wait_for("the second lifted cell", lambda: driver.find_elements(By.ID, "reorder-lifted"), timeout)
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_for("the lifted cell gone after Escape", lambda: not driver.find_elements(By.ID, "reorder-lifted"), timeout)
    ActionChains(driver).release().perform()
    wait_for("the screen back in the committed order", lambda: shown_order(driver) == "1.0:1.3", timeout)
    if page_order(driver) != "1.0:1.3":
        raise Failed(f"Escape did not cancel: the order is {page_order(driver)!r}")
    announced = wait_for("the cancel announced", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent"))
                         .startswith("Move cancelled") and t, timeout)
    seen["escape"] = {"order": page_order(driver), "announced": announced}

    # At AX5 a cell held at the screen's bottom edge scrolls the page under it; Escape puts it back.
    driver.find_element(By.ID, "size").send_keys(Keys.END)
    wait_for("the AX5 screen", lambda: (s := shown(driver)) and s["category"] == "ax5", timeout)
    driver.execute_script("window.scrollTo(0, 1500)")
    wait_for("the AX5 cells at 1500 pt", lambda: (s := shown(driver)) and "offset=1500" in s["query"]
             and cell_box(driver, "1.3") and layer_offset(driver) == "1500", timeout)
    held = cell_box(driver, "1.3")
    if held["name"] != "Travel":
        raise Failed(f"1.3 is {held['name']!r} at AX5, not Travel")
    hx, hy = held["x"] + held["width"] / 2, max(30, held["y"] + 20)
    bottom = driver.execute_script("const r = document.getElementById('screen').getBoundingClientRect(); return r.bottom;")
    actions = press_at(driver, hx, hy)
    actions.w3c_actions.pointer_action.move_to_location(int(hx), int(hy + 20))
    actions.w3c_actions.pointer_action.move_to_location(int(hx), int(bottom - 8))
    actions.perform()
    wait_for("the page scrolled under the held cell", lambda: driver.execute_script("return window.scrollY") > 1800, timeout)
    if not driver.find_elements(By.ID, "reorder-lifted"):
        raise Failed("the lifted cell is gone while the page scrolls under it")
    scrolled = driver.execute_script("return window.scrollY")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    ActionChains(driver).release().perform()
    wait_for("the screen back in the committed order", lambda: shown_order(driver) == "1.0:1.3", timeout)
    seen["scrolled"] = {"order": page_order(driver), "scrollY": scrolled}

    # From the keyboard alone, Travel (selected since it was picked up) moves to its section's
    # end and on into the next section's start.
    driver.execute_script("window.scrollTo(0, 1500)")
    wait_for("Travel on the screen again", lambda: layer_offset(driver) == "1500" and cell_box(driver, "1.3"), timeout)
    driver.execute_script("document.querySelector('input[name=format][value=svg]').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    wait_for("Travel focused", lambda: driver.execute_script("return document.activeElement.getAttribute('aria-label')") == "Travel", timeout)
    order = "1.0:1.3"
    for move in ["1.3:1.4", "1.4:1.5", "1.5:2.0"]:
        order += "," + move
        ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
        wait_for(f"the move {move}", lambda: page_order(driver) == order, timeout)
        wait_for(f"Travel still focused after {move}", lambda: driver.execute_script(
            "return document.activeElement.getAttribute('aria-label')") == "Travel", timeout)
    announced = wait_for("its announcement", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent"))
                         .endswith("of 5.") and t, timeout)
    cells = layout_cells(base, shown(driver)["query"], page_order(driver))
    if cells.get("2.0") != "Travel":
        raise Failed(f"/layout.json after the move into section 2 has {cells.get('2.0')!r} at 2.0")
    seen["keyboard"] = {"order": page_order(driver), "announced": announced}


def move_list_item(driver, base, timeout, seen, document):
    wait_for("the cells' layer", lambda: driver.find_elements(By.CSS_SELECTOR, "#reorder-layer .cell[data-path='1.1']"), timeout)
    focus_cell(driver, "1.1", "the list item 1.1")
    ring = driver.execute_script("return getComputedStyle(document.activeElement).boxShadow;")
    if not ring or ring == "none":
        raise Failed("the focused cell has no visible focus ring")
    name = cell_box(driver, "1.1")["name"]
    if not name.startswith("Reads CommonMark"):
        raise Failed(f"1.1 is {name!r}, not the list's first item")
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    wait_for("the order after Alt+ArrowDown", lambda: page_order(driver) == "1.1:1.2", timeout)
    announced = wait_for("the announcement", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent")) and t, timeout)
    if announced != f"Moved {name} to position 2 of 4.":
        raise Failed(f"the page announced {announced!r}")
    screen = wait_for("the screen in the new order", lambda: (s := shown(driver)) and shown_order(driver) == "1.1:1.2" and s, timeout)
    cells = layout_cells(base, screen["query"], "1.1:1.2")
    if not cells.get("1.2", "").startswith("Reads CommonMark") or not cells.get("1.1", "").startswith("Measures"):
        raise Failed(f"/layout.json in the page's order has {cells.get('1.1')!r} at 1.1 and {cells.get('1.2')!r} at 1.2")
    wait_for("the moved item still selected", lambda: focused_path(driver) == "1.2", timeout)
    seen["moved"] = {"order": page_order(driver), "announced": announced, "1.2": cells["1.2"][:20]}

    # To the list's end (1.3, then 1.4: after its last item), then out of it (1.5 is the next
    # list's first item): refused, said, not made.
    for order, place in [("1.1:1.2,1.2:1.3", "1.3"), ("1.1:1.2,1.2:1.3,1.3:1.4", "1.4")]:
        ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
        wait_for(f"the move to {place}", lambda: page_order(driver) == order, timeout)
        wait_for(f"the moved item selected at {place}", lambda: focused_path(driver) == place, timeout)
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    message = wait_for("the refusal in the page", lambda: (e := driver.find_element(By.ID, "reorder-message")).is_displayed() and e.text, timeout)
    if "within its own list" not in message:
        raise Failed(f"the page says {message!r} of a move out of the list")
    if page_order(driver) != "1.1:1.2,1.2:1.3,1.3:1.4":
        raise Failed(f"a refused move changed the order: {page_order(driver)!r}")
    seen["refused"] = message

    # The file changes on disk: its cells may be others, so the page's moves are dropped, and it says so.
    if document:
        with open(document, encoding="utf-8") as file:
            text = file.read()
        with open(document, "w", encoding="utf-8") as file:
            file.write("# Edited while reordering\n\n" + text)
        wait_for("the order dropped after the edit", lambda: page_order(driver) == "" and shown_order(driver) == "", timeout)
        seen["edited"] = driver.find_element(By.ID, "reorder-message").text


def drag_across_sections(driver, base, timeout, seen):
    """A screen's cell dragged into another section: Weather Now (2.0) onto the right half of Health (1.4)."""
    wait_for("the cells' layer", lambda: cell_box(driver, "2.0") and cell_box(driver, "1.4"), timeout)
    start, end = cell_box(driver, "2.0"), cell_box(driver, "1.4")
    sx, sy = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    ex, ey = end["x"] + end["width"] * 0.7, end["y"] + end["height"] / 2
    actions = press_at(driver, sx, sy)
    for step in range(1, 11):
        actions.w3c_actions.pointer_action.move_to_location(int(sx + (ex - sx) * step / 10), int(sy + (ey - sy) * step / 10))
    actions.perform()
    wait_for("the gap in the other section", lambda: driver.find_elements(By.CSS_SELECTOR, "#reorder-layer .cell.gap[data-path='1.5']"), timeout)
    ActionChains(driver).release().perform()
    wait_for("the order after the drop", lambda: page_order(driver) == "2.0:1.5", timeout)
    announced = wait_for("the drop announced", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent"))
                         .startswith("Moved") and t, timeout)
    cells = layout_cells(base, shown(driver)["query"], "2.0:1.5")
    if cells.get("1.5") != "Weather Now" or cells.get("1.4") != "Health":
        raise Failed(f"/layout.json in the page's order has {cells.get('1.4')!r} at 1.4 and {cells.get('1.5')!r} at 1.5")
    seen["across"] = {"order": page_order(driver), "announced": announced}


def save_list_item(driver, base, timeout, seen, document):
    """With `serve --allow-edits`: a list item moved from the keyboard is written to the file."""
    wait_for("the cells' layer", lambda: cell_box(driver, "1.1"), timeout)
    focus_cell(driver, "1.1", "the list item 1.1")
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    saved = wait_for("the move saved", lambda: (e := driver.find_element(By.ID, "reorder-message")).is_displayed() and e.text, timeout)
    if not saved.startswith("Saved"):
        raise Failed(f"the page says {saved!r} after the move")
    with open(document, encoding="utf-8") as file:
        text = file.read()
    if not (0 <= text.find("- Measures every cell") < text.find("- Reads **CommonMark**")):
        raise Failed("the file does not hold the new order")
    # The file's new version comes back: the move is the file's now, not the page's.
    wait_for("the page's order empty once the file holds it", lambda: page_order(driver) == "" and shown_order(driver) == "", timeout)
    cells = layout_cells(base, shown(driver)["query"], "")
    if not cells.get("1.2", "").startswith("Reads CommonMark"):
        raise Failed(f"/layout.json of the saved file has {cells.get('1.2')!r} at 1.2")
    seen["saved"] = {"message": saved, "1.2": cells["1.2"][:20]}


def save_nested_item(driver, base, timeout, seen, document, readme):
    """With `serve --allow-edits`, on Alamofire's README (written over the served file, the page
    loaded again): its contents' "Usage" (0.10, with a nested list of 4) moved down with
    Alt+ArrowDown passes "Advanced Usage" (with its nested list of 5) as one, and the file holds both
    items with their nested lists swapped."""
    with open(readme, encoding="utf-8") as file:
        original = file.read()
    with open(document, "w", encoding="utf-8") as file:
        file.write(original)
    wait_for("the README served", lambda: layout_cells(base, "", "").get("0.10", "").startswith("Usage"), timeout)
    driver.get(base + "/")
    wait_for("the cells' layer", lambda: cell_box(driver, "0.10"), timeout)
    focus_cell(driver, "0.10", "Usage at 0.10", tries=30)
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    wait_for("the order after Alt+ArrowDown", lambda: page_order(driver) in ("0.10:0.16", ""), timeout)
    announced = wait_for("the announcement", lambda: (t := driver.find_element(By.ID, "reorder-live").get_attribute("textContent")) and t, timeout)
    saved = wait_for("the move saved", lambda: (e := driver.find_element(By.ID, "reorder-message")).is_displayed() and e.text, timeout)
    if not saved.startswith("Saved"):
        raise Failed(f"the page says {saved!r} after the move")
    with open(document, encoding="utf-8") as file:
        text = file.read()
    usage, advanced = text.find("\n- [Usage]"), text.find("\n- [Advanced Usage]")
    if not (0 <= advanced < text.find("\n  - **Connection -**") < usage < text.find("\n  - [**Introduction -**]")
            < text.find("\n  - **Tools -**") < text.find("\n- [Open Radars]")):
        raise Failed("the file does not hold Advanced Usage and its nested list, then Usage and its nested list")
    wait_for("the page's order empty once the file holds it", lambda: page_order(driver) == "" and shown_order(driver) == "", timeout)
    cells = layout_cells(base, "", "")  # the whole document, not the screen: the items reach below it
    seen["nested"] = {"message": saved, "announced": announced, "0.10": cells.get("0.10", "")[:14], "0.16": cells.get("0.16", "")[:14],
                      "0.17": cells.get("0.17", "")[:14], "0.21": cells.get("0.21", "")[:14]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("kind", choices=["screen", "across", "markdown", "edits", "nested"])
    parser.add_argument("--document", help="the served file: edited at the end of the markdown run")
    parser.add_argument("--readme", help="nested: the README written over the served file")
    parser.add_argument("--timeout", type=float, default=30)
    arguments = parser.parse_args()
    base, timeout = arguments.url.rstrip("/"), arguments.timeout

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("REFLOW_CHROMIUM") or "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="reflow-reorder-page-")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=1000,900",
                 f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    service = Service(os.environ.get("REFLOW_CHROMEDRIVER") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    seen = {}
    try:
        driver.set_script_timeout(timeout)
        driver.get(base + "/")
        wait_for("the first screen", lambda: shown(driver), timeout)
        if arguments.kind == "screen":
            drag_screen_cell(driver, base, timeout, seen)
        elif arguments.kind == "across":
            drag_across_sections(driver, base, timeout, seen)
        elif arguments.kind == "markdown":
            move_list_item(driver, base, timeout, seen, arguments.document)
        elif arguments.kind == "nested":
            save_nested_item(driver, base, timeout, seen, arguments.document, arguments.readme)
        else:
            save_list_item(driver, base, timeout, seen, arguments.document)
        print(json.dumps(seen))
        return 0
    except (Failed, urllib.error.URLError) as failure:
        print(json.dumps(seen))
        print(f"reorder_page.py: {failure}", file=sys.stderr)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
