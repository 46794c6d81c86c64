#!/usr/bin/env python3
"""The live preview page in a real browser: Debian's chromium, headless, driven by Selenium through
Debian's chromium-driver (/usr/bin/chromedriver; Selenium never downloads a driver here).

Run by ServeBrowserTests against `reflow-cli serve DOCUMENT --port 0`:

    live_page.py URL DOCUMENT [--screenshot PNG]

1. The page opens at L and shows a screen.
2. The text-size slider is moved to AX5 with the keyboard (End), as a person would: the page shows
   the AX5 screen, asked for at the L screen's place (at=item:0.0 and its within) and drawn at the top,
   byte for byte the server's /render.png at AX5 for that viewport, and not the L one.
3. Scrolling the page scrolls the document: the screen is drawn at the new offset.
4. The document is edited on disk: the open page shows the new version within a few seconds.

Prints one JSON line of what it saw; exits 0 when all held, 1 with the reason otherwise.
"""
import argparse
import base64
import json
import os
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


class Failed(Exception):
    pass


def wait_for(what, condition, timeout):
    """condition() until it returns something true, at most `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise Failed(f"{what}: not within {timeout} s")


def shown(driver):
    """What the page's image shows now: its data attributes, once it has loaded."""
    return driver.execute_script(
        "const s = document.getElementById('screen');"
        "if (!s.complete || !s.naturalWidth || !s.dataset.query) return null;"
        "return {category: s.dataset.category, version: s.dataset.version, query: s.dataset.query, top: s.dataset.top,"
        " anchor: s.dataset.anchor, within: s.dataset.within,"
        " width: s.naturalWidth, height: s.naturalHeight, src: s.src};")


def offset(screen):
    """The offset a shown screen was drawn at."""
    return urllib.parse.parse_qs(screen["query"]).get("offset", [None])[0]


def shown_bytes(driver):
    """The bytes of the picture the page shows (its blob), as the browser holds them."""
    encoded = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('screen').src).then(r => r.arrayBuffer()).then(buffer => {"
        "  const bytes = new Uint8Array(buffer); let text = '';"
        "  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));"
        "  done(btoa(text));"
        "}).catch(error => done('ERROR ' + error));")
    if encoded.startswith("ERROR"):
        raise Failed(f"the page's picture could not be read: {encoded}")
    return base64.b64decode(encoded)


def fetch(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("document")
    parser.add_argument("--screenshot")
    parser.add_argument("--timeout", type=float, default=30)
    arguments = parser.parse_args()
    base, timeout = arguments.url.rstrip("/"), arguments.timeout

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("REFLOW_CHROMIUM") or "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="reflow-live-page-")
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
        first = wait_for("the first screen", lambda: (s := shown(driver)) and s["category"] == "l" and s, timeout)
        seen["first"] = first["query"]
        large = shown_bytes(driver)

        # Move the slider to AX5 as a person would: focus it, press End.
        slider = driver.find_element(By.ID, "size")
        slider.send_keys(Keys.END)
        ax5 = wait_for("the AX5 screen after moving the slider",
                       lambda: (s := shown(driver)) and s["category"] == "ax5" and s, timeout)
        # The page keeps the reader's place across a size change: it asks for the place the L screen
        # showed (its first block, the page's top inset above it: a negative within) and scrolls to
        # the top the server answers, 0 here.
        query = urllib.parse.parse_qs(ax5["query"])
        if (first["anchor"] != "item:0.0" or float(first["within"]) > 0 or query.get("at") != [first["anchor"]]
                or query.get("within") != [first["within"]] or "offset" in query):
            raise Failed(f"the AX5 screen was not asked for at the L screen's place (at={first['anchor']}&within={first['within']}): "
                         f"{ax5['query']}")
        if float(ax5["top"]) != 0 or driver.execute_script("return window.scrollY") != 0:
            raise Failed(f"the AX5 screen is not at the top: drawn at {ax5['top']}, page scrolled to "
                         f"{driver.execute_script('return window.scrollY')}")
        label = driver.find_element(By.ID, "size-label").text
        if not label.startswith("AX5"):
            raise Failed(f"the slider's label says {label!r}, not AX5")
        picture = shown_bytes(driver)
        viewport, scale = query["viewport"][0], query["scale"][0]
        expected = fetch(f"{base}/render.png?category=ax5&viewport={viewport}&offset=0&scale={scale}")
        at_large = fetch(f"{base}/render.png?category=l&viewport={viewport}&offset=0&scale={scale}")
        if picture != expected:
            raise Failed("the page shows a picture that is not the server's AX5 screen")
        if picture == at_large or picture == large:
            raise Failed("the AX5 screen is the L screen")
        seen["ax5"] = {"query": ax5["query"], "bytes": len(picture), "size": [ax5["width"], ax5["height"]]}
        if arguments.screenshot:
            driver.save_screenshot(arguments.screenshot)

        # Scrolling the page scrolls the document.
        driver.execute_script("window.scrollTo(0, 400)")
        scrolled = wait_for("the screen at the scrolled offset",
                            lambda: (s := shown(driver)) and offset(s) == "400" and s, timeout)
        if shown_bytes(driver) == picture:
            raise Failed("scrolling the page did not change the screen")
        seen["scrolled"] = scrolled["query"]
        driver.execute_script("window.scrollTo(0, 0)")
        wait_for("the screen back at the top", lambda: (s := shown(driver)) and offset(s) == "0" and s, timeout)
        top = shown_bytes(driver)

        # Edit the document: the open page shows the new version.
        with open(arguments.document, encoding="utf-8") as file:
            text = file.read()
        started = time.monotonic()
        with open(arguments.document, "w", encoding="utf-8") as file:
            file.write("# Edited in the browser test\n\nThis paragraph was not here before.\n\n" + text)
        edited = wait_for("the edited document on the open page",
                          lambda: (s := shown(driver)) and s["version"] != ax5["version"] and s, timeout)
        seconds = time.monotonic() - started
        if shown_bytes(driver) == top:
            raise Failed("the page's version changed but its picture did not")
        seen["edited"] = {"version": edited["version"], "seconds": round(seconds, 3)}
        print(json.dumps(seen))
        return 0
    except Failed as failure:
        print(json.dumps(seen))
        print(f"live_page.py: {failure}", file=sys.stderr)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
